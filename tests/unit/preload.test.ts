import { describe, expect, it, vi } from 'vitest';
import { ipcChannel, methodNames, type NasbenchApi } from '../../shared/contract/index';
import { electronMock, recorded } from './electron-mock';

vi.mock('electron', () => electronMock);
await import('../../electron/preload/index');

describe('preload bridge', () => {
  const api = recorded.exposed.get('nasbench') as NasbenchApi & Record<string, unknown>;

  it('exposes only window.nasbench, with exactly the contract methods and on()', () => {
    expect([...recorded.exposed.keys()]).toEqual(['nasbench']);
    expect(Object.keys(api).sort()).toEqual([...methodNames, 'on'].sort());
    for (const key of Object.keys(api)) expect(typeof api[key], key).toBe('function');
  });

  it('sends each method over its own channel with the input untouched', async () => {
    for (const name of methodNames) {
      await (api[name] as (input: unknown) => Promise<unknown>)({ probe: name });
      expect(recorded.invoked.at(-1)).toEqual({ channel: ipcChannel.method(name), input: { probe: name } });
    }
  });

  it('on() hides the Electron event object and returns a working unsubscribe', () => {
    const received: unknown[] = [];
    const unsubscribe = api.on('runProgress', (payload) => received.push(payload));
    const listeners = recorded.rendererListeners.get(ipcChannel.event('runProgress'));
    expect(listeners?.size).toBe(1);
    for (const listener of listeners ?? []) listener({ sender: 'electron internals' }, { kind: 'sample' });
    expect(received).toEqual([{ kind: 'sample' }]);
    unsubscribe();
    expect(listeners?.size).toBe(0);
  });
});
