import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { beforeAll, describe, expect, it } from 'vitest';
import { outsideTextParsers, unmeasuredFiles } from '../helpers/outside-text';
import { limit, outsideTextCases, stepLimit, type Measured } from '../helpers/outside-text/cases';
import { patternKey, patternsInSource, sourceFilesWithPatterns } from '../helpers/outside-text/source-patterns';

/**
 * Every parser and pattern that reads outside text — what a NAS, a share, the LAN, this computer's
 * tools or an imported file hand NASBench — costs in proportion to the text: 1 MB of the input
 * that hurts it most costs no more than 20× what 100 KB costs, measured in one run (a ratio of CPU
 * times, never a time). A pattern that backtracks quadratically costs 100× there, and hours at a few MB.
 *
 * The parsers and their inputs are listed in tests/helpers/outside-text/; the measuring is done by
 * measure-child.ts in a process of its own (why: see there). A new pattern in a listed file, or a
 * new file with patterns, fails the second block below until it is listed: with an input aimed at
 * it, or among the files whose patterns are not measured here, with the reason.
 */

/** A case that takes longer than this has grown far past linear (or hangs): the child is stopped. */
const silenceMs = 120_000;
const measured = new Map<string, Measured>();
let stoppedAt: string | undefined;
let childErrors = '';

beforeAll(async () => {
  const child = spawn(
    process.execPath,
    ['--max-semi-space-size=128', '--import', 'tsx', 'tests/helpers/outside-text/measure-child.ts'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stderr.on('data', (chunk: Buffer) => (childErrors = `${childErrors}${chunk.toString()}`.slice(-2000)));
  let timer: NodeJS.Timeout | undefined;
  const silence = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      stoppedAt = outsideTextCases[measured.size]?.name;
      child.kill('SIGKILL');
    }, silenceMs);
  };
  silence();
  for await (const line of createInterface({ input: child.stdout })) {
    const result = JSON.parse(line) as Measured;
    measured.set(result.name, result);
    silence();
  }
  clearTimeout(timer);
}, 30 * 60_000);

describe('parsing outside text costs in proportion to its size', () => {
  it.each(outsideTextCases)('$name', ({ name, sizes }) => {
    const result = measured.get(name);
    const missing = stoppedAt === name ? `no result in ${silenceMs / 1000} s` : `not measured: ${childErrors}`;
    expect(result, missing).toBeDefined();
    expect(result?.error).toBeUndefined();
    // The inputs are as big as asked (a builder that makes less would prove nothing).
    result?.lengths.forEach((length, step) => expect(length).toBeGreaterThanOrEqual((sizes[step] ?? 0) * 0.9));
    expect(result?.midway, `${sizes[1]} characters against ${sizes[0]}`).toBeLessThanOrEqual(stepLimit);
    expect(result?.growth, `${sizes[2]} characters against ${sizes[0]}`).toBeLessThanOrEqual(limit);
  });
});

describe('the list of parsers of outside text', () => {
  const listed = new Map<string, Set<string>>();
  for (const entry of outsideTextParsers) {
    const patterns = listed.get(entry.file) ?? new Set<string>();
    for (const pattern of entry.patterns) patterns.add(patternKey(pattern));
    listed.set(entry.file, patterns);
  }
  const unmeasured = new Map(unmeasuredFiles.map((file) => [file.file, file.why]));

  it('names every file with patterns in electron/ and shared/, as read by a parser or as never seeing outside text', () => {
    const unlisted = sourceFilesWithPatterns(['electron', 'shared']).filter(
      (file) => !listed.has(file) && !unmeasured.has(file),
    );
    expect(unlisted).toEqual([]);
    for (const file of unmeasured.keys()) expect(listed.has(file), `${file} is listed as both`).toBe(false);
  });

  it.each([...listed.keys()])('aims an input at every pattern of %s, as the file writes it today', (file) => {
    const inFile = patternsInSource(file);
    expect(
      [...(listed.get(file) ?? [])].filter((pattern) => !inFile.includes(pattern)),
      'listed but not in the file',
    ).toEqual([]);
    expect(
      inFile.filter((pattern) => !listed.get(file)?.has(pattern)),
      'in the file but not listed',
    ).toEqual([]);
  });
});
