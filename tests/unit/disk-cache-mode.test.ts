import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { addDiskCommand, diskCacheMode } from '../../electron/cli/commands/disk';
import { runCli } from '../../electron/cli/program';
import { DiskRunInput } from '../../shared/contract/disk';

/**
 * The CLI, the contract and the app default to the same cache mode for disk tests: uncached, since
 * "the disk's speed" means the disks, not the NAS's memory. The CLI's options are read as commander
 * parses them, stopped just before the command would log in.
 */
interface ParsedDiskOptions {
  uncached: boolean;
  cached: boolean;
}

async function parsedDiskOptions(...argv: string[]): Promise<ParsedDiskOptions> {
  const program = new Command('nasbench').exitOverride();
  const io = { stdout: () => undefined, stderr: () => undefined, env: {} };
  addDiskCommand(program, io, () => undefined);
  let parsed: ParsedDiskOptions | undefined;
  program.hook('preAction', (_program, action) => {
    parsed = action.opts<ParsedDiskOptions>();
    throw new Error('parsed; the command itself is not run');
  });
  await expect(
    program.parseAsync(['disk', '--dir', '/volume1', '--host', 'nas.local', '--user', 'admin', ...argv], {
      from: 'user',
    }),
  ).rejects.toThrow('parsed');
  if (!parsed) throw new Error('commander did not reach the disk command');
  return parsed;
}

/**
 * The app's disk test form (renderer code, typed for the DOM), loaded at run time as the app loads
 * it; only its initial state is read.
 */
async function appDiskStore(): Promise<{ getState(): { uncached: boolean } }> {
  const modulePath = '../../renderer/src/kinds/disk/store';
  const loaded = (await import(/* @vite-ignore */ modulePath)) as {
    useDiskTestStore: { getState(): { uncached: boolean } };
  };
  return loaded.useDiskTestStore;
}

const sessionId = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('the default cache mode of disk tests', () => {
  it('is uncached in the CLI, the contract and the app alike', async () => {
    const cli = diskCacheMode(await parsedDiskOptions());
    const contract = DiskRunInput.parse({ sessionId, folder: '/volume1' }).uncached;
    const app = (await appDiskStore()).getState().uncached;
    expect([cli, contract, app]).toEqual([true, true, true]);
  });

  it('--cached measures through the cache; --uncached is still accepted and changes nothing', async () => {
    expect(diskCacheMode(await parsedDiskOptions('--cached'))).toBe(false);
    expect(diskCacheMode(await parsedDiskOptions('--uncached'))).toBe(true);
  });

  it('refuses --cached with --uncached as bad usage (exit status 2)', async () => {
    let stdout = '';
    const argv = [
      '--json',
      'disk',
      '--dir',
      '/volume1',
      '--host',
      'nas.local',
      '--user',
      'admin',
      '--cached',
      '--uncached',
    ];
    const code = await runCli(argv, { stdout: (text) => (stdout += text), stderr: () => undefined, env: {} });
    expect(code).toBe(2);
    expect(JSON.parse(stdout)).toMatchObject({
      error: { message: expect.stringMatching(/--cached.*cannot be used with.*--uncached/) },
    });
  });
});
