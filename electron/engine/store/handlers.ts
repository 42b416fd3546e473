import type { MethodHandlers } from '../../../shared/contract';
import type { RunSummary } from '../../../shared/contract/runs';
import { runFileTextOf } from '../../../shared/words/report/embedded-run';
import type { RunStore } from './run-store';

type HistoryHandlers = Pick<MethodHandlers, 'listRuns' | 'getRun' | 'deleteRun' | 'importRun' | 'setRunTags'>;

/** A run as the list shows it: without its figures and like-for-like key, which only trends need. */
function listed(run: RunSummary): RunSummary {
  const { figures: _figures, likeFor: _likeFor, ...rest } = run;
  return rest;
}

/** History: the saved runs, listed, opened, deleted, tagged, and imported from someone else's file. */
export function historyHandlers(history: RunStore): HistoryHandlers {
  return {
    listRuns: async (input) => {
      const { runs, problems } = await history.list();
      const ofNas = input?.nas === undefined ? runs : runs.filter((run) => run.nas?.key === input.nas);
      const newest = input?.newest === undefined ? ofNas : ofNas.slice(0, input.newest);
      return { runs: input?.figures ? newest : newest.map(listed), problems, total: ofNas.length };
    },
    getRun: ({ runId }) => history.get(runId),
    deleteRun: async ({ runId }) => ({ deleted: await history.delete(runId) }),
    importRun: ({ text }) => history.import(runFileTextOf(text)),
    setRunTags: ({ runId, tags }) => history.setTags(runId, tags),
  };
}
