import type { MethodOutput } from '../../../shared/contract';
import type { Result } from '../../../shared/contract/errors';

type Listed = MethodOutput<'listRuns'>;

/** Rows of History's first screen and a little more: what the engine sends first. */
export const firstScreenful = 40;
/**
 * The rest comes in pages of this many runs. Every page is a message of its own, read (JSON, then
 * the contract's checks) in a task of its own: 10,000 runs in one message were a single task of
 * 80–310 ms (issue #34); a page of 500 takes a few milliseconds, and between two pages the window
 * takes clicks, scrolls and draws frames.
 */
export const pageSize = 500;

/**
 * Every saved run, newest first, a screenful first and then a page at a time, each page from the
 * same listing of the run files as the first. `onPage` is given each page as it comes (the first one
 * with `first` true); the answer is the whole list.
 */
export async function listRunsInPages(
  options: { figures?: boolean },
  onPage: (page: Listed, first: boolean) => void,
): Promise<Result<Listed>> {
  const first = await window.nasbench.listRuns({ ...options, newest: firstScreenful });
  if (!first.ok) return first;
  onPage(first.data, true);
  let listed = first.data;
  let lastPage = { asked: firstScreenful, got: listed.runs.length };
  while (lastPage.got === lastPage.asked && listed.runs.length < (listed.total ?? 0)) {
    const last = listed.runs.at(-1);
    const next = await window.nasbench.listRuns({
      ...options,
      newest: pageSize,
      ...(last ? { after: { startedAt: last.startedAt, id: last.id } } : {}),
      ...(listed.listing === undefined ? {} : { listing: listed.listing }),
    });
    if (!next.ok) return next;
    onPage(next.data, false);
    lastPage = { asked: pageSize, got: next.data.runs.length };
    listed = { ...next.data, runs: listed.runs.concat(next.data.runs) };
  }
  return { ok: true, data: listed };
}
