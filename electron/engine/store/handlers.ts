import type { MethodHandlers } from '../../../shared/contract';
import type { RunSummary } from '../../../shared/contract/runs';
import { runFileTextOf } from '../../../shared/report/embedded-run';
import { RecentListings, runsAfter } from './listing-pages';
import type { RunStore } from './run-store';

type HistoryHandlers = Pick<MethodHandlers, 'listRuns' | 'getRun' | 'deleteRun' | 'importRun' | 'setRunTags'>;

/** A run as the list shows it: without its figures and like-for-like key, which only trends need. */
function listed(run: RunSummary): RunSummary {
  const { figures: _figures, likeFor: _likeFor, ...rest } = run;
  return rest;
}

/** History: the saved runs, listed, opened, deleted, tagged, and imported from someone else's file. */
export function historyHandlers(history: RunStore): HistoryHandlers {
  const listings = new RecentListings();
  return {
    listRuns: async (input) => {
      const { name, history: listing } = listings.get(input?.listing) ?? listings.add(await history.list());
      const { runs, problems } = listing;
      const ofNas = input?.nas === undefined ? runs : runs.filter((run) => run.nas?.key === input.nas);
      const after = runsAfter(ofNas, input?.after);
      const page = input?.newest === undefined ? after : after.slice(0, input.newest);
      return { runs: input?.figures ? [...page] : page.map(listed), problems, total: ofNas.length, listing: name };
    },
    getRun: ({ runId }) => history.get(runId),
    deleteRun: async ({ runId }) => ({ deleted: await history.delete(runId) }),
    importRun: ({ text }) => history.import(runFileTextOf(text)),
    setRunTags: ({ runId, tags }) => history.setTags(runId, tags),
  };
}
