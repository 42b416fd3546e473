import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, symlink, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { markerBytesRead, sweepStaleLocalScratch, withScratchFolder } from '../../electron/engine/copy/scratch-folder';
import { markerText } from '../../shared/util/scratch-marker';
import { tempDir } from './helpers';

const dayAgo = (days: number) => Date.now() / 1000 - days * 86_400;

describe('scratch folders a crash left on a mounted share', () => {
  it('are removed when their marker proves NASBench made them over a day ago, and only then', async () => {
    const share = await tempDir('share-sweep');
    const elsewhere = await tempDir('share-sweep-elsewhere');
    const make = async (id: string, marker: string | null) => {
      const folder = path.join(share, `.nasbench-${id}`);
      await mkdir(folder);
      await writeFile(path.join(folder, 'sequential.bin'), 'data');
      if (marker !== null) await writeFile(path.join(folder, '.nasbench-run'), marker);
      return folder;
    };
    const stale = randomUUID();
    await make(stale, markerText(stale, dayAgo(2)));
    const fresh = randomUUID();
    await make(fresh, markerText(fresh, dayAgo(0.1)));
    const noMarker = randomUUID();
    await make(noMarker, null);
    const otherRun = randomUUID();
    await make(otherRun, markerText(randomUUID(), dayAgo(2)));
    // A symlink named like a scratch folder, to a stale one outside the share: never followed.
    const outside = randomUUID();
    await mkdir(path.join(elsewhere, `.nasbench-${outside}`));
    await writeFile(path.join(elsewhere, `.nasbench-${outside}`, '.nasbench-run'), markerText(outside, dayAgo(3)));
    await symlink(path.join(elsewhere, `.nasbench-${outside}`), path.join(share, `.nasbench-${outside}`));
    await writeFile(path.join(share, 'holiday.jpg'), 'photo');

    expect(await sweepStaleLocalScratch(share)).toEqual([path.join(share, `.nasbench-${stale}`)]);
    const kept = [fresh, noMarker, otherRun, outside].map((id) => `.nasbench-${id}`);
    expect((await readdir(share)).sort()).toEqual([...kept, 'holiday.jpg'].sort());
    expect(await readdir(path.join(elsewhere, `.nasbench-${outside}`))).toEqual(['.nasbench-run']);
  });

  it('reads a marker only to its first 512 bytes: a huge one is still judged, and nothing past 512 counts', async () => {
    const share = await tempDir('share-huge-marker');
    const make = async (id: string, marker: string, bytes: number) => {
      const folder = path.join(share, `.nasbench-${id}`);
      await mkdir(folder);
      await writeFile(path.join(folder, '.nasbench-run'), marker);
      // Sparse: 3 GiB that take no room, past the 2 GiB a whole-file read refuses (ERR_FS_FILE_TOO_LARGE).
      await truncate(path.join(folder, '.nasbench-run'), bytes);
    };
    const huge = 3 * 2 ** 30;
    const [stale, fresh, lateLines] = [randomUUID(), randomUUID(), randomUUID()];
    await make(stale, markerText(stale, dayAgo(2)), huge);
    await make(fresh, markerText(fresh, dayAgo(0.1)), huge);
    // A stale marker's lines after 512 bytes of padding: unread, so the folder is not proved to be NASBench's.
    await make(lateLines, `${'#'.repeat(markerBytesRead)}\n${markerText(lateLines, dayAgo(2))}`, 4096);

    expect(markerBytesRead).toBe(512);
    expect(await sweepStaleLocalScratch(share)).toEqual([path.join(share, `.nasbench-${stale}`)]);
    expect((await readdir(share)).sort()).toEqual([`.nasbench-${fresh}`, `.nasbench-${lateLines}`].sort());
  });

  it('a run writes its marker first, and leaves nothing behind', async () => {
    const share = await tempDir('share-marker');
    const runId = randomUUID();
    let seen: string[] = [];
    await withScratchFolder(share, runId, async (scratch) => {
      seen = await readdir(scratch);
    });
    expect(seen).toEqual(['.nasbench-run']);
    expect(await readdir(share)).toEqual([]);
  });

  it('a folder it cannot remove is named, and the work’s result stands (root: a mount inside it stays busy)', async () => {
    const share = await tempDir('share-stuck');
    const runId = randomUUID();
    const left: string[] = [];
    let busy = '';
    try {
      const result = await withScratchFolder(
        share,
        runId,
        async (scratch) => {
          // Something of someone else's inside it that rm cannot take away: a file system mounted there.
          busy = path.join(scratch, 'busy');
          await mkdir(busy);
          expect(spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'nasbench-busy', busy]).status).toBe(0);
          return 'measured';
        },
        (scratch) => left.push(scratch),
      );
      expect(result).toBe('measured');
      expect(left).toEqual([path.join(share, `.nasbench-${runId}`)]);
      expect(await readdir(share)).toEqual([`.nasbench-${runId}`]);
    } finally {
      if (busy) spawnSync('umount', [busy]);
    }
  });

  it('refuses a share folder that is this computer’s root, even through a link', async () => {
    const share = await tempDir('share-root-link');
    await symlink('/', path.join(share, 'root-link'));
    await expect(
      withScratchFolder(path.join(share, 'root-link'), randomUUID(), async () => 'ran'),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT', message: expect.stringMatching(/system folder/) });
  });
});
