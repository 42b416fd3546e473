import type { RunRecord } from '../contract/runs';
import type { Verdict } from '../contract/verdict';
import { descriptorOf } from '../kinds';
import { formatBytes, formatDuration, formatRate, formatSeconds, type RateUnit } from '../util/units';
import { answersOf, type DirectionAnswer } from '../verdicts/answer';
import { figuresOfRun } from '../verdicts';
import { explainRun } from '../verdicts/plan-answer';
import { formatRateWithSpread } from '../words/spread';
import type { TestRow } from './parts';

/**
 * What every report format says about a run, worked out once: one row per test with its figure
 * and the facts that make it reproducible, and the verdicts with their numbers in words. HTML,
 * Markdown and CSV only lay this out.
 */

/** The run's tests as rows; the rates in their words follow `unit`, as the report's figures do. */
export function testRows(record: RunRecord, unit: RateUnit = 'Mb/s'): TestRow[] {
  return record.results.flatMap((result) => descriptorOf(result).reportRows(result, record, unit));
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
