import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { electronMock, recorded } from './electron-mock';

vi.mock('electron', () => electronMock);
const { createSecureWindow, hardenSession, secureWebPreferences } = await import('../../electron/main/window');

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('window hardening', () => {
  it('creates windows with isolation, sandbox, no Node, no webview and the preload only', () => {
    createSecureWindow({ title: 'NASBench', preload: '/app/preload/index.js' });
    const window = recorded.windows.at(-1);
    expect(window?.options.webPreferences).toEqual({ ...secureWebPreferences, preload: '/app/preload/index.js' });
    expect(secureWebPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
    });
  });

  it('denies navigation, redirects, webviews and window.open', () => {
    createSecureWindow({ title: 'NASBench', preload: '/p.js' });
    const window = recorded.windows.at(-1);
    for (const name of ['will-navigate', 'will-redirect', 'will-attach-webview']) {
      const preventDefault = vi.fn();
      window?.contentsListeners.get(name)?.({ preventDefault });
      expect(preventDefault, name).toHaveBeenCalledOnce();
    }
    expect(window?.windowOpenHandler?.({ url: 'https://example.com' })).toEqual({ action: 'deny' });
  });

  it('denies every permission request and check', () => {
    const answers: boolean[] = [];
    const session = {
      setPermissionRequestHandler: (handler: (c: unknown, p: string, cb: (ok: boolean) => void) => void) =>
        handler({}, 'media', (ok) => answers.push(ok)),
      setPermissionCheckHandler: (handler: () => boolean) => answers.push(handler()),
      setDevicePermissionHandler: (handler: () => boolean) => answers.push(handler()),
    };
    hardenSession(session as unknown as Parameters<typeof hardenSession>[0]);
    expect(answers).toEqual([false, false, false]);
  });

  it('is the only place in the app that constructs a BrowserWindow', async () => {
    const files = await sourceFiles(path.resolve('electron'));
    const constructing = [];
    for (const file of files) {
      if ((await readFile(file, 'utf8')).includes('new BrowserWindow(')) constructing.push(path.relative('.', file));
    }
    expect(constructing).toEqual(['electron/main/window.ts']);
  });
});
