import { readFileSync } from 'node:fs';
import { NasLoadStream } from '../../electron/engine/nas-load';
import type { NasBaseline, NasResources } from '../../shared/contract/nas-resources';

/** Captured nas-load fixtures (tests/fixtures/nas-load/README.md) as the app would hold them. */
const fixture = (name: string) => readFileSync(`tests/fixtures/nas-load/${name}`, 'utf8');

/** A captured reader stream, read line by line as it arrived. */
export function resourcesOf(stream: string, baseline: NasBaseline | null = null): NasResources {
  const reader = new NasLoadStream();
  for (const line of fixture(`${stream}.stream`).split('\n')) reader.push(line);
  return { baseline, ...reader.resources() };
}

/** iperf3's own rate each second of a captured test (its JSON), bytes/s. */
export function iperf3Rates(name: string): number[] {
  const report = JSON.parse(fixture(`${name}.json`)) as { intervals: { sum: { bits_per_second: number } }[] };
  return report.intervals.map((interval) => interval.sum.bits_per_second / 8);
}
