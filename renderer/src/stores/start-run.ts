import type { AppError, Result } from '../../../shared/contract/errors';
import { useRunsStore } from './runs';

/** What every test panel's store keeps about starting its run. */
interface StartState<Problems> {
  problems: Problems;
  starting: boolean;
  startError: AppError | null;
}

type Set<Problems> = (change: Partial<StartState<Problems>>) => void;

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
    set({ starting: false, startError: result.error });
    return undefined;
  }
  set({ starting: false });
  useRunsStore.getState().actions.watchRun(result.data.runId);
  return result.data.runId;
}
