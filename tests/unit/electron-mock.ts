import { vi } from 'vitest';

/**
 * A stand-in for the parts of the `electron` module that main and preload touch. The
 * Electron binary cannot run here; these record how our code calls Electron so the tests can
 * check the settings it passes. The code under test (our hardening, IPC and preload) is real.
 */
export interface RecordedWindow {
  options: Record<string, unknown>;
  contentsListeners: Map<string, (event: { preventDefault(): void }) => void>;
  windowOpenHandler?: (details: { url: string }) => { action: string };
}

export const recorded = {
  windows: [] as RecordedWindow[],
  exposed: new Map<string, unknown>(),
  invoked: [] as { channel: string; input: unknown }[],
  rendererListeners: new Map<string, Set<(...args: unknown[]) => void>>(),
};

export class FakeBrowserWindow {
  webContents: Record<string, unknown>;
  constructor(options: Record<string, unknown>) {
    const record: RecordedWindow = { options, contentsListeners: new Map() };
    recorded.windows.push(record);
    this.webContents = {
      on: (name: string, listener: (event: { preventDefault(): void }) => void) =>
        record.contentsListeners.set(name, listener),
      setWindowOpenHandler: (handler: RecordedWindow['windowOpenHandler']) => {
        record.windowOpenHandler = handler;
      },
    };
  }
  once(): void {}
}

export const electronMock = {
  BrowserWindow: FakeBrowserWindow,
  ipcMain: { handle: () => undefined },
  contextBridge: {
    exposeInMainWorld: (key: string, api: unknown) => recorded.exposed.set(key, api),
  },
  ipcRenderer: {
    invoke: vi.fn((channel: string, input: unknown) => {
      recorded.invoked.push({ channel, input });
      return Promise.resolve({ ok: true, data: null });
    }),
    on: (channel: string, listener: (...args: unknown[]) => void) => {
      const set = recorded.rendererListeners.get(channel) ?? new Set();
      set.add(listener);
      recorded.rendererListeners.set(channel, set);
    },
    removeListener: (channel: string, listener: (...args: unknown[]) => void) =>
      recorded.rendererListeners.get(channel)?.delete(listener),
  },
};
