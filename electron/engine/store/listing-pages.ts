import { listOrder, type RunListPosition, type RunSummary } from '../../../shared/contract/runs';
import type { RunHistory } from './run-store';

/** The runs listed after `position` in the list's order (listOrder); all of them without one. */
export function runsAfter(runs: readonly RunSummary[], position: RunListPosition | undefined): readonly RunSummary[] {
  if (!position) return runs;
  // The list is sorted: the first run after the position is found by halving, not by a walk through 10,000.
  let low = 0;
  let high = runs.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (listOrder(runs[middle] as RunSummary, position) > 0) high = middle;
    else low = middle + 1;
  }
  return runs.slice(low);
}

/**
 * The last few listings of the run files, by name. Checking the index against every run file costs
 * tens of milliseconds with 10,000 runs (run-index.ts); History asks for its list a page at a time,
 * and each page after the first is read from the listing it continues. A page whose listing has been
 * let go comes from a new one, and starts after the same run all the same.
 */
export class RecentListings {
  private readonly kept = new Map<string, RunHistory>();
  private made = 0;

  constructor(private readonly keep = 4) {}

  get(name: string | undefined): { name: string; history: RunHistory } | undefined {
    const history = name === undefined ? undefined : this.kept.get(name);
    return name !== undefined && history ? { name, history } : undefined;
  }

  add(history: RunHistory): { name: string; history: RunHistory } {
    this.made += 1;
    const name = String(this.made);
    this.kept.set(name, history);
    // Oldest first in a Map: let go of the listings beyond the last few.
    for (const old of this.kept.keys()) {
      if (this.kept.size <= this.keep) break;
      this.kept.delete(old);
    }
    return { name, history };
  }
}
