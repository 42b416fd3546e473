import { createHash } from 'node:crypto';
import { lstat, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runShareCopy } from '../../electron/engine/copy';
import { NasbenchError } from '../../shared/contract/errors';
import { tempDir } from './helpers';

const hostileNames = [
  `it's "quoted"`,
  '$(touch pwned-dollar)',
  '`touch pwned-backtick`',
  'a; touch pwned-semicolon; #',
  'line\nbreak',
  '-rf',
  '--help',
  '  spaces around  ',
  'ünïcödé 📁 名前',
  'back\\slash',
  '*?[glob]{a,b}',
  '.nasbench-not-ours',
];

/**
 * Everything under `root`: type, size and content hash of files, and the entries of folders.
 * Folder times are left out on purpose: creating and removing the run's folder changes the
 * chosen folder's mtime, which is not touching anything in it.
 */
async function snapshot(root: string): Promise<Record<string, string>> {
  const entries: Record<string, string> = {};
  const walk = async (folder: string) => {
    for (const name of (await readdir(folder)).sort()) {
      const full = path.join(folder, name);
      const stats = await lstat(full);
      const key = path.relative(root, full);
      if (stats.isDirectory()) {
        entries[key] = 'folder';
        await walk(full);
      } else {
        const hash = createHash('sha256')
          .update(await readFile(full))
          .digest('hex');
        entries[key] = `file ${stats.size} ${stats.mtimeMs} ${hash}`;
      }
    }
  };
  await walk(root);
  return entries;
}

let parent = '';

beforeAll(async () => {
  parent = await tempDir('copy-safety');
  await writeFile(path.join(parent, 'canary.txt'), 'the parent’s own file');
  for (const name of hostileNames) {
    await mkdir(path.join(parent, name));
    await writeFile(path.join(parent, name, 'user file.txt'), `the user's own file in ${name}`);
  }
});

afterAll(async () => {
  await rm(parent, { recursive: true, force: true });
});

describe('hostile folder names are data', () => {
  it.each(hostileNames)('tests in %j and leaves everything around it as it was', async (name) => {
    const before = await snapshot(parent);
    const dir = path.join(parent, name);
    const result = await runShareCopy({
      dir,
      fileSize: 1024 * 1024,
      blockSize: 64 * 1024,
      smallFiles: { count: 5, fileSize: 4096 },
      checksum: true,
    });
    expect(result.dir).toBe(dir);
    expect(result.roundTripIdentical).toBe(true);
    expect(await snapshot(parent)).toEqual(before);
    // A shell would have run the `touch` in the names here or in the working folder.
    expect((await readdir(process.cwd())).filter((entry) => entry.includes('pwned'))).toEqual([]);
  });
});

describe('only the run’s own folder is ever written or removed', () => {
  async function rejection(promise: Promise<unknown>): Promise<NasbenchError> {
    const error: unknown = await promise.then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(NasbenchError);
    return error as NasbenchError;
  }

  it('refuses a run id that could point elsewhere, before touching anything', async () => {
    const before = await snapshot(parent);
    for (const runId of ['../../escape', 'a/b/c/d/e', '', 'x'.repeat(100), 'bad id!'])
      expect((await rejection(runShareCopy({ dir: parent, runId, fileSize: 1024 * 1024 }))).code).toBe('INVALID_INPUT');
    expect(await snapshot(parent)).toEqual(before);
  });

  it('leaves an existing .nasbench-<runId> folder alone instead of reusing or removing it', async () => {
    const dir = path.join(parent, '$(touch pwned-dollar)');
    await mkdir(path.join(dir, '.nasbench-abcdef12'));
    await writeFile(path.join(dir, '.nasbench-abcdef12', 'keep.txt'), 'not ours');
    const before = await snapshot(parent);
    const error = await rejection(runShareCopy({ dir, runId: 'abcdef12', fileSize: 1024 * 1024 }));
    expect(error.code).toBe('INVALID_INPUT');
    expect(await snapshot(parent)).toEqual(before);
    await rm(path.join(dir, '.nasbench-abcdef12'), { recursive: true });
  });

  it('refuses a file or a missing folder as the target, and sizes out of range', async () => {
    expect((await rejection(runShareCopy({ dir: path.join(parent, 'canary.txt') }))).code).toBe('INVALID_INPUT');
    expect((await rejection(runShareCopy({ dir: path.join(parent, 'missing') }))).code).toBe('NOT_FOUND');
    for (const sizes of [
      { blockSize: 100 },
      { fileSize: 0 },
      { fileSize: 1.5 },
      { smallFiles: { count: 0, fileSize: 4096 } },
    ])
      expect((await rejection(runShareCopy({ dir: parent, ...sizes }))).code).toBe('INVALID_INPUT');
  });
});
