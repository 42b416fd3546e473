import type { z } from 'zod';
import { maxTestSeconds, secondsRange } from '../../contract/limits';
import type { DiskPresetName, DiskRunInput, DiskTestResult } from '../../contract/disk';
import { checkNasFolder } from '../../contract/nas-folder';
import type { NasFacts } from '../../contract/probe';
import { formatBytes } from '../../util/units';
import { volumeHolding } from '../../util/volumes';
import { diskCacheSummary } from '../../words/cache';
import { optionalWholeNumber } from '../../words/whole-numbers';

/**
 * The NAS disk test in plain words: the folders offered, what is wrong with the form, the results
 * grouped as CrystalDiskMark shows them (a row per test shape, a column per direction), latency and
 * IOPS wording, and how far a run is. Pure, so Results, reports and the CLI can say the same.
 */

export type DiskPreset = z.infer<typeof DiskPresetName>;

export interface TestFolderChoice {
  folder: string;
  /** "/volume1 (btrfs, 1.2 TiB free)" */
  label: string;
}

/**
 * Places to test in, the likeliest first (it is the one offered): the folders the probe found this
 * login may write in — shared folders, then volume roots, then the home folder, each kind with the
 * most free space first (a nearly full volume fails a test) — then the NAS's data volumes, which an
 * ordinary login often cannot write at their root. One the folder check refuses (/) is not offered.
 */
export function testFolderChoices(nas: Pick<NasFacts, 'volumes' | 'folders'>): TestFolderChoice[] {
  const volumeOf = (path: string) => volumeHolding(nas.volumes, path);
  const space = (volume: NasFacts['volumes'][number] | null) =>
    volume ? `${volume.fsType ?? 'file system unknown'}, ${formatBytes(volume.freeBytes)} free` : 'free space unknown';
  const rank = { share: 0, volume: 1, home: 2 } as const;
  const free = (path: string) => volumeOf(path)?.freeBytes ?? 0;
  const writable = [...(nas.folders ?? [])]
    .sort((a, b) => rank[a.kind] - rank[b.kind] || free(b.path) - free(a.path))
    .map((folder) => ({
      folder: folder.path,
      label: `${folder.path} (${folder.kind === 'home' ? 'your home folder, ' : ''}${space(volumeOf(folder.path))}, you can write here)`,
    }));
  const volumes = nas.volumes
    .filter((volume) => checkNasFolder(volume.mount).ok && !writable.some((choice) => choice.folder === volume.mount))
    .map((volume) => ({ folder: volume.mount, label: `${volume.mount} (${space(volume)})` }));
  return [...writable, ...volumes];
}

export interface DiskTestChoices {
  folder: string;
  preset: DiskPreset;
  uncached: boolean;
  /** As typed; empty means the preset's own. */
  sizeMiB: string;
  seconds: string;
}

export interface DiskTestProblems {
  folder?: string;
  sizeMiB?: string;
  seconds?: string;
}

const MiB = 2 ** 20;
/** The contract's limit on `sizeBytes` (2^50 bytes), in MiB. */
const maxSizeMiB = 2 ** 30;

/** What is wrong with a typed NAS folder (already trimmed), if anything. */
export function folderProblem(folder: string): string | undefined {
  if (folder === '') return 'Choose or type the folder on the NAS to test in.';
  // The engine checks the same way before anything reaches the NAS (nas-folder.ts).
  const check = checkNasFolder(folder);
  return check.ok ? undefined : `${check.problem} ${check.hint}`;
}

/** The form's choices as the engine's input, or what to fix, worded for the field it belongs to. */
export function checkDiskTestChoices(
  choices: DiskTestChoices,
  sessionId: string,
): { input: DiskRunInput; problems?: undefined } | { problems: DiskTestProblems; input?: undefined } {
  const folder = choices.folder.trim();
  const sizeMiB = optionalWholeNumber(choices.sizeMiB, maxSizeMiB);
  const seconds = optionalWholeNumber(choices.seconds, maxTestSeconds);
  const folderTrouble = folderProblem(folder);
  const problems: DiskTestProblems = {
    ...(folderTrouble && { folder: folderTrouble }),
    ...(sizeMiB === null && { sizeMiB: 'Enter a whole number of MiB, at least 1, or leave it empty.' }),
    ...(seconds === null && { seconds: `Enter ${secondsRange}, or leave it empty.` }),
  };
  if (folderTrouble || sizeMiB === null || seconds === null) return { problems };
  return {
    input: {
      sessionId,
      folder,
      preset: choices.preset,
      uncached: choices.uncached,
      ...(sizeMiB !== undefined && { sizeBytes: sizeMiB * MiB }),
      ...(seconds !== undefined && { runtimeSeconds: seconds }),
    },
  };
}

export type DiskColumn = 'read' | 'write' | 'mixed';

export interface DiskResultRow {
  /** "SEQ1M Q8T1": the test's name without its direction. */
  shape: string;
  cells: Partial<Record<DiskColumn, DiskTestResult>>;
}

const columnOf = (rw: string): DiskColumn =>
  rw === 'read' || rw === 'randread' ? 'read' : rw === 'write' || rw === 'randwrite' ? 'write' : 'mixed';

