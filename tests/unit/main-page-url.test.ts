import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Result } from '../../shared/contract/errors';
import { ipcChannel } from '../../shared/contract/index';
import { electronMock } from './electron-mock';
import { tempDir } from './helpers';

type Handler = (event: { senderFrame?: { url: string } }, input: unknown) => Promise<Result<unknown>>;

/**
 * The parts of Electron that electron/main/index.ts touches, recording what it loads and which
 * IPC handlers it registers. The wiring under test (index.ts, app-protocol.ts, ipc.ts) is real.
 */
const electron = vi.hoisted(() => {
  const state = {
    isPackaged: true,
    userData: '',
    loaded: [] as string[],
    handlers: new Map<string, unknown>(),
    appListeners: new Map<string, (...args: unknown[]) => void>(),
    quit: undefined as undefined | (() => void),
  };
  const fakeSession = {
    setPermissionRequestHandler: () => undefined,
    setPermissionCheckHandler: () => undefined,
    setDevicePermissionHandler: () => undefined,
  };
  const app = {
    get isPackaged() {
      return state.isPackaged;
    },
    setName: () => undefined,
    setPath: () => undefined,
    enableSandbox: () => undefined,
    getPath: () => state.userData,
    whenReady: () => Promise.resolve(),
    on: (name: string, listener: (...args: unknown[]) => void) => state.appListeners.set(name, listener),
    quit: () => state.quit?.(),
  };
  return { state, app, fakeSession };
});

vi.mock('electron', () => {
  class RecordingWindow extends electronMock.BrowserWindow {
    static getAllWindows = () => [];
    loadURL(url: string): Promise<void> {
      electron.state.loaded.push(url);
      return Promise.resolve();
    }
  }
  return {
    ...electronMock,
    app: electron.app,
    BrowserWindow: RecordingWindow,
    session: { defaultSession: electron.fakeSession, fromPartition: () => electron.fakeSession },
    protocol: { registerSchemesAsPrivileged: () => undefined, handle: () => undefined },
    net: { fetch: () => Promise.reject(new Error('not in this test')) },
    safeStorage: { isEncryptionAvailable: () => false, getSelectedStorageBackend: () => 'basic_text' },
    ipcMain: { handle: (channel: string, handler: unknown) => electron.state.handlers.set(channel, handler) },
  };
});

const devServer = 'http://localhost:5173/';

/** Loads electron/main/index.ts afresh, as Electron would start it, and waits for its window. */
async function startMain(isPackaged: boolean): Promise<void> {
  electron.state.isPackaged = isPackaged;
  electron.state.userData = await tempDir('main-page');
  electron.state.loaded = [];
  electron.state.handlers.clear();
  electron.state.appListeners.clear();
  vi.resetModules();
  await import('../../electron/main/index');
  await vi.waitFor(() => expect(electron.state.loaded).toHaveLength(1));
}

/** What the app answers a call from a frame at this address. */
function callFrom(url: string): Promise<Result<unknown>> {
  const handler = electron.state.handlers.get(ipcChannel.method('getAppInfo')) as Handler;
  return handler({ senderFrame: { url } }, undefined);
}

beforeEach(() => {
  vi.stubEnv('ELECTRON_RENDERER_URL', devServer);
});

afterEach(async () => {
  vi.unstubAllEnvs();
  // Shut the engine down the way the app does on quit.
  const quitted = new Promise<void>((resolve) => (electron.state.quit = resolve));
  electron.state.appListeners.get('before-quit')?.({ preventDefault: () => undefined });
  await quitted;
});

describe('the page the main window loads', () => {
  it('is always the built renderer in a packaged app, whatever ELECTRON_RENDERER_URL says', async () => {
    await startMain(true);
    expect(electron.state.loaded).toEqual(['app://nasbench/index.html']);
    expect(await callFrom(`${devServer}index.html`)).toMatchObject({
      ok: false,
      error: { code: 'PERMISSION_DENIED' },
    });
    expect(await callFrom('app://nasbench/index.html')).toMatchObject({ ok: true });
  });

  it("is electron-vite's dev server in a development run, which is then trusted too", async () => {
    await startMain(false);
    expect(electron.state.loaded).toEqual([devServer]);
    expect(await callFrom(`${devServer}index.html`)).toMatchObject({ ok: true });
  });

  it('is the built renderer in a development run without a dev server', async () => {
    vi.stubEnv('ELECTRON_RENDERER_URL', '');
    await startMain(false);
    expect(electron.state.loaded).toEqual(['app://nasbench/index.html']);
  });
});
