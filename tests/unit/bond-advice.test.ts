import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRunFile, type RunRecord } from '../../shared/contract/runs';
import { explainRun } from '../../shared/verdicts/plan-answer';

/**
 * A bond does not make one copy faster: LACP hashes each flow onto one link (../shared/facts/nas-state.md §9,
 * the kernel's bonding.rst: "a single connection will not span multiple slaves"). No verdict of any recorded run
 * may advise one for it.
 */
const fixtures = path.join(__dirname, '../fixtures');

/** Every saved run under tests/fixtures that the app can read (some are there to be refused). */
function recordedRuns(): { file: string; record: RunRecord }[] {
  const files = readdirSync(fixtures, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.json'));
  return files.flatMap((file) => {
    try {
      return [{ file, record: parseRunFile(readFileSync(path.join(fixtures, file), 'utf8')) }];
    } catch {
      return [];
    }
  });
}

/** A sentence that puts a bond (or link aggregation) forward as what would make things faster. */
function advisesBond(text: string): string[] {
  return text
    .split(/(?<=\.)\s+/)
    .filter((sentence) => /\b(bond(s|ed|ing)?|link aggregation|LACP|aggregat\w+)\b/i.test(sentence))
    .filter((sentence) => /\b(would|could|should|try|add|faster|upgrade|helps?)\b/i.test(sentence));
}

describe('no verdict advises a bond for one copy', () => {
  it('holds over every recorded run in tests/fixtures', () => {
    const runs = recordedRuns();
    expect(runs.length).toBeGreaterThanOrEqual(6);
    for (const { file, record } of runs)
      for (const verdict of explainRun(record)) expect(advisesBond(verdict.text), `${file}: ${verdict.id}`).toEqual([]);
  });

  it('would catch the words that once said it', () => {
    expect(
      advisesBond('Your network is the limit. Only a faster link (or a second one, bonded) would make copies faster.'),
    ).toHaveLength(1);
    expect(advisesBond('Only a faster link would make one copy faster.')).toEqual([]);
  });
});