/**
 * CrystalDiskMark's table: a row per test shape in the order the tests ran, Read and Write side by
 * side. Only columns some test filled are kept (the Ars trio writes only).
 */
export function diskResultTable(tests: readonly DiskTestResult[]): { rows: DiskResultRow[]; columns: DiskColumn[] } {
  const rows: DiskResultRow[] = [];
  for (const test of tests) {
    const column = columnOf(test.rw);
    const shape = column === 'mixed' ? test.name : test.name.replace(/(?<!\s)\s+(read|write)\b/i, '');
    const row = rows.find((candidate) => candidate.shape === shape && !candidate.cells[column]);
    if (row) row.cells[column] = test;
    else rows.push({ shape, cells: { [column]: test } });
  }
  const columns = (['read', 'write', 'mixed'] as const).filter((column) => rows.some((row) => row.cells[column]));
  return { rows, columns };
}

/** "1 MiB", "4 KiB", "128 KiB": block sizes as people write them. */
export function formatBlockSize(bytes: number): string {
  if (bytes >= MiB && bytes % MiB === 0) return `${bytes / MiB} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} B`;
}

/** "Random 4 KiB blocks, queue depth 32, 1 job": what SEQ/RND, Q and T stand for. */
export function describeTestShape(test: Pick<DiskTestResult, 'rw' | 'bs' | 'iodepth' | 'numjobs'>): string {
  const kind = test.rw.startsWith('rand') ? 'Random' : 'Sequential';
  const jobs = test.numjobs === 1 ? '1 job' : `${test.numjobs} jobs at once`;
  return `${kind} ${formatBlockSize(test.bs)} blocks, queue depth ${test.iodepth}, ${jobs}`;
}

const threeFigures = (value: number) =>
  value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);

/** "850 µs", "1.23 ms", "2.05 s". */
export function formatLatency(ns: number): string {
  if (!Number.isFinite(ns) || ns < 0) return '–';
  if (ns < 1e6) return `${threeFigures(ns / 1e3)} µs`;
  if (ns < 1e9) return `${threeFigures(ns / 1e6)} ms`;
  return `${threeFigures(ns / 1e9)} s`;
}

/** "12,345 IOPS" */
export function formatIops(iops: number): string {
  if (!Number.isFinite(iops) || iops < 0) return '–';
  return `${iops >= 100 ? Math.round(iops).toLocaleString('en-US') : iops.toFixed(1)} IOPS`;
}

/** The short line under a figure ("p99 1.23 ms") and the longer one for its tooltip. */
export function describeLatency(latencyNs: DiskTestResult['latencyNs']): { short: string; long: string } {
  const { p50, p99 } = latencyNs;
  if (p99 === null) return { short: 'latency not measured', long: 'This test measured no latency.' };
  const half = p50 === null ? '' : `Half of the requests finished within ${formatLatency(p50)}; `;
  return { short: `p99 ${formatLatency(p99)}`, long: `${half}99 in 100 within ${formatLatency(p99)}.` };
}

/** Each distinct note once, with the tests it is about ("All tests" when it is about every one). */
export function groupNotes(tests: readonly DiskTestResult[]): { tests: string; note: string }[] {
  const byNote = new Map<string, string[]>();
  for (const test of tests) {
    if (test.note) byNote.set(test.note, [...(byNote.get(test.note) ?? []), test.name]);
  }
  return [...byNote].map(([note, names]) => ({
    note,
    tests: names.length === tests.length && tests.length > 1 ? 'All tests' : names.join(', '),
  }));
}

/** "fio 3.33 (libaio)" or "dd fallback (fio is not installed on the NAS)". */
export function describeDiskEngine(engine: 'fio' | 'dd', tests: readonly DiskTestResult[]): string {
  if (engine === 'dd') return 'dd fallback (fio is not installed on the NAS)';
  const version = tests.find((test) => test.fioVersion)?.fioVersion;
  const ioengines = [...new Set(tests.map((test) => test.ioengine))].join(', ');
  return `fio${version ? ` ${version}` : ''}${ioengines ? ` (${ioengines})` : ''}`;
}

/**
 * How far a disk run is, counted in tests: each test lays out its file and syncs at the end, which
 * takes as long as the disks need, so the planned seconds are a poor guide; the number of tests done
 * is exact. Time left is the tests still to come at the pace of those done so far.
 */
export function diskRunProgress(
  step: { index: number; count: number; state: string } | null,
  elapsedSeconds: number,
  expectedSeconds: number,
): { fraction: number; remainingSeconds: number | undefined } {
  if (!step) return { fraction: 0, remainingSeconds: expectedSeconds > 0 ? expectedSeconds : undefined };
  const done = Math.min(step.count, step.state === 'started' ? step.index : step.index + 1);
  const fraction = done / step.count;
  if (done === 0) return { fraction, remainingSeconds: Math.max(0, expectedSeconds - elapsedSeconds) };
  return { fraction, remainingSeconds: (elapsedSeconds / done) * (step.count - done) };
}

/** Whether the figures bypassed the NAS's memory: each result says what really happened, not what was asked. */
export function describeCacheUse(tests: readonly Pick<DiskTestResult, 'cache' | 'direct'>[]): string {
  return diskCacheSummary(tests);
}
