import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import { mkdir, readdir, rm, statfs } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureShareRead, measureShareWrite, runShareCopy, withScratchFolder } from '../../electron/engine/copy';
import { fileSystemOf } from '../../electron/engine/copy/cache-bypass';
import { measureSmallFiles } from '../../electron/engine/copy/small-files';
import { NasbenchError } from '../../shared/contract/errors';
import { tempDir } from './helpers';

const MiB = 1024 * 1024;

/** A folder on a real disk (ext4, xfs, btrfs): where O_DIRECT means what it says. */
async function diskFolder(): Promise<string | undefined> {
  for (const candidate of [os.tmpdir(), '/var/tmp']) {
    const fileSystem = await fileSystemOf(candidate);
    if (fileSystem && ['ext4', 'xfs', 'btrfs'].includes(fileSystem)) return candidate;
  }
  return undefined;
}

async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function expectCode(promise: Promise<unknown>, code: string): Promise<void> {
  const error: unknown = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(NasbenchError);
  expect((error as NasbenchError).code).toBe(code);
}

const disk = await diskFolder();
/** A folder on a real disk (not tmpfs), which CI has: without one these tests fail rather than skipping. */
function diskOrFail(): string {
  expect(disk, 'needs a writable folder on a real disk (ext4, xfs, btrfs…) for O_DIRECT').not.toBeNull();
  return disk ?? '';
}

describe('on this machine’s disk', () => {
  it('writes and reads 256 MiB uncached (O_DIRECT) and gets back exactly what it wrote', async () => {
    const parent = await tempDir('copy-roundtrip', diskOrFail());
    try {
      await withScratchFolder(parent, 'roundtrip-1', async (scratch) => {
        const common = {
          file: path.join(scratch, 'file.bin'),
          fileSize: 256 * MiB,
          blockSize: MiB,
          ramBytes: os.totalmem(),
        };
        const written = await measureShareWrite({ ...common, bypassCache: true, checksum: true });
        // An independent reader (a plain stream) sees the same bytes as the write's own hash…
        expect(await sha256OfFile(common.file)).toBe(written.sha256);
        const read = await measureShareRead({ ...common, bypassCache: true, checksum: true });
        // …and so does the uncached read.
        expect(read.sha256).toBe(written.sha256);
        for (const test of [written, read]) {
          expect(test).toMatchObject({ fileSize: 256 * MiB, blockSize: MiB, direct: true, cached: false });
          expect(test.method).toContain('O_DIRECT');
          expect(test.bytesPerSecond).toBeGreaterThan(0);
        }
      });
      expect(await readdir(parent)).toEqual([]);
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });

  it('writes a file whose size is not whole pages (whole blocks, then ftruncate)', async () => {
    const parent = await tempDir('copy-odd', diskOrFail());
    try {
      const result = await runShareCopy({ dir: parent, fileSize: 3 * MiB + 1234, blockSize: MiB, checksum: true });
      expect(result.tests.map((test) => [test.op, test.direct, test.fileSize])).toEqual([
        ['write', true, 3 * MiB + 1234],
        ['read', true, 3 * MiB + 1234],
      ]);
      expect(result.roundTripIdentical).toBe(true);
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });
});

describe('on file systems that keep files in RAM (mounting them needs root, which CI has)', () => {
  let base = '';
  let tmpfs = '';
  let ramfs = '';

  beforeAll(async () => {
    base = await tempDir('copy-fs');
    tmpfs = path.join(base, 'small tmpfs');
    ramfs = path.join(base, 'ramfs');
    await mkdir(tmpfs);
    await mkdir(ramfs);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=32m', 'nasbench-copy-test', tmpfs]);
    execFileSync('mount', ['-t', 'ramfs', 'nasbench-copy-test', ramfs]);
  });

  afterAll(async () => {
    for (const mountPoint of [tmpfs, ramfs]) execFileSync('umount', [mountPoint], { stdio: 'ignore' });
    await rm(base, { recursive: true, force: true });
  });

  it('reports direct: false on tmpfs and explains that uncached means a file larger than RAM', async () => {
    const result = await runShareCopy({ dir: tmpfs, fileSize: 8 * MiB, blockSize: MiB, checksum: true });
    expect(result.fileSystem).toBe('tmpfs');
    expect(result.roundTripIdentical).toBe(true);
    for (const test of result.tests) {
      expect(test).toMatchObject({ direct: false, cached: true });
      expect(test.method).toMatch(/tmpfs.*RAM.*larger than RAM/);
    }
    expect(await readdir(tmpfs)).toEqual([]);
  });

  it('falls back to buffered I/O when the file system refuses O_DIRECT (EINVAL on ramfs)', async () => {
    // Told it is on an unknown OS, the engine cannot recognise ramfs and really tries O_DIRECT.
    const io = { platform: 'freebsd' as const, directFlag: constants.O_DIRECT };
    const result = await runShareCopy({ dir: ramfs, fileSize: 4 * MiB, blockSize: MiB, io, checksum: true });
    expect(result.roundTripIdentical).toBe(true);
    for (const test of result.tests) {
      expect(test.direct).toBe(false);
      expect(test.method).toMatch(/refuses uncached I\/O.*larger than RAM/);
    }
    expect(await readdir(ramfs)).toEqual([]);
  });

  it('refuses with NOT_ENOUGH_SPACE before writing anything', async () => {
    const before = await statfs(tmpfs);
    await expectCode(runShareCopy({ dir: tmpfs, fileSize: 64 * MiB }), 'NOT_ENOUGH_SPACE');
    await expectCode(
      runShareCopy({ dir: tmpfs, fileSize: MiB, smallFiles: { count: 1000, fileSize: 64 * 1024 } }),
      'NOT_ENOUGH_SPACE',
    );
    expect(await readdir(tmpfs)).toEqual([]);
    expect((await statfs(tmpfs)).bfree).toBe(before.bfree);
  });

  it('stops the sweep where free space runs short, and says so', async () => {
    const result = await runShareCopy({
      dir: tmpfs,
      fileSize: MiB,
      sweep: true,
      sweepStartSize: 4 * MiB,
      clientRamBytes: 64 * MiB,
    });
    expect(result.sweep?.points.map((point) => point.fileSize / MiB)).toEqual([4, 8, 16]);
    expect(result.sweep?.stoppedBy).toBe('free-space');
    expect(result.sweep?.note).toContain('free space on the share');
    expect(await readdir(tmpfs)).toEqual([]);
  });

  it('stops with DISK_FULL when the share fills up mid-way, and removes what it wrote', async () => {
    const before = await statfs(tmpfs);
    const common = { fileSize: 64 * MiB, blockSize: MiB, bypassCache: true, ramBytes: os.totalmem() };
    await expectCode(
      withScratchFolder(tmpfs, 'disk-full-1', (scratch) =>
        measureShareWrite({ ...common, file: path.join(scratch, 'big.bin') }),
      ),
      'DISK_FULL',
    );
    const elapsed = () => 0;
    await expectCode(
      withScratchFolder(tmpfs, 'disk-full-2', (scratch) =>
        measureSmallFiles({ scratch, count: 1000, fileSize: 64 * 1024, ramBytes: os.totalmem(), elapsed }),
      ),
      'DISK_FULL',
    );
    expect(await readdir(tmpfs)).toEqual([]);
    expect((await statfs(tmpfs)).bfree).toBe(before.bfree);
  });
});
