import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRunFile } from '../../shared/contract/runs';
import { median, steadyPart } from '../../shared/util/spread';
import { keepsLevel } from '../../shared/util/trend';
import { iperf3Rates } from '../helpers/nas-view';

/** Whether recorded per-second rates kept their level, past their warm-up, with the verdicts' 10% floor. */
const kept = (rates: readonly number[]) => {
  const steady = steadyPart(rates);
  return keepsLevel(steady, median(steady), 0.1);
};

describe('a rate that kept its level', () => {
  it('holds for iperf3 held to a CPU quota, and not for the recorded sag from 2.4 to 1.4 GB/s', () => {
    expect(kept(iperf3Rates('iperf3-cpu-quota'))).toBe(true);
    expect(kept(iperf3Rates('iperf3-loopback'))).toBe(false);
  });

  it('holds for a copy’s bursty read held by smbd’s quota (16–37 MB/s a second), judged on its own line', () => {
    const file = path.join(__dirname, '../fixtures/runs/lab-copy-smbd-quota.json');
    const copy = parseRunFile(readFileSync(file, 'utf8')).results.find((result) => result.kind === 'copy');
    const lines = copy && 'nas' in copy ? (copy.nas?.lines ?? []) : [];
    expect(lines).toHaveLength(2);
    expect(kept(lines[1] ?? [])).toBe(true);
  });

  it('a steady climb beyond its scatter is no level; too few readings say nothing', () => {
    expect(kept([10, 11, 12, 13, 14, 15, 16, 17, 18])).toBe(false);
    expect(keepsLevel([5, 5], 5, 0.1)).toBe(false);
  });
});
