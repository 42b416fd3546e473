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
      (!filter.link || run.clientLink === filter.link) &&
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
    ...run.tags,
  ]
    .join(' ')
    .toLowerCase();
}

/** The choices each filter offers, from the runs themselves (a NAS by its latest name and address). */
export function filterChoices(runs: readonly RunSummary[]): {
  nases: { key: string; label: string; runs: number }[];
  links: string[];
  /** Each plan's id with its words ("Compare connections"), as the filter shows them. */
  plans: { value: string; label: string }[];
  /** How runs reached their shares, each once. */
  shares: string[];
  tags: string[];
} {
  const nases = new Map<string, { key: string; label: string; runs: number }>();
  // Newest first, so each NAS is named as it was last seen.
  for (const run of runs) {
    if (!run.nas) continue;
    const known = nases.get(run.nas.key);
    if (known) known.runs += 1;
    else nases.set(run.nas.key, { key: run.nas.key, label: `${run.nas.name} (${run.host})`, runs: 1 });
  }
  const distinct = (values: (string | null)[]) =>
    [...new Set(values.filter((value): value is string => Boolean(value)))].sort((a, b) => a.localeCompare(b));
  return {
    nases: [...nases.values()],
    links: distinct(runs.map((run) => run.clientLink)),
    plans: distinct(runs.map((run) => run.plan))
      .map((plan) => ({ value: plan, label: describePlan(plan) }))
      .sort((a, b) => a.label.localeCompare(b.label)),
    shares: distinct(runs.map((run) => run.share ?? null)),
    tags: distinct(runs.flatMap((run) => run.tags)),
  };
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
