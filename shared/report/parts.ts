import type { CacheState, SharePath, Spread } from '../contract/figure-quality';
import type { UdpFigures } from '../contract/network';
import type { RunRecord } from '../contract/runs';
import { describeUnsteady, linkAsSubject } from '../words/spread';

/**
 * The parts of a report each result kind gives it (shared/kinds/<kind>/report.ts): its rows in the
 * table of every test, and its charts. The report model, HTML, Markdown and CSV lay them out.
 */

export interface TestRow {
  /** "Network", "NAS disk", "Share copy", "Network to NAS disk", "Throughput". */
  group: string;
  /** The test in the words the app shows, e.g. "SEQ1M Q8T1 read" or "upload, 1 stream". */
  test: string;
  op: string;
  bytesPerSecond: number;
  iops: number | null;
  latencyP50Ns: number | null;
  latencyP99Ns: number | null;
  blockSize: number | null;
  fileSize: number | null;
  streams: number | null;
  bytes: number | null;
  seconds: number | null;
  cached: boolean | null;
  direct: boolean | null;
  /** How steady the figure was; null where it was not measured (older runs). */
  spread: Spread | null;
  /** "Wi-Fi varied ±35% during the test" for a figure over the 10% flag; '' otherwise. */
  unsteady: string;
  /** Which memory could have served it, in words ("Uncached", "May be served from the NAS's memory …"). */
  cacheWords: string;
  /** Both caches as the run recorded them; null for older runs and for network figures. */
  cache: CacheState | null;
  /** What a copy's folder really was and which link it took; null for other tests and older runs. */
  path: SharePath | null;
  /** A UDP network test's datagrams, loss and jitter; null for every other test. */
  udp: UdpFigures | null;
  /** How it was measured: the exact command line, or the method in words. */
  how: string;
  note: string;
}

export const emptyRow = {
  udp: null,
  iops: null,
  latencyP50Ns: null,
  latencyP99Ns: null,
  blockSize: null,
  fileSize: null,
  streams: null,
  bytes: null,
  seconds: null,
  cached: null,
  direct: null,
  spread: null,
  unsteady: '',
  cacheWords: '',
  cache: null,
  path: null,
  note: '',
};

/** "Wi-Fi", "The Ethernet link": the link a run's network figures went over, for the unsteady flag. */
export const linkSubject = (record: RunRecord) => linkAsSubject(record.environment.client?.route.type);

/** The spread fields of a row: the figure's spread and its flag, when it has one. */
export function steadiness(spread: Spread | undefined, subject: string | null = null) {
  return { spread: spread ?? null, unsteady: describeUnsteady(spread, subject) ?? '' };
}

/** A chart of the report, as inline SVG. */
export interface ReportChart {
  title: string;
  svg: string;
}
