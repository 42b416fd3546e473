import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { buildApi, ipcChannel } from '../../shared/contract/index';

/**
 * The page gets exactly the contract's methods and `on()`, nothing else: no ipcRenderer,
 * no Electron event objects (Bruno's preload strips them the same way).
 */
contextBridge.exposeInMainWorld(
  'nasbench',
  buildApi({
    call: (method, input) => ipcRenderer.invoke(ipcChannel.method(method), input),
    subscribe: (event, listener) => {
      const channel = ipcChannel.event(event);
      const forward = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
      ipcRenderer.on(channel, forward);
      return () => {
        ipcRenderer.removeListener(channel, forward);
      };
    },
  }),
);
