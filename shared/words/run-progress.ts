import { formatSeconds } from '../util/units';

/** The step a run is on, as the Run screen knows it (a plan's step, or a single test's part). */
interface StepNow {
  index: number;
  count: number;
  label: string;
  state: string;
}

/**
 * The words under a running test's progress bar: time so far and about how much is left. Past the
 * estimate it says what is still going on instead of a bare "finishing…": the step that is taking
 * longer than planned (a copy that has not settled yet, a slow NAS), or, once the last step is
 * done, the tidying up and saving that end every run.
 */
export function progressWords(
  elapsedSeconds: number,
  remainingSeconds: number | undefined,
  running: boolean,
  step: StepNow | null,
): string {
  const words = `Elapsed ${formatSeconds(elapsedSeconds)}`;
  if (!running || remainingSeconds === undefined) return words;
  if (remainingSeconds > 0) return `${words} · about ${formatSeconds(remainingSeconds)} left`;
  const lastDone = step !== null && step.index + 1 >= step.count && step.state !== 'started';
  if (step === null || lastDone) return `${words} · removing its test files and saving the results`;
  return `${words} · ${step.label} is taking longer than planned`;
}
