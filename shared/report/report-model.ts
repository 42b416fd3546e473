import type { RunRecord, TestResult } from '../runs';
import { formatBytes, formatRate, type RateUnit } from '../units';
import { explainFigures, figuresOfRun, type Verdict } from '../verdicts';

/**
 * What every report format says about a run, worked out once: one row per test with its figure
 * and the facts that make it reproducible, and the verdicts with their numbers in words. HTML,
 * Markdown and CSV only lay this out.
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
  /** How it was measured: the exact command line, or the method in words. */
  how: string;
  note: string;
}

const empty = {
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
  note: '',
};

function rowsOf(result: TestResult, record: RunRecord): TestRow[] {
  switch (result.kind) {
    case 'network': {
      const legs = Math.max(1, result.legs.length);
      const streams = result.streamsPerLeg * legs;
      const to = result.legs.map((leg) => `${leg.bindAddress ?? 'this computer'} → ${leg.target}:${leg.port}`);
      return [
        {
          ...empty,
          group: 'Network',
          test: `${result.direction}, ${streams} ${streams === 1 ? 'stream' : 'streams'}${legs > 1 ? ` over ${legs} links` : ''}`,
          op: result.direction,
          bytesPerSecond: result.summary.bitsPerSecond / 8,
          streams,
          bytes: result.summary.bytes,
          seconds: result.summary.seconds,
          how: `${result.method === 'iperf3' ? 'iperf3 protocol' : 'SSH stream'}: ${to.join(', ')}`,
          note: result.note ?? '',
        },
      ];
    }
    case 'disk':
      return result.tests.map((test) => ({
        ...empty,
        group: result.sweep ? 'Disk sweep' : 'NAS disk',
        test: test.name,
        op: test.rw,
        bytesPerSecond: test.bytesPerSecond,
        iops: test.iops,
        latencyP50Ns: test.latencyNs.p50,
        latencyP99Ns: test.latencyNs.p99,
        blockSize: test.bs,
        fileSize: test.sizeBytes,
        streams: test.numjobs,
        bytes: test.ioBytes,
        seconds: test.seconds,
        direct: test.direct,
        how: test.commandLine,
        // The dd fallback's install hints say how to get the real figures.
        note: [test.note, ...result.hints].filter(Boolean).join(' '),
      }));
    case 'copy':
      return result.tests.map((test) => ({
        ...empty,
        group: 'Share copy',
        test: `${test.test} ${test.op}${test.test === 'small-files' && test.files ? ` (${test.files} files)` : ` (${formatBytes(test.fileSize)})`}`,
        op: test.op,
        bytesPerSecond: test.bytesPerSecond,
        blockSize: test.blockSize,
        fileSize: test.fileSize,
        seconds: test.seconds,
        cached: test.cached,
        direct: test.direct,
        how: `${test.method}${result.share ? ` (${result.share.protocol.toUpperCase()})` : ''} in ${result.dir}`,
        note: result.notes.join(' '),
      }));
    case 'disk-through-network':
      return [
        {
          ...empty,
          group: 'Network and NAS disk',
          test: result.label,
          op: result.direction,
          bytesPerSecond: result.bitsPerSecond / 8,
          bytes: result.bytes,
          seconds: result.seconds,
          cached: result.likelyCached ?? null,
          how: 'iperf3 -F on the NAS',
          note: result.note ?? '',
        },
      ];
    case 'throughput':
      return [
        {
          ...empty,
          group: 'Throughput',
          test: result.test,
          op: String(record.environment.parameters.direction ?? ''),
          bytesPerSecond: result.summary.bytesPerSecond,
          bytes: result.summary.bytes,
          seconds: result.summary.seconds,
          how: 'headline figure of the run',
        },
      ];
  }
}

export function testRows(record: RunRecord): TestRow[] {
  return record.results.flatMap((result) => rowsOf(result, record));
}

/** The verdicts in the reader's unit, worked out again from the figures (they never go stale). */
export function verdictsOf(record: RunRecord, unit: RateUnit): Verdict[] {
  return explainFigures(figuresOfRun(record), { unit });
}

/** A verdict's number with its unit, by the figure's name (bitsPerSecond, diskBytesPerSecond, ratio, …). */
export function describeFigure(name: string, value: number, unit: RateUnit): string {
  if (/bitsPerSecond$/i.test(name)) return formatRate(value / 8, 'Mb/s');
  if (/bytesPerSecond$/i.test(name)) return formatRate(value, unit);
  if (/percent/i.test(name)) return `${value.toFixed(1)}%`;
  if (/ratio$/i.test(name)) return `${value.toFixed(1)} ×`;
  if (/bytes$/i.test(name)) return formatBytes(value);
  return String(value);
}

/** "linkBitsPerSecond" → "link", "utilisationPercent" → "utilisation", "bitsPerSecond" → "measured". */
export function describeFigureName(name: string): string {
  const words = name
    .replace(/(?:Bits|Bytes|bits|bytes)PerSecond$|Percent$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words || 'measured';
}

/** "Network ↑ 936 Mb/s": the figures a reader looks for first, in the report's unit. */
export function headlineFigures(record: RunRecord, unit: RateUnit): { label: string; text: string }[] {
  const figures = figuresOfRun(record);
  const out: { label: string; text: string }[] = [];
  const { upload, download } = figures.network;
  if (upload !== null) out.push({ label: 'Network to the NAS', text: formatRate(upload / 8, unit) });
  if (download !== null) out.push({ label: 'Network from the NAS', text: formatRate(download / 8, unit) });
  for (const op of ['read', 'write'] as const) {
    const best = figures.disks
      .filter((disk) => disk.op === op && !disk.throughNetwork)
      .sort((a, b) => b.bytesPerSecond - a.bytesPerSecond)[0];
    if (best) out.push({ label: `NAS disk ${op} (${best.test})`, text: formatRate(best.bytesPerSecond, unit) });
  }
  for (const share of figures.share)
    out.push({ label: `Share ${share.label}`, text: formatRate(share.bytesPerSecond, unit) });
  if (out.length === 0 && record.summary)
    out.push({ label: record.title, text: formatRate(record.summary.bytesPerSecond, unit) });
  return out;
}
