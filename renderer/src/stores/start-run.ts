import type { AppError, Result } from '../../../shared/contract/errors';
import { selectAnyRunRunning, useRunsStore } from './runs';

/** What every test panel's store keeps about starting its run. */
interface StartState<Problems> {
  problems: Problems;
  starting: boolean;
  startError: AppError | null;
}

type Change<Problems> = Partial<StartState<Problems>>;
type Set<Problems> = (change: Change<Problems> | ((state: StartState<Problems>) => Change<Problems>)) => void;

/**
 * The start sequence every test panel shares, in two halves around the store's own call to the
 * engine (so the call to `window.nasbench` stays in the store that owns it). Before: show the
 * form's problems and return nothing, or show the panel as starting and return the input to send.
 */
export function beginStart<Input, Problems>(
  set: Set<Problems>,
  checked: { input: Input; problems?: undefined } | { input?: undefined; problems: Problems },
  noProblems: Problems,
): NonNullable<Input> | undefined {
  if (checked.input === undefined || checked.input === null) {
    set({ problems: checked.problems ?? noProblems, startError: null });
    return undefined;
  }
  set({ problems: noProblems, starting: true, startError: null });
  return checked.input;
}

/** After: show the engine's refusal, or watch the new run. Returns the run id once it started. */
export function endStart<Problems>(set: Set<Problems>, result: Result<{ runId: string }>): string | undefined {
  if (!result.ok) {
    const refusal = result.error;
    set({ starting: false, startError: refusal });
    if (refusal.code === 'NAS_BUSY') clearWhenRunsEnd(set, refusal);
    return undefined;
  }
  set({ starting: false });
  useRunsStore.getState().actions.watchRun(result.data.runId);
  return result.data.runId;
}

/**
 * "Another run is measuring this NAS" is true only while that run lasts: once no run is under way
 * the refusal goes, rather than staying on the panel as if starting were still refused.
 */
function clearWhenRunsEnd<Problems>(set: Set<Problems>, refusal: AppError): void {
  const stop = useRunsStore.subscribe((runs) => {
    if (selectAnyRunRunning(runs)) return;
    stop();
    set((state) => (state.startError === refusal ? { startError: null } : {}));
  });
}
