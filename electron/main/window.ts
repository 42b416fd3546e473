import { BrowserWindow, type BrowserWindowConstructorOptions, type Session, type WebPreferences } from 'electron';

/**
 * Every window of the app is made by createSecureWindow, so no window can be created with
 * weaker settings by accident (Signal routes every window through one function the same way).
 */
export const secureWebPreferences = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webviewTag: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
  navigateOnDragDrop: false,
  safeDialogs: true,
  spellcheck: false,
} as const satisfies WebPreferences;

export interface SecureWindowOptions {
  preload: string;
  title: string;
  width?: number;
  height?: number;
  backgroundColor?: string;
}

export function createSecureWindow(options: SecureWindowOptions): BrowserWindow {
  const constructorOptions: BrowserWindowConstructorOptions = {
    title: options.title,
    width: options.width ?? 1200,
    height: options.height ?? 800,
    minWidth: 720,
    minHeight: 520,
    show: false,
    ...(options.backgroundColor ? { backgroundColor: options.backgroundColor } : {}),
    webPreferences: { ...secureWebPreferences, preload: options.preload },
  };
  const window = new BrowserWindow(constructorOptions);
  const contents = window.webContents;
  // The app is one page: any navigation or new window would be a way out of the sandbox.
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  window.once('ready-to-show', () => window.show());
  return window;
}

/**
 * A hidden window that only renders a document for printing (the report's PDF): the same secure
 * preferences, no preload, scripts off, in the session given (one that lets nothing load).
 */
export function createPrintWindow(session: Session): BrowserWindow {
  const window = new BrowserWindow({
    show: false,
    webPreferences: { ...secureWebPreferences, javascript: false, session },
  });
  const contents = window.webContents;
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  return window;
}

/** Denies every permission (camera, notifications, geolocation, …): the app needs none. */
export function hardenSession(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}
