import type { SharePath } from '../../../shared/contract/figure-quality';
import { formatBytes, formatSeconds } from '../../../shared/util/units';
import type { SettleStop } from './io-worker';
import { settleRule } from './progress-figure';
import { keptFreeBytes, type FreeSpace } from './scratch-folder';
import type { MeasuredPass } from './sequential';
import { GiB, MiB } from './sizes';

/** How a write sized to settle goes: at least `minBytes`, then on until its rate is steady, within both caps. */
export interface SettleLimits {
  minBytes: number;
  maxBytes: number;
  maxSeconds: number;
}

/**
 * How the sequential share copy is sized when the user gives no size: at least 1 GiB (256 MiB
 * gave 64 and 107 MB/s on the same link: too little to settle), then on until the rate is steady.
 * At most 4 GiB or two minutes, whichever comes first, and never more than the free space allows.
 */
export const settleDefaults = {
  minBytes: 1 * GiB,
  maxBytes: 4 * GiB,
  maxSeconds: 120,
  /** Below this, free space leaves nothing worth measuring. */
  smallestBytes: 64 * MiB,
};

/**
 * For the plans that answer in about a minute (the Quick check, Compare connections): the 256 MiB
 * they used to write as a set size is the floor, then on until the rate is steady, at most 1 GiB
 * or 15 s. Over 1 GbE a steady rate takes about 7 s (settleRule's 5 s after the warm-up); a rate
 * that does not settle in time says so and carries its spread.
 */
export const quickSettle: SettleLimits = { minBytes: 256 * MiB, maxBytes: 1 * GiB, maxSeconds: 15 };

export interface SettlePlan {
  /** The floor and caps this write was sized with. */
  limits: SettleLimits;
  /** The most the write may grow to (the I/O thread's file size). */
  capBytes: number;
  /** What it writes at least, steady or not. */
  floorBytes: number;
  /** Why the floor is what it is, for the note. */
  floorReason: 'minimum' | 'past-nas-ram' | 'free-space';
}

/**
 * The write's floor and cap. When the NAS's RAM is known and twice it fits under the cap, the floor
 * is twice the NAS's RAM: then the read back is past the NAS's cache too, and says so.
 */
export function planSettledWrite(options: {
  space: FreeSpace;
  blockSize: number;
  kind: SharePath['kind'];
  nasRamBytes: number | null;
  limits?: SettleLimits;
}): SettlePlan {
  const limits = options.limits ?? settleDefaults;
  const room = options.space.known
    ? options.space.freeBytes - keptFreeBytes(options.space.totalBytes)
    : Number.POSITIVE_INFINITY;
  const whole = (bytes: number) => Math.floor(bytes / options.blockSize) * options.blockSize;
  const capBytes = Math.max(0, whole(Math.min(limits.maxBytes, room)));
  const twiceNasRam =
    options.kind === 'network-share' && options.nasRamBytes !== null
      ? Math.ceil((2 * options.nasRamBytes) / options.blockSize) * options.blockSize
      : 0;
  const pastNas = twiceNasRam <= capBytes ? twiceNasRam : 0;
  const wanted = Math.max(limits.minBytes, pastNas);
  if (wanted > capBytes) return { limits, capBytes, floorBytes: capBytes, floorReason: 'free-space' };
  return {
    limits,
    capBytes,
    floorBytes: wanted,
    floorReason: pastNas > limits.minBytes ? 'past-nas-ram' : 'minimum',
  };
}

const stopWords: Record<SettleStop, (written: string, plan: SettlePlan) => string> = {
  steady: (written) =>
    `The write ran until its rate held steady (within ${settleRule.relative * 100}% over ${settleRule.seconds} s) and past its minimum: ${written} in all.`,
  'size-cap': (written, plan) =>
    plan.capBytes < plan.limits.maxBytes
      ? `The write stopped at ${written}, all the free space allows, before its rate held steady: the spread says how much it varied.`
      : `The write’s rate had not held steady by ${written}, the most this test writes: the spread says how much it varied.`,
  'time-cap': (written, plan) =>
    `The write was stopped after ${formatSeconds(plan.limits.maxSeconds)} (${written} written) before its rate held steady: the spread says how much it varied.`,
};

const floorWords: Record<SettlePlan['floorReason'], (plan: SettlePlan) => string> = {
  minimum: (plan) => `at least ${formatBytes(plan.floorBytes)}`,
  'past-nas-ram': (plan) =>
    `at least ${formatBytes(plan.floorBytes)}, twice the NAS’s RAM, so its cache cannot hold the file`,
  'free-space': (plan) =>
    `${formatBytes(plan.floorBytes)}, all the free space allows: less than the ${formatBytes(plan.limits.minBytes)} a steady figure needs`,
};

/** How the sequential test was sized and what its figures leave out, in words for the result's notes. */
export function sizingNote(write: MeasuredPass, read: MeasuredPass | undefined, plan: SettlePlan | null): string {
  const written = formatBytes(write.test.fileSize);
  const sizing = plan
    ? `Sized to settle (${floorWords[plan.floorReason](plan)}). ${write.stop ? stopWords[write.stop](written, plan) : ''}`
    : `The file was a set ${written} rather than sized to settle; it may be too little for the rate to settle: the spread says how steady it was.`;
  const warmUps = [write, ...(read ? [read] : [])].filter((pass) => pass.warmUpSeconds > 0);
  const warmUp =
    warmUps.length > 0
      ? ` The warm-up is left out of the figures, as fio’s ramp_time leaves it out: the first ${warmUps
          .map((pass) => `${formatSeconds(pass.warmUpSeconds)} of the ${pass.test.op}`)
          .join(' and ')}.`
      : '';
  return `${sizing.trim()}${warmUp}`;
}
