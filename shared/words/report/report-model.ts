import type { CacheState, SharePath, Spread } from '../../contract/figure-quality';
import type { UdpFigures } from '../../contract/network';
import type { LoadResult } from '../../contract/load';
import type { RunRecord, TestResult } from '../../contract/runs';
import { formatBytes, formatDuration, formatRate, formatSeconds, type RateUnit } from '../../util/units';
import { copyCache, diskCache, throughNetworkCache } from '../cache';
import { describeDelay } from '../delay';
import { describeUdp } from '../udp';
import { helperFailureWords, loadCacheWords, loadClientCacheWords, loadComputerName, loadTotalLabel } from '../load';
import { copyOverOtherLink, describeCopyPlace, describeOtherLink } from '../share-path';
import { answersOf, type DirectionAnswer } from '../answer';
import { explainRun } from '../plan-answer';
import { describeUnsteady, formatRateWithSpread, linkAsSubject } from '../spread';
import { figuresOfRun, type Verdict } from '../verdicts';

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

const empty = {
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
const linkSubject = (record: RunRecord) => linkAsSubject(record.environment.client?.route.type);

/** The spread fields of a row: the figure's spread and its flag, when it has one. */
function steadiness(spread: Spread | undefined, subject: string | null = null) {
  return { spread: spread ?? null, unsteady: describeUnsteady(spread, subject) ?? '' };
}

function rowsOf(result: TestResult, record: RunRecord, unit: RateUnit): TestRow[] {
  switch (result.kind) {
    case 'network': {
      const legs = Math.max(1, result.legs.length);
      const streams = result.streamsPerLeg * legs;
      // Which way the data went, in words: this computer connects to the NAS in every direction, so an
      // arrow from it would read as an upload even for a download.
      const flow = {
        upload: 'data from this computer to the NAS',
        download: 'data from the NAS to this computer (iperf3 -R)',
        bidir: 'data both ways at once (iperf3 --bidir)',
      }[result.direction];
      const to = result.legs.map(
        (leg) => `${leg.bindAddress ?? 'this computer'} connects to ${leg.target}:${leg.port}`,
      );
      return [
        {
          ...empty,
          group: 'Network',
          test: `${result.udp ? 'UDP ' : ''}${result.direction}, ${streams} ${streams === 1 ? 'stream' : 'streams'}${legs > 1 ? ` over ${legs} links` : ''}`,
          op: result.direction,
          bytesPerSecond: result.summary.bitsPerSecond / 8,
          streams,
          bytes: result.summary.bytes,
          seconds: result.summary.seconds,
          how: `${result.method === 'iperf3' ? 'iperf3 protocol' : 'SSH stream'}, ${flow}: ${to.join(', ')}`,
          udp: result.udp ?? null,
          ...steadiness(result.summary.spread, legs > 1 ? null : linkSubject(record)),
          note: [
            result.note,
            result.latency && `${describeDelay(result.latency)}.`,
            result.udp && `${describeUdp(result.udp, unit)}.`,
          ]
            .filter(Boolean)
            .join(' '),
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
        ...steadiness(test.spread),
        cacheWords: diskCache(test).words,
        cache: test.cache ?? null,
        how: test.commandLine,
        // The dd fallback's install hints say how to get the real figures.
        note: [test.note, ...result.hints].filter(Boolean).join(' '),
      }));
    case 'copy': {
      const place = describeCopyPlace(result);
      const local = place.kind === 'local-disk' || place.kind === 'memory';
      const otherLink = copyOverOtherLink(result.path, record.environment.client?.route);
      const overRunLink =
        !otherLink && !!result.path?.interface && result.path.interface === record.environment.client?.route.interface;
      const warning = local
        ? `This folder is ${place.words}, not a NAS share: these figures involve no NAS and no network.`
        : otherLink
          ? describeOtherLink(otherLink)
          : '';
      return result.tests.map((test) => ({
        ...empty,
        group: local ? 'Copy on this computer' : 'Share copy',
        test: `${test.test} ${test.op}${test.test === 'small-files' && test.files ? ` (${test.files} files)` : ` (${formatBytes(test.fileSize)})`}`,
        op: test.op,
        bytesPerSecond: test.bytesPerSecond,
        blockSize: test.blockSize,
        fileSize: test.fileSize,
        seconds: test.seconds,
        cached: test.cached,
        direct: test.direct,
        ...steadiness(test.spread, overRunLink ? linkSubject(record) : null),
        cacheWords: copyCache(test).words,
        cache: test.cache ?? null,
        path: result.path ?? null,
        how: `${test.method.replace(/\.?$/, '.')} In ${result.dir}: ${place.words}.`,
        note: [warning, ...result.notes].filter(Boolean).join(' '),
      }));
    }
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
          ...steadiness(result.spread),
          cacheWords: throughNetworkCache(result)?.words ?? '',
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
    case 'load':
      return loadRows(result);
  }
}

/** A row per helper computer that measured, and the total; a computer without a figure is named in its note. */
function loadRows(result: LoadResult): TestRow[] {
  const row = { ...empty, group: 'Load from several computers', op: result.rw, blockSize: result.blockSizeBytes };
  const how = `fio --client, one job per computer in its own path to the share, direct=${result.direct ? 1 : 0}`;
  const measured = result.clients.filter((client) => client.ok);
  const failed = result.clients.flatMap((client) =>
    client.ok ? [] : [`${client.host}: ${helperFailureWords(client)}`],
  );
  return [
    ...measured.map((client) => ({
      ...row,
      test: `${loadComputerName(client)} (${client.dir})`,
      bytesPerSecond: client.bytesPerSecond,
      fileSize: result.fileSizeBytes,
      bytes: client.ioBytes,
      seconds: client.seconds,
      how: `${how}; ${client.fioVersion ?? 'fio'} on ${client.os ?? 'that computer'}`,
      ...steadiness(client.spread),
      cache: client.cache ?? null,
      cacheWords: loadClientCacheWords(client, result.direct),
    })),
    {
      ...row,
      test: loadTotalLabel(result.clients),
      bytesPerSecond: result.total.bytesPerSecond,
      ...steadiness(result.total.spread),
      cache: result.total.cache ?? null,
      cacheWords: loadCacheWords(result.direct),
      how,
      note: [
        `Their measured windows started within ${result.total.startSpreadSeconds.toFixed(1)} s of each other.`,
        ...failed,
      ].join(' '),
    },
  ];
}

/** The run's tests as rows; the rates in their words follow `unit`, as the report's figures do. */
export function testRows(record: RunRecord, unit: RateUnit = 'Mb/s'): TestRow[] {
  return record.results.flatMap((result) => rowsOf(result, record, unit));
}

/** The run's answer, a sentence per direction, as Results open with it. */
export function answersOfRecord(record: RunRecord, unit: RateUnit): DirectionAnswer[] {
  return answersOf(figuresOfRun(record), record.connection?.name ?? null, unit);
}

/** The run's verdicts in the reader's unit (worked out again from the figures, they never go stale), the one that answers its plan card's question first. */
export function verdictsOf(record: RunRecord, unit: RateUnit): Verdict[] {
  return explainRun(record, unit);
}

/**
 * A verdict's number with its unit, by the figure's name (bitsPerSecond, diskBytesPerSecond, ratio, …).
 * Bits and bytes alike in the reader's unit: one family at a time, never "941 Mb/s" beside "420 MB/s".
 */
export function describeFigure(name: string, value: number, unit: RateUnit): string {
  if (/bitsPerSecond$/i.test(name)) return formatRate(value / 8, unit);
  if (/bytesPerSecond$/i.test(name)) return formatRate(value, unit);
  if (/percent/i.test(name)) return `${value.toFixed(1)}%`;
  if (/(ratio|gain)$/i.test(name)) return `${value.toFixed(1)} ×`;
  if (/^perFileSeconds$/.test(name)) return `${(value * 1000).toFixed(1)} ms`;
  if (/seconds$/i.test(name)) return value < 3600 ? formatSeconds(value) : formatDuration(value);
  if (/bytes$/i.test(name)) return formatBytes(value);
  return String(value);
}

/** Names whose words are not their camel-case parts ("seconds: 1 h 48 min" read as a unit, not a figure). */
const figureWords: Record<string, string> = {
  seconds: 'time taken',
  perFileSeconds: 'time per file',
  peggedSeconds: 'time at its limit',
};

/** "linkBitsPerSecond" → "link", "utilisationPercent" → "utilisation", "bitsPerSecond" → "measured". */
export function describeFigureName(name: string): string {
  const known = figureWords[name];
  if (known) return known;
  const words = name
    .replace(/(?:Bits|Bytes|bits|bytes)PerSecond$|Percent$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words || 'measured';
}

/** "Network to the NAS 936 Mb/s ±2%": the figures a reader looks for first, in the report's unit. */
export function headlineFigures(record: RunRecord, unit: RateUnit): { label: string; text: string }[] {
  const figures = figuresOfRun(record);
  const out: { label: string; text: string }[] = [];
  const { upload, download, spreads } = figures.network;
  if (upload !== null)
    out.push({ label: 'Network to the NAS', text: formatRateWithSpread(upload / 8, unit, spreads?.upload) });
  if (download !== null)
    out.push({ label: 'Network from the NAS', text: formatRateWithSpread(download / 8, unit, spreads?.download) });
  for (const op of ['read', 'write'] as const) {
    const best = figures.disks
      .filter((disk) => disk.op === op && !disk.throughNetwork)
      .sort((a, b) => b.bytesPerSecond - a.bytesPerSecond)[0];
    if (best)
      out.push({
        label: `NAS disk ${op} (${best.test})`,
        text: formatRateWithSpread(best.bytesPerSecond, unit, best.spread),
      });
  }
  for (const share of figures.share)
    out.push({ label: `Share ${share.label}`, text: formatRateWithSpread(share.bytesPerSecond, unit, share.spread) });
  for (const copy of figures.shareApart) {
    const label =
      copy.place.kind === 'other-link'
        ? `Share ${copy.label} (over ${copy.place.link.shareInterface}, another link)`
        : `Folder on this computer, ${copy.op} (no NAS)`;
    out.push({ label, text: formatRateWithSpread(copy.bytesPerSecond, unit, copy.spread) });
  }
  if (out.length === 0 && record.summary)
    out.push({ label: record.title, text: formatRate(record.summary.bytesPerSecond, unit) });
  return out;
}
