import type { AppError, Result } from '../../../shared/errors';
import { useRunsStore } from './runs';

/** What every test panel's store keeps about starting its run. */
interface StartState<Problems> {
  problems: Problems;
  starting: boolean;
  startError: AppError | null;
}

/**
 * The start sequence every test panel shares: show the form's problems, or call the engine,
 * show its error, or watch the new run. Resolves with the run id once it started.
 */
export async function startCheckedRun<Input, Problems>(
  set: (change: Partial<StartState<Problems>>) => void,
  checked: { input: Input; problems?: undefined } | { input?: undefined; problems: Problems },
  noProblems: Problems,
  start: (input: NonNullable<Input>) => Promise<Result<{ runId: string }>>,
): Promise<string | undefined> {
  if (checked.input === undefined || checked.input === null) {
    set({ problems: checked.problems ?? noProblems, startError: null });
    return undefined;
  }
  set({ problems: noProblems, starting: true, startError: null });
  const result = await start(checked.input);
  if (!result.ok) {
    set({ starting: false, startError: result.error });
    return undefined;
  }
  set({ starting: false });
  useRunsStore.getState().actions.watchRun(result.data.runId);
  return result.data.runId;
}
