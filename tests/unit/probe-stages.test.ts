import { describe, expect, it } from 'vitest';
import type { ProbeProgress } from '../../shared/contract/connect';
import { probeStages } from '../../electron/engine/connections/probe-stages';

/** A promise and the hand that settles it, so the test decides when each part of the probe ends. */
function gate<T>() {
  let open!: (value: T) => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<T>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

describe('the probe’s parts as they start and end', () => {
  it('says the NAS and this computer run side by side, then the link, each done as it ends', async () => {
    const said: ProbeProgress[] = [];
    const during = probeStages('s-1', (progress) => said.push(progress));
    const nas = gate<string>();
    const here = gate<string>();
    const both = Promise.all([during('nas', () => nas.promise), during('this-computer', () => here.promise)]);
    here.open('route');
    nas.open('facts');
    await expect(both).resolves.toEqual(['facts', 'route']);
    await during('link', async () => 'mtu');
    expect(said.map(({ running, done }) => ({ running, done }))).toEqual([
      { running: ['nas'], done: [] },
      { running: ['nas', 'this-computer'], done: [] },
      { running: ['nas'], done: ['this-computer'] },
      { running: [], done: ['this-computer', 'nas'] },
      { running: ['link'], done: ['this-computer', 'nas'] },
      { running: [], done: ['this-computer', 'nas', 'link'] },
    ]);
    expect(said.every((progress) => progress.sessionId === 's-1')).toBe(true);
  });

  it('a part that fails ends without being counted done, and its error goes on', async () => {
    const said: ProbeProgress[] = [];
    const during = probeStages('s-2', (progress) => said.push(progress));
    const nas = gate<never>();
    const running = during('nas', () => nas.promise);
    nas.fail(new Error('the NAS went away'));
    await expect(running).rejects.toThrow('the NAS went away');
    expect(said.at(-1)).toEqual({ sessionId: 's-2', running: [], done: [] });
  });
});
