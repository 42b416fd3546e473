import { InvalidArgumentError } from 'commander';
import { Fingerprint, HostName } from '../../shared/contract/connect';
import { formatBytes, isAmbiguousSize, readByteSize, sizeHint } from '../../shared/util/units';

/**
 * The command line's value parsers, one of each kind: commander calls them for their option and
 * turns what they throw into a usage error (exit status 2) that says what to give instead.
 */

export function integerIn(min: number, max: number): (value: string) => number {
  return (value) => {
    const number = Number(value);
    if (!Number.isInteger(number) || number < min || number > max)
      throw new InvalidArgumentError(`give a whole number from ${min} to ${max}.`);
    return number;
  };
}

/** Seconds of a test, whole. */
export const seconds = (max: number): ((value: string) => number) => integerIn(1, max);

/** A number, fractions allowed (how long to listen for answers). */
export function numberIn(min: number, max: number): (value: string) => number {
  return (value) => {
    const number = Number(value);
    if (!Number.isFinite(number) || number < min || number > max)
      throw new InvalidArgumentError(`give a number from ${min} to ${max}.`);
    return number;
  };
}

export const port = integerIn(1, 65535);

/** A size as the contract writes them (`64M`, `1G`, `4k`: powers of two), within a range. */
export function byteSize(min = 1, max = 2 ** 50): (value: string) => number {
  return (value) => {
    if (isAmbiguousSize(value)) throw new InvalidArgumentError(sizeHint(value));
    const bytes = readByteSize(value);
    if (bytes === undefined || bytes < min || bytes > max)
      throw new InvalidArgumentError(`give a size from ${formatBytes(min)} to ${formatBytes(max)}, e.g. 64M, 1G, 4k.`);
    return bytes;
  };
}

const rateSteps: Record<string, number> = { '': 1, k: 1e3, m: 1e6, g: 1e9 };

/** A rate in bits per second as iperf3's -b reads it: `100M`, `1G`, `500k` (powers of ten), or a plain number. */
export function bitRate(min: number, max: number): (value: string) => number {
  return (value) => {
    const match = /^(\d+(?:\.\d+)?)([kmg]?)$/i.exec(value.trim());
    const rate = match ? Math.round(Number(match[1]) * (rateSteps[(match[2] ?? '').toLowerCase()] ?? NaN)) : NaN;
    if (!Number.isFinite(rate) || rate < min || rate > max)
      throw new InvalidArgumentError(`give bits per second from ${min} to ${max}, e.g. 100M or 1G.`);
    return rate;
  };
}

/** A comma-separated list, each item read by `item`. */
export function listOf<T>(item: (value: string) => T): (value: string) => T[] {
  return (value) => value.split(',').map((part) => item(part.trim()));
}

export function hostName(value: string): string {
  if (!HostName.safeParse(value).success) throw new InvalidArgumentError('give a host name or an IP address.');
  return value;
}

export function fingerprint(value: string): string {
  if (!Fingerprint.safeParse(value).success)
    throw new InvalidArgumentError('give the fingerprint as ssh-keygen -lf prints it: SHA256: and 43 characters.');
  return value;
}

/** One of a fixed set of words. */
export function oneOf<const T extends string>(words: readonly T[]): (value: string) => T {
  return (value) => {
    if (!(words as readonly string[]).includes(value)) throw new InvalidArgumentError(`give ${words.join(', ')}.`);
    return value as T;
  };
}

/** For options given more than once (`--tag a --tag b`). */
export function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}
