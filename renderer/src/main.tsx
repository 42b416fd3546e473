import './theme/tokens.css';
import './theme/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { App } from './App';
import { connectionErrors, createUnavailableApi, createWebBridge, type ConnectionProblem } from './bridge/web-bridge';
import { reloadWhenNewTokenArrives, takeWebToken } from './bridge/web-token';
import { useEngineLinkStore } from './stores/engine-link';
import { useRunsStore } from './stores/runs';

// zod would probe `new Function` for speed; the CSP forbids it and would log a violation.
z.config({ jitless: true });

/** Browser mode: no Electron preload, so the engine is reached over the WebSocket bridge. */
function installWebBridge(): void {
  const reportProblem = (problem: ConnectionProblem) => {
    useEngineLinkStore.getState().actions.reportProblem(problem);
    useRunsStore.getState().actions.abandonRunningRuns(problem.error);
  };
  const token = takeWebToken();
  reloadWhenNewTokenArrives();
  if (token) {
    window.nasbench = createWebBridge(token, reportProblem);
  } else {
    window.nasbench = createUnavailableApi(connectionErrors['no-token']);
    reportProblem({ kind: 'no-token', error: connectionErrors['no-token'] });
  }
}

if (window.nasbench === undefined) installWebBridge();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
