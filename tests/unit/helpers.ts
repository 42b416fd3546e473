import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { z } from 'zod';

export function tempDir(prefix: string): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), `nasbench-${prefix}-`));
}

/** A value the schema refuses: the first of a few very different shapes that fails to parse. */
export function invalidInputFor(schema: z.ZodType): unknown {
  const candidates: unknown[] = [42, 'not valid', { unexpected: true }, [], null, true];
  const refused = candidates.find((candidate) => !schema.safeParse(candidate).success);
  if (refused === undefined) throw new Error('This schema accepts everything; it cannot protect the engine.');
  return refused;
}
