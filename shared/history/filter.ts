import type { RunSummary } from '../contract/runs';
import { describePlan } from './trends';

/**
 * History's filters, the same for the app's list and `nasbench runs`: by NAS (its host key, so the
 * same box at any address), kind of link, plan, tag, date and free text. Pure and linear in the
 * number of runs: 10,000 runs filter in a few milliseconds, on every keystroke.
 */
export interface HistoryFilter {
  /** RunSummary.nas.key: one NAS, whatever address it had. */
  nas?: string;
  /** RunSummary.clientLink: "wifi", "ethernet", "usb-ethernet", … */
  link?: string;
  plan?: string;
  /** RunSummary.share: how the share copy reached the share ("SMB 3.1.1, signed, not encrypted"). */
  share?: string;
  /** Compared without case, as tags are. */
  tag?: string;
  /** Runs started on or after this ISO date or time. */
  since?: string;
  /** Words that must all appear in the run's title, NAS, address, tags or plan. */
  search?: string;
}

export function filterRuns(runs: readonly RunSummary[], filter: HistoryFilter): RunSummary[] {
  const tag = filter.tag?.trim().toLowerCase();
  const words = (filter.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const since = filter.since ? Date.parse(filter.since) : Number.NaN;
  return runs.filter(
    (run) =>
      (!filter.nas || run.nas?.key === filter.nas) &&
      // A link is a kind ("wifi") or a connection the user named ("Wi-Fi at the desk").
      (!filter.link || run.clientLink === filter.link || run.connection === filter.link) &&
      (!filter.plan || run.plan === filter.plan) &&
      (!filter.share || run.share === filter.share) &&
      (!tag || run.tags.some((each) => each.toLowerCase() === tag)) &&
      (Number.isNaN(since) || Date.parse(run.startedAt) >= since) &&
      (words.length === 0 || words.every((word) => searchText(run).includes(word))),
  );
}

function searchText(run: RunSummary): string {
  return [
    run.title,
    run.plan,
    describePlan(run.plan),
    run.share ?? '',
    run.host,
    run.nas?.name ?? '',
    run.clientLink ?? '',
    run.connection ?? '',
    ...run.tags,
  ]
    .join(' ')
    .toLowerCase();
}

/** The choices each filter offers, from the runs themselves (a NAS by its latest name and address). */
export interface FilterChoices {
  nases: { key: string; label: string; runs: number }[];
  links: string[];
  /** Each plan's id with its words ("Compare connections"), as the filter shows them. */
  plans: { value: string; label: string }[];
  /** How runs reached their shares, each once. */
  shares: string[];
  tags: string[];
}

/**
 * Filter choices of runs that come a page at a time, newest first (so each NAS is named as it was
 * last seen): each page adds its own runs, and the choices are ready the moment the last page is in,
 * with no pass over 10,000 runs in the task that draws them.
 */
export class FilterChoiceTally {
  private readonly nases = new Map<string, { key: string; label: string; runs: number }>();
  private readonly links = new Set<string>();
  private readonly plans = new Set<string>();
  private readonly shares = new Set<string>();
  private readonly tags = new Set<string>();

  add(runs: readonly RunSummary[]): this {
    for (const run of runs) {
      if (run.nas) {
        const known = this.nases.get(run.nas.key);
        if (known) known.runs += 1;
        else this.nases.set(run.nas.key, { key: run.nas.key, label: `${run.nas.name} (${run.host})`, runs: 1 });
      }
      if (run.clientLink) this.links.add(run.clientLink);
      if (run.connection) this.links.add(run.connection);
      if (run.plan) this.plans.add(run.plan);
      if (run.share) this.shares.add(run.share);
      for (const tag of run.tags) if (tag) this.tags.add(tag);
    }
    return this;
  }

  choices(): FilterChoices {
    const sorted = (values: Set<string>) => [...values].sort((a, b) => a.localeCompare(b));
    return {
      nases: [...this.nases.values()].map((nas) => ({ ...nas })),
      links: sorted(this.links),
      plans: sorted(this.plans)
        .map((plan) => ({ value: plan, label: describePlan(plan) }))
        .sort((a, b) => a.label.localeCompare(b.label)),
      shares: sorted(this.shares),
      tags: sorted(this.tags),
    };
  }
}

export function filterChoices(runs: readonly RunSummary[]): FilterChoices {
  return new FilterChoiceTally().add(runs).choices();
}

/**
 * The NASes a person names on the command line (`--nas`): by host-key fingerprint, name or any
 * address it had — every run of a NAS recognised so, at whatever address, belongs to it.
 */
export function nasKeysNamed(runs: readonly RunSummary[], text: string): string[] {
  const wanted = text.trim().toLowerCase();
  const keys = runs.flatMap((run) =>
    run.nas &&
    (run.nas.key.toLowerCase().endsWith(wanted) ||
      run.nas.name.toLowerCase() === wanted ||
      run.host.toLowerCase() === wanted ||
      run.host.toLowerCase().startsWith(`${wanted}:`))
      ? [run.nas.key]
      : [],
  );
  return [...new Set(keys)];
}
