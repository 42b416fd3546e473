import { NasbenchError } from '../contract/errors';
import { z } from 'zod';

/**
 * All figures are stored in SI base units (bytes, seconds, bytes per second). These are the
 * display units a user can choose; this module is the only place that converts for display.
 */
export const RateUnit = z.enum(['MB/s', 'MiB/s', 'Mb/s']);
export type RateUnit = z.infer<typeof RateUnit>;

const bytesPerSecondPerUnit: Record<RateUnit, number> = {
  'MB/s': 1_000_000,
  'MiB/s': 1_048_576,
  'Mb/s': 125_000, // one megabit is 10^6 bits = 125,000 bytes
};

export function rateInUnit(bytesPerSecond: number, unit: RateUnit): number {
  return bytesPerSecond / bytesPerSecondPerUnit[unit];
}

export function bytesPerSecondFromUnit(value: number, unit: RateUnit): number {
  return value * bytesPerSecondPerUnit[unit];
}

/** Three significant figures reads well at any size: 9.87, 98.7, 987, 9870. */
function roundForDisplay(value: number): string {
  if (!Number.isFinite(value)) return '–';
  const abs = Math.abs(value);
  if (abs >= 1000) return Math.round(value).toLocaleString('en-US');
  if (abs >= 100) return value.toFixed(0);
  if (abs >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

export function formatRate(bytesPerSecond: number, unit: RateUnit): string {
  return `${roundForDisplay(rateInUnit(bytesPerSecond, unit))} ${unit}`;
}

const byteSteps = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'] as const;

/** Sizes of files and memory are shown in powers of two, as operating systems show RAM. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '–';
  let value = bytes;
  let step = 0;
  while (value >= 1024 && step < byteSteps.length - 1) {
    value /= 1024;
    step += 1;
  }
  return step === 0 ? `${value} B` : `${roundForDisplay(value)} ${byteSteps[step]}`;
}

export function formatSeconds(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '–';
  if (seconds < 60) return `${seconds.toFixed(seconds < 10 ? 1 : 0)} s`;
  // Rounded first, so that 119.6 s is "2 min", not "1 min 60 s".
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

/** A long wait in everyday words, rounded to what matters at that length: "12 min", "3 h 10 min", "2 days 4 h". */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '–';
  if (seconds < 60) return 'under a minute';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? `${days} days` : `${days} days ${hours % 24} h`;
}

const sizeMultipliers: Record<string, number> = { '': 1, k: 2 ** 10, m: 2 ** 20, g: 2 ** 30, t: 2 ** 40 };

/**
 * "500MB", "1GB", "4kB": a size whose unit could be either power. NASBench writes MB for 10^6 bytes
 * (its MB/s), fio and the CLI contract read M for 2^20: rather than guess which one a user meant,
 * such sizes are refused with a hint to write M or MiB.
 */
export function isAmbiguousSize(text: string): boolean {
  return /^\s*\d+(?:\.\d+)?\s*[kmgt]b\s*$/i.test(text);
}

/**
 * Reads a size as the CLI contract writes them, and as people type them in the app: plain bytes, or
 * a number with a k/M/G/T suffix in powers of two ("4k" = 4096, "64M", "1.5G", "512MiB"), as in fio.
 * Undefined for anything else, "500MB" included (isAmbiguousSize); the caller checks the range.
 */
export function readByteSize(text: string): number | undefined {
  // The blanks before a unit belong to the unit: two optional blank runs side by side are quadratic.
  const match = /^\s*(\d+(?:\.\d+)?)(?:\s*(?:([kmgt])(?:ib)?|b))?\s*$/i.exec(text);
  const multiplier = sizeMultipliers[(match?.[2] ?? '').toLowerCase()];
  if (!match || multiplier === undefined) return undefined;
  const bytes = Math.floor(Number(match[1]) * multiplier);
  return Number.isSafeInteger(bytes) ? bytes : undefined;
}

/** Why a size was refused, and how to write it: one hint for the CLI and the app. */
export function sizeHint(text: string): string {
  return isAmbiguousSize(text)
    ? `"${text.trim()}" could mean powers of ten or of two. Write M or MiB (2^20 bytes, as fio does), e.g. 512M or 1G.`
    : 'Give bytes, or a number with k, M, G or T (powers of two), e.g. 64M or 1G.';
}

/** A size for a test (readByteSize's forms): at least one byte, at most 1 PiB; INVALID_INPUT otherwise. */
export function parseByteSize(text: string): number {
  const value = readByteSize(text);
  if (value === undefined || value < 1 || value > 2 ** 50) {
    throw new NasbenchError('INVALID_INPUT', `"${text}" is not a size.`, sizeHint(text));
  }
  return value;
}

/** "4k", "128k", "1M", "256M": sizes as fio's command line (and the sweep's axes) write them. */
export function sizeLabel(bytes: number): string {
  for (const [suffix, unit] of [
    ['G', 2 ** 30],
    ['M', 2 ** 20],
    ['k', 2 ** 10],
  ] as const) {
    if (bytes >= unit && bytes % unit === 0) return `${bytes / unit}${suffix}`;
  }
  return String(bytes);
}

/** "12,465": a count as people read it, rounded to a whole number, with thousands separated. */
export function formatCount(count: number): string {
  return Math.round(count).toLocaleString('en-US');
}
