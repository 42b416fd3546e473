import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { JsonFile, versionedFormat } from '../../electron/engine/store';
import { tempDir } from './helpers';

const Notes = z.object({ schemaVersion: z.literal(1), notes: z.array(z.string()).default([]) });
const format = versionedFormat('the notes', 1, Notes);

describe('the data folder’s small JSON files', () => {
  it('reads what it wrote, with defaults for fields added later, and nothing when there is no file', async () => {
    const dir = await tempDir('json-file');
    const file = new JsonFile(path.join(dir, 'notes.json'), format);
    expect(await file.read()).toBeUndefined();
    await file.write({ schemaVersion: 1, notes: ['a'] });
    expect(await file.read()).toEqual({ schemaVersion: 1, notes: ['a'] });
    await writeFile(file.file, JSON.stringify({ schemaVersion: 1 }));
    expect(await file.read()).toEqual({ schemaVersion: 1, notes: [] });
    // Written whole, then renamed into place: no temp file stays behind.
    expect(await readdir(dir)).toEqual(['notes.json']);
  });

  it('refuses a damaged file (PARSE_ERROR) and one from a newer NASBench (UNSUPPORTED_VERSION), in words', async () => {
    const file = new JsonFile(path.join(await tempDir('json-file-bad'), 'notes.json'), format);
    await writeFile(file.file, '{"schemaVersion":1,"notes":["half');
    await expect(file.read()).rejects.toMatchObject({ code: 'PARSE_ERROR', message: expect.stringMatching(/damaged/) });
    await writeFile(file.file, JSON.stringify({ schemaVersion: 1, notes: 'not a list' }));
    await expect(file.read()).rejects.toMatchObject({ code: 'PARSE_ERROR' });
    await writeFile(file.file, JSON.stringify({ schemaVersion: 3, notes: [] }));
    await expect(file.read()).rejects.toMatchObject({
      code: 'UNSUPPORTED_VERSION',
      message: expect.stringMatching(/newer NASBench \(format 3; this version reads up to 1\)/),
      hint: expect.stringMatching(/Update NASBench/),
    });
  });

  it('creates a file only when it is not there: of two at once, one wins and the file is whole', async () => {
    const dir = await tempDir('json-file-create');
    const file = path.join(dir, 'claim.json');
    const results = await Promise.all(
      ['first', 'second'].map((who) => new JsonFile(file, format).create({ schemaVersion: 1, notes: [who] })),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const saved = JSON.parse(await readFile(file, 'utf8')) as { notes: string[] };
    expect(['first', 'second']).toContain(saved.notes[0]);
    expect(await readdir(dir)).toEqual(['claim.json']);
  });

  it('says where it could not write, and what to do', async () => {
    const file = new JsonFile(path.join(await tempDir('json-file-ro'), 'no-such-folder', 'notes.json'), format);
    await expect(file.write({ schemaVersion: 1, notes: [] })).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
      message: expect.stringMatching(/Could not save the notes in/),
      hint: expect.stringMatching(/data folder/),
    });
  });
});
