import { spawn } from 'node:child_process';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BusyFiles } from '../../electron/engine/runs/busy-files';
import { tempDir } from './helpers';

/** Another live process: its pid is what a second NASBench would hold the NAS with. */
async function otherProcess() {
  const child = spawn('sleep', ['30'], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('spawn', resolve));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { pid: child.pid ?? -1, stop: async () => (child.kill('SIGKILL'), await exited) };
}

const names = ['192.168.1.10:22', '192.168.2.10:22'];

describe('one run per NAS across processes sharing a data folder', () => {
  it('refuses a NAS another live process holds (any of its names), and takes it over once that process is gone', async () => {
    const dataDir = await tempDir('busy-files');
    const other = await otherProcess();
    try {
      await new BusyFiles(dataDir, other.pid).claim(names, 'Quick check');
      const here = new BusyFiles(dataDir);
      await expect(here.claim(['192.168.2.10:22'], 'Disk test')).rejects.toMatchObject({
        code: 'NAS_BUSY',
        message: expect.stringMatching(
          new RegExp(`^Another NASBench \\(process ${other.pid}\\) is already measuring this NAS: “Quick check”`),
        ),
        details: { pid: other.pid },
      });
      // A refused claim leaves nothing of its own behind.
      await expect(here.claim(['10.0.0.1:22', '192.168.1.10:22'], 'Disk test')).rejects.toMatchObject({
        code: 'NAS_BUSY',
      });
      expect((await readdir(path.join(dataDir, 'busy'))).sort()).toEqual([
        '192.168.1.10_22.json',
        '192.168.2.10_22.json',
      ]);
      await other.stop();
      const release = await here.claim(names, 'Disk test');
      // Now this process holds it: another one is refused until it lets go.
      const next = await otherProcess();
      try {
        await expect(new BusyFiles(dataDir, next.pid).claim(names, 'Sweep')).rejects.toMatchObject({
          code: 'NAS_BUSY',
        });
        await release();
        await expect(new BusyFiles(dataDir, next.pid).claim(names, 'Sweep')).resolves.toBeTypeOf('function');
      } finally {
        await next.stop();
      }
    } finally {
      await other.stop();
    }
  });

  it('leaves this process’s own runs to its registry, and releases only what it claimed', async () => {
    const dataDir = await tempDir('busy-own');
    const here = new BusyFiles(dataDir);
    const first = await here.claim(names, 'Quick check');
    const second = await here.claim([...names, '10.0.0.9:22'], 'Network test');
    await second();
    expect((await readdir(path.join(dataDir, 'busy'))).sort()).toEqual([
      '192.168.1.10_22.json',
      '192.168.2.10_22.json',
    ]);
    await first();
    expect(await readdir(path.join(dataDir, 'busy'))).toEqual([]);
  });

  it('takes over a file that is not a note (garbage left by a crash)', async () => {
    const dataDir = await tempDir('busy-garbage');
    const here = new BusyFiles(dataDir);
    await (
      await here.claim([], 'nothing')
    )();
    await writeFile(path.join(dataDir, 'busy', '192.168.1.10_22.json'), '{"pid":');
    const other = await otherProcess();
    try {
      await expect(new BusyFiles(dataDir, other.pid).claim(names, 'Quick check')).resolves.toBeTypeOf('function');
    } finally {
      await other.stop();
    }
  });
});
