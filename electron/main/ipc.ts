import { ipcMain, type IpcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { eventNames, ipcChannel, methodNames, type EventName } from '../../shared/contract/index';
import type { Result } from '../../shared/contract/errors';
import type { Dispatch } from '../engine/api/dispatch';

/** Decides whether a call comes from the app's own page (and not, say, an injected frame). */
export type SenderCheck = (frameUrl: string | undefined) => boolean;

/**
 * One `ipcMain.handle` per contract method. Input validation happens in the dispatcher;
 * here we only refuse calls whose sender frame is not the app's own page.
 */
export function registerIpcHandlers(
  dispatch: Dispatch,
  isTrusted: SenderCheck,
  ipc: Pick<IpcMain, 'handle'> = ipcMain,
): void {
  for (const name of methodNames) {
    ipc.handle(ipcChannel.method(name), (event: IpcMainInvokeEvent, input: unknown): Promise<Result<unknown>> => {
      if (!isTrusted(event.senderFrame?.url)) {
        return Promise.resolve({
          ok: false,
          error: {
            code: 'PERMISSION_DENIED',
            message: 'This request did not come from the NASBench window.',
            hint: 'Restart NASBench. If this keeps happening, something may be injecting content into the app.',
          },
        });
      }
      return dispatch(name, input);
    });
  }
}

/** Sends engine events to every open window of the app. */
export function sendEventToWindows(windows: () => WebContents[], event: EventName, payload: unknown): void {
  if (!eventNames.includes(event)) return;
  for (const contents of windows()) {
    if (!contents.isDestroyed()) contents.send(ipcChannel.event(event), payload);
  }
}

/** The app page is served from app://nasbench/ (or the dev server in development). */
export function trustedOrigins(devServerUrl: string | undefined): SenderCheck {
  const allowed = new Set(['app://nasbench']);
  if (devServerUrl) allowed.add(new URL(devServerUrl).origin);
  return (frameUrl) => {
    if (!frameUrl) return false;
    try {
      const url = new URL(frameUrl);
      return allowed.has(url.protocol === 'app:' ? `app://${url.host}` : url.origin);
    } catch {
      return false;
    }
  };
}
