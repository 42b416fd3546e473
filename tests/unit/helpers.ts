import { mkdtempSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { z } from 'zod';

/**
 * Every folder tempDir made in this test file, so that tests/remove-temp-folders.ts can remove
 * them when the file ends (they used to pile up in /tmp, thousands of them). Vitest gives each
 * test file its own copy of this module, so a file removes only its own folders, never those of a
 * file running beside it.
 */
const made: string[] = [];

export async function tempDir(prefix: string, parent: string = os.tmpdir()): Promise<string> {
  const dir = await mkdtemp(path.join(parent, `nasbench-${prefix}-`));
  made.push(dir);
  return dir;
}

/** tempDir for the call sites that cannot wait (a describe body, a synchronous helper). */
export function tempDirSync(prefix: string, parent: string = os.tmpdir()): string {
  const dir = mkdtempSync(path.join(parent, `nasbench-${prefix}-`));
  made.push(dir);
  return dir;
}

/** Removes every folder tempDir and tempDirSync made; the file's own afterAll hooks have run by then. */
export async function removeTempDirs(): Promise<void> {
  const dirs = made.splice(0);
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
}

/** A value the schema refuses: the first of a few very different shapes that fails to parse. */
export function invalidInputFor(schema: z.ZodType): unknown {
  const candidates: unknown[] = [42, 'not valid', { unexpected: true }, [], null, true];
  const refused = candidates.find((candidate) => !schema.safeParse(candidate).success);
  if (refused === undefined) throw new Error('This schema accepts everything; it cannot protect the engine.');
  return refused;
}
