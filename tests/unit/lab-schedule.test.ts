import { describe, expect, it } from 'vitest';
import { planPhases, type FileCost, type LabFile } from '../lab/lab-schedule';

const costs: Record<string, FileCost> = {
  'quiet-a': { seconds: 100, cpu: 150 },
  'quiet-b': { seconds: 80, cpu: 40 },
  'quiet-light-1': { seconds: 45, cpu: 9 },
  'quiet-light-2': { seconds: 35, cpu: 7 },
  'light-1': { seconds: 60, cpu: 10 },
  'light-2': { seconds: 50, cpu: 5 },
  'light-3': { seconds: 40, cpu: 8 },
  'light-4': { seconds: 30, cpu: 3 },
  'heavy-1': { seconds: 90, cpu: 160 },
  'heavy-2': { seconds: 70, cpu: 120 },
};
const file = (name: string): LabFile => ({ file: name, quiet: name.startsWith('quiet') });
const all = Object.keys(costs).map(file);

describe('planPhases: which lab file runs in which sandbox, and when', () => {
  it('runs a quiet file beside light files only, a phase per sandbox for those that are heavy themselves', () => {
    const phases = planPhases(all, costs, 2);
    const light = (name: string) => (costs[name]?.cpu ?? Infinity) / (costs[name]?.seconds ?? 1) <= 0.35;
    for (const phase of phases) {
      phase.files.forEach((files, lab) => {
        if (!files.some((name) => name.startsWith('quiet'))) return;
        const beside = phase.files.filter((_, other) => other !== lab).flat();
        for (const name of beside) expect(light(name), `${name} beside ${files.join(', ')}`).toBe(true);
      });
    }
    const heavyQuietPhases = phases.filter((phase) => phase.files.flat().some((name) => /^quiet-[ab]$/.test(name)));
    expect(heavyQuietPhases).toHaveLength(2);
    for (const phase of heavyQuietPhases) {
      // The light files beside them take no longer than the quiet ones.
      const seconds = phase.files.map((files) => files.reduce((sum, name) => sum + (costs[name]?.seconds ?? 0), 0));
      for (const each of seconds) expect(each).toBeLessThanOrEqual(phase.seconds);
    }
  });

  it('runs the quiet files that are light side by side, in one phase', () => {
    const phases = planPhases(all, costs, 2);
    const together = phases.find((phase) => phase.files.flat().includes('quiet-light-1'));
    expect(together?.files.map((files) => files.filter((name) => name.startsWith('quiet-light')))).toEqual([
      ['quiet-light-1'],
      ['quiet-light-2'],
    ]);
  });

  it('runs every file once, the rest dealt out longest first in the last phase', () => {
    const phases = planPhases(all, costs, 2);
    expect(phases.flatMap((phase) => phase.files.flat()).sort()).toEqual(Object.keys(costs).sort());
    const last = phases.at(-1);
    expect(last?.files.flat()).toEqual(expect.arrayContaining(['heavy-1', 'heavy-2']));
    expect(last?.files.map((files) => files[0])).toEqual(['heavy-1', 'heavy-2']);
  });

  it('deals the last phase over one sandbox more, which runs nothing while quiet files run', () => {
    const withThird = { ...costs, 'heavy-3': { seconds: 60, cpu: 100 } };
    const phases = planPhases([...all, file('heavy-3')], withThird, 2, 3);
    const last = phases.at(-1);
    for (const phase of phases) expect(phase.files).toHaveLength(3);
    for (const phase of phases.slice(0, -1)) expect(phase.files[2]).toEqual([]);
    expect(last?.files.every((files) => files.length > 0)).toBe(true);
    expect(phases.flatMap((phase) => phase.files.flat()).sort()).toEqual(Object.keys(withThird).sort());
  });

  it('with no quiet files, one phase; a file never recorded counts as the median and is not light', () => {
    const phases = planPhases(['light-1', 'heavy-1', 'new'].map(file), costs, 2);
    expect(phases).toHaveLength(1);
    expect(phases[0]?.files.flat().sort()).toEqual(['heavy-1', 'light-1', 'new']);
  });
});
