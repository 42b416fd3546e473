import type { MethodHandlers } from '../../../shared/contract';
import { runFileTextOf } from '../../../shared/words/report/embedded-run';
import type { RunStore } from './run-store';

type HistoryHandlers = Pick<MethodHandlers, 'listRuns' | 'getRun' | 'deleteRun' | 'importRun' | 'setRunTags'>;

/** History: the saved runs, listed, opened, deleted, tagged, and imported from someone else's file. */
export function historyHandlers(history: RunStore): HistoryHandlers {
  return {
    listRuns: () => history.list(),
    getRun: ({ runId }) => history.get(runId),
    deleteRun: async ({ runId }) => ({ deleted: await history.delete(runId) }),
    importRun: ({ text }) => history.import(runFileTextOf(text)),
    setRunTags: ({ runId, tags }) => history.setTags(runId, tags),
  };
}
