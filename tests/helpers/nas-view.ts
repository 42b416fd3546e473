import { readFileSync } from 'node:fs';
import { NasViewStream } from '../../electron/engine/nas-view';
import type { NasBaseline, NasResources } from '../../shared/contract/nas-resources';
import type { RunRecord } from '../../shared/contract/runs';
import { sampleRunRecord } from './run-records';

/** Captured nas-view fixtures (tests/fixtures/nas-view/README.md) as the app would hold them. */
const fixture = (name: string) => readFileSync(`tests/fixtures/nas-view/${name}`, 'utf8');

/** A captured reader stream, read line by line as it arrived. */
export function resourcesOf(stream: string, baseline: NasBaseline | null = null): NasResources {
  const reader = new NasViewStream();
  for (const line of fixture(`${stream}.stream`).split('\n')) reader.push(line);
  return { baseline, ...reader.resources() };
}

/** iperf3's own rate each second of a captured test (its JSON), bytes/s. */
export function iperf3Rates(name: string): number[] {
  const report = JSON.parse(fixture(`${name}.json`)) as { intervals: { sum: { bits_per_second: number } }[] };
  return report.intervals.map((interval) => interval.sum.bits_per_second / 8);
}

/** One network test of a run, with what the NAS did during it (a captured stream) and its own rate each second. */
export interface WatchedTest {
  direction: 'upload' | 'download';
  resources: NasResources;
  rates?: number[];
}

/** A run of network tests whose NAS was watched, over a named connection (the link Compare names it by). */
export function runWithNasViews(
  id: string,
  startedAt: string,
  connection: string,
  tests: readonly WatchedTest[],
): RunRecord {
  return sampleRunRecord({
    id,
    startedAt,
    connection: { name: connection, interface: 'eth0', kind: 'ethernet', named: true },
    tags: [],
    results: tests.map(({ direction, resources, rates }) => ({
      kind: 'network',
      method: 'iperf3',
      direction,
      streamsPerLeg: 1,
      summary: { bitsPerSecond: 900e6, bytes: 1.1e9, seconds: 10 },
      legs: [],
      nas: { resources, ...(rates ? { rates } : {}) },
    })),
  });
}
