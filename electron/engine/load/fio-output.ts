/**
 * What a fio controller (`fio --output-format=normal,terse --output=FILE --eta=always
 * --eta-newline=1 --client=HOST job`) tells: the helper's greeting, its live progress lines on stdout,
 * and in the output file one terse (version 3) line per job with exact counts.
 * Fixtures: tests/fixtures/fio-load/ (fio 3.33, captured from two fio servers on loopback).
 */

/** The helper's greeting: "hostname=vm, be=0, 64-bit, os=Linux, arch=x86-64, fio=fio-3.33, flags=1". */
export function readGreeting(text: string): { fioVersion: string | null; os: string | null } {
  const line = /^hostname=.*$/m.exec(text)?.[0] ?? '';
  return {
    fioVersion: /\bfio=(fio-[\w.-]+)/.exec(line)?.[1] ?? null,
    os: /\bos=([^,]+)/.exec(line)?.[1]?.trim() ?? null,
  };
}

/** fio's own complaints ("fio: /mnt/x is not a directory"), in the order it gave them. */
export function fioComplaints(text: string): string[] {
  return text
    .split(/\r?\n|\r/)
    .map((line) => line.trim())
    .filter((line) => line.startsWith('fio: '))
    .map((line) => line.slice(5));
}

export interface TerseJob {
  name: string;
  error: number;
  read: { kib: number; ms: number };
  write: { kib: number; ms: number };
}

/**
 * The terse line of one job. Version 3 fields (fio's HOWTO, "Terse output"): 3 jobname, 5 error,
 * read status from 6 (6 io KiB, 7 bandwidth KiB/s, 8 IOPS, 9 runtime ms), write status from 47
 * (47 io KiB, 48 bandwidth, 49 IOPS, 50 runtime ms).
 */
export function terseJob(text: string, name: string): TerseJob | null {
  for (const line of text.split(/\r?\n/)) {
    if (!line.startsWith('3;')) continue;
    const fields = line.split(';');
    if (fields[2] !== name) continue;
    const number = (index: number) => Number(fields[index - 1] ?? Number.NaN);
    const job = {
      name,
      error: number(5),
      read: { kib: number(6), ms: number(9) },
      write: { kib: number(47), ms: number(50) },
    };
    const all = [job.error, job.read.kib, job.read.ms, job.write.kib, job.write.ms];
    return all.every(Number.isFinite) ? job : null;
  }
  return null;
}

/**
 * Whether a job that runs a command (job.ts's commandJobName: the clean-up's `rmdir`, the space
 * check's `df`) saw it succeed: such a job does I/O only after its command succeeded. False when it
 * did not run or its command failed.
 */
export function commandSucceeded(text: string, jobName: string): boolean {
  const job = terseJob(text, jobName);
  return job !== null && job.read.kib + job.write.kib > 0;
}

const prefixes: Record<string, number> = { '': 1, k: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15 };

/**
 * The rate on a progress line ("…[W(1)][60.0%][w=97.6M][w=95 IOPS][eta 00m:02s]"), bytes/s, or
 * null when the line has none (starting, laying out). In client mode fio prints KiB/s counted as
 * thousands ("200 MiB/s" shows as "204M", 204,800 KiB/s): so × 1.024 gives bytes/s, to the 3–4
 * figures the line has — enough for a live line; the result comes from the terse line.
 */
export function progressRate(line: string): number | null {
  const rates = /\]\[((?:[rwt]=[\d.]+[kMGTP]?,?)+)\]\[/.exec(line)?.[1];
  if (!rates) return null;
  let total = 0;
  for (const [, value, prefix] of rates.matchAll(/[rwt]=([\d.]+)([kMGTP]?)/g))
    total += Number(value) * (prefixes[prefix ?? ''] ?? 1) * 1.024;
  return Number.isFinite(total) ? total : null;
}
