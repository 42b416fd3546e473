import type { NasbenchApi } from '../../shared/contract/index';

declare global {
  interface Window {
    /** The engine, behind Electron's preload or browser mode's WebSocket bridge. Only store actions call it. */
    nasbench: NasbenchApi;
  }
}

export {};
