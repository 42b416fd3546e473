import { describe, expect, it } from 'vitest';
import { RunStore } from '../../electron/engine/store';
import { filterChoices, filterRuns, nasKeysNamed } from '../../shared/history/filter';
import { historyNases, makeHistory } from '../helpers/make-history';
import { tempDir } from './helpers';

/** 200 runs made from the recorded lab Quick check: two NASes, the first at two addresses. */
async function history() {
  const dataDir = await tempDir('history-filter');
  makeHistory(dataDir, 200);
  return (await new RunStore(dataDir).list()).runs;
}

describe("History's filters", () => {
  it('finds one NAS by any address it had, or its name or host key, and lists it once among the choices', async () => {
    const runs = await history();
    const [first, second] = historyNases;
    const byAddress = nasKeysNamed(runs, 'nas.local');
    expect(byAddress).toEqual([`host key ${first.fingerprint}`]);
    expect(nasKeysNamed(runs, '192.0.2.10')).toEqual(byAddress);
    expect(nasKeysNamed(runs, first.fingerprint)).toEqual(byAddress);
    expect(nasKeysNamed(runs, '192.0.2.20')).toEqual([`host key ${second.fingerprint}`]);
    const choices = filterChoices(runs);
    expect(choices.nases.map((nas) => [nas.key, nas.runs])).toEqual(
      expect.arrayContaining([
        [`host key ${first.fingerprint}`, 160],
        [`host key ${second.fingerprint}`, 40],
      ]),
    );
    expect(choices.nases).toHaveLength(2);
    // Both of the first NAS's addresses are in its runs.
    const firstRuns = filterRuns(runs, { nas: `host key ${first.fingerprint}` });
    expect(new Set(firstRuns.map((run) => run.host))).toEqual(new Set(first.addresses));
  });

  it('combines link, plan, tag, date and words, each narrowing the list', async () => {
    const runs = await history();
    const wifi = filterRuns(runs, { link: 'wifi' });
    expect(wifi.length).toBeGreaterThan(0);
    expect(wifi.every((run) => run.clientLink === 'wifi')).toBe(true);
    expect(filterRuns(runs, { plan: 'quick' })).toHaveLength(200);
    expect(filterRuns(runs, { plan: 'disk' })).toHaveLength(0);
    // The filter offers each plan in words, and finds it by them.
    expect(filterChoices(runs).plans).toEqual([{ value: 'quick', label: 'Quick check' }]);
    expect(filterRuns(runs, { search: 'quick check' })).toHaveLength(200);
    const tagged = filterRuns(runs, { tag: 'wi-fi' });
    expect(tagged.map((run) => run.tags)).toEqual(tagged.map(() => ['Wi-Fi']));
    const since = filterRuns(runs, { since: '2026-01-01' });
    expect(since.every((run) => run.startedAt >= '2026-01-01')).toBe(true);
    expect(since.length).toBeLessThan(runs.length);
    expect(filterRuns(runs, { search: 'quick 192.0.2.20' }).every((run) => run.host === '192.0.2.20')).toBe(true);
    expect(filterRuns(runs, { search: 'no such words' })).toEqual([]);
  });
});
