import { app, BrowserWindow, session } from 'electron';
import path from 'node:path';
import { createEngine, ensureDataDir, type Engine } from '../engine';
import { appFolderName } from '../engine/data-folder';
import { devServerUrlOf, mainPageUrl, registerAppScheme, serveRenderer } from './app-protocol';
import { registerIpcHandlers, sendEventToWindows, trustedOrigins } from './ipc';
import { keychainSecretStore } from './keychain';
import { electronPdfPrinter } from './report-pdf';
import { createSecureWindow, hardenSession } from './window';

/**
 * Electron wiring only: the data folder, the hardened window, and IPC generated from the
 * contract. Everything the app does lives in the engine.
 */
const devServerUrl = devServerUrlOf(app.isPackaged, process.env);
app.setName(appFolderName);
const dataDirArgument = process.argv.find((arg) => arg.startsWith('--data-dir='))?.slice('--data-dir='.length);
const chosenDataDir = dataDirArgument ?? process.env.NASBENCH_DATA_DIR;
if (chosenDataDir) app.setPath('userData', path.resolve(chosenDataDir));
app.enableSandbox();
registerAppScheme();

let engine: Engine | undefined;

function openMainWindow(): void {
  const window = createSecureWindow({
    title: 'NASBench',
    preload: path.join(__dirname, '../preload/index.js'),
  });
  void window.loadURL(mainPageUrl(devServerUrl));
}

app.on('web-contents-created', (_event, contents) => {
  // Belt and braces for any contents we did not create ourselves.
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
});

void app.whenReady().then(async () => {
  hardenSession(session.defaultSession);
  serveRenderer(path.join(__dirname, '../renderer'));
  const dataDir = await ensureDataDir(app.getPath('userData'));
  engine = createEngine({
    dataDir,
    mode: 'desktop',
    secrets: keychainSecretStore(dataDir),
    printPdf: electronPdfPrinter,
  });
  registerIpcHandlers(engine.dispatch, trustedOrigins(devServerUrl));
  engine.onEvent((event, payload) =>
    sendEventToWindows(() => BrowserWindow.getAllWindows().map((window) => window.webContents), event, payload),
  );
  openMainWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openMainWindow();
  });
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

let quitting = false;
app.on('before-quit', (event) => {
  // Give running tests the chance to stop remote tools and remove scratch files.
  if (quitting || !engine) return;
  event.preventDefault();
  quitting = true;
  void engine.shutdown().finally(() => app.quit());
});
