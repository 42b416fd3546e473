/**
 * Which lab test file runs in which sandbox, and when (tests/lab/side-by-side.ts runs the plan). Two sandboxes
 * share nothing the lab makes, but they share this machine's two cores and its /proc: a file whose figures are
 * held to a link's rate, a native tool's, or a frame's time (it says so with the line `// lab: needs a quiet
 * machine`) would read what the other sandbox took. So the run comes in phases, with every sandbox waiting for the
 * others at the end of each, and a quiet file only ever runs beside light ones (under `lightCores` of a core on
 * average in the recorded run):
 * - one phase per sandbox for the quiet files that are not light themselves: sandbox i runs its share of them,
 *   the others light files that are not quiet;
 * - one phase for the quiet files that are light: they run beside each other, dealt out over every sandbox;
 * - a last phase where every other file is dealt out, longest first, each to the sandbox with the least so far.
 * Light files that are not quiet fill the first two kinds of phase as far as they fit.
 */

/** What a recorded run says of a file: its seconds, and the CPU seconds its sandbox used meanwhile. */
export interface FileCost {
  seconds: number;
  cpu?: number;
}

export interface LabFile {
  file: string;
  /** It measures against a yardstick the other sandbox's work would move (its `// lab: needs a quiet machine` line). */
  quiet: boolean;
}

/** One phase: the files each sandbox runs (index = sandbox), and about how long the longest of them takes. */
export interface Phase {
  files: string[][];
  seconds: number;
}

/** A file is light beside a quiet one when it used at most this much of one core, on average. */
export const lightCores = 0.35;

/** The line a test file carries when it needs the machine to itself but for light files (see above). */
export const quietLine = /^\/\/ lab: needs a quiet machine\b/m;

/**
 * `lastSandboxes` (at least `sandboxes`) deals the last phase over more sandboxes than the quiet ones use: no file
 * there needs a quiet machine, and one sandbox runs its files one at a time, much of it waiting on a shaped link or
 * a timer, so a third keeps the two cores busier; in the quiet phases the others stay idle.
 */
export function planPhases(
  files: readonly LabFile[],
  costs: Record<string, FileCost>,
  sandboxes: number,
  lastSandboxes = sandboxes,
): Phase[] {
  const known = files.map((file) => costs[file.file]?.seconds).filter((value): value is number => value !== undefined);
  const median = [...known].sort((a, b) => a - b)[Math.floor(known.length / 2)] ?? 30;
  const secondsOf = (file: string) => costs[file]?.seconds ?? median;
  const longestFirst = (list: readonly LabFile[]) =>
    list.map((file) => file.file).sort((a, b) => secondsOf(b) - secondsOf(a));
  const isLight = (file: LabFile) => {
    const cost = costs[file.file];
    return cost?.cpu !== undefined && cost.seconds > 0 && cost.cpu / cost.seconds <= lightCores;
  };

  let fillers = longestFirst(files.filter((file) => !file.quiet && isLight(file)));
  /** Adds the longest fillers that fit in `seconds` to a sandbox's list, and takes them off the fillers. */
  const fill = (list: string[], seconds: number) => {
    let time = list.reduce((sum, file) => sum + secondsOf(file), 0);
    for (const file of [...fillers]) {
      if (time + secondsOf(file) > seconds) continue;
      list.push(file);
      time += secondsOf(file);
      fillers = fillers.filter((left) => left !== file);
    }
  };

  const phases: Phase[] = [];
  const heavyQuiet = deal(longestFirst(files.filter((file) => file.quiet && !isLight(file))), secondsOf, sandboxes);
  heavyQuiet.forEach((own, index) => {
    if (own.files.length === 0) return;
    const phase: string[][] = Array.from({ length: lastSandboxes }, () => []);
    phase[index] = own.files;
    phase.forEach((list, other) => other !== index && other < sandboxes && fill(list, own.seconds));
    phases.push({ files: phase, seconds: own.seconds });
  });
  const lightQuiet = deal(longestFirst(files.filter((file) => file.quiet && isLight(file))), secondsOf, sandboxes);
  if (lightQuiet.some((own) => own.files.length > 0)) {
    const seconds = Math.max(...lightQuiet.map((own) => own.seconds));
    const phase = lightQuiet.map((own) => [...own.files]);
    for (const list of phase) fill(list, seconds);
    while (phase.length < lastSandboxes) phase.push([]);
    phases.push({ files: phase, seconds });
  }
  const placed = new Set(phases.flatMap((phase) => phase.files.flat()));
  const rest = deal(longestFirst(files.filter((file) => !placed.has(file.file))), secondsOf, lastSandboxes);
  if (rest.some((own) => own.files.length > 0)) {
    phases.push({ files: rest.map((own) => own.files), seconds: Math.max(...rest.map((own) => own.seconds)) });
  }
  return phases;
}

/** Longest first (the list comes so), each file to the sandbox with the least so far. */
function deal(
  files: readonly string[],
  secondsOf: (file: string) => number,
  sandboxes: number,
): { files: string[]; seconds: number }[] {
  const dealt = Array.from({ length: sandboxes }, () => ({ files: [] as string[], seconds: 0 }));
  for (const file of files) {
    const least = dealt.reduce((best, own) => (own.seconds < best.seconds ? own : best));
    least.files.push(file);
    least.seconds += secondsOf(file);
  }
  return dealt;
}
