// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { builtinModules } from 'node:module';

/** Node's own modules, with and without the `node:` prefix. */
const nodeModules = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];

const noElectron = {
  name: 'electron',
  message:
    'The engine and shared/ run without Electron (CLI, browser mode, tests). Pass what you need in from electron/main.',
};
const noIpcOutsideWrappers = {
  name: 'electron',
  importNames: ['ipcMain', 'ipcRenderer'],
  message:
    'Only electron/main/ipc.ts and electron/preload/index.ts touch IPC; they are generated from shared/contract.',
};

/** The engine's capabilities: plain functions behind an index.ts, knowing nothing of runs, transports or sessions. */
const capabilities = ['ssh', 'probe', 'net', 'disk', 'copy', 'discovery', 'store', 'settings', 'report', 'nas-view'];
const capabilityInnerFiles = {
  regex: `^(\\.\\./)+(engine/)?(${capabilities.join('|')})/.+`,
  message:
    'Import a capability through its index.ts (e.g. ../disk), not its inner files: its index says what it offers.',
};
const noRunsFromCapabilities = {
  regex: '^(\\.\\./)+(runs|api|connections)(/|$)',
  message:
    'A capability (ssh, probe, net, disk, copy, discovery, store, settings, report) knows nothing of runs, the API or ' +
    'connections: take what you need as a parameter (a session, a scratch folder opener, a callback).',
};

/**
 * shared/ by what it holds, lowest first: the contract (with util) at the bottom; words used across kinds; each
 * result kind's own words (kinds/); the sweep, the verdicts and history; the report on top. A folder imports
 * only from below it, so the contract never depends on how a result is judged or shown.
 */
const sharedAbove = (folders, why) => ({
  regex: `^(\\.\\./)+(${folders.join('|')})(/|$)`,
  message: why,
});
const sharedLayers = {
  'shared/contract/**': sharedAbove(
    ['words', 'kinds', 'sweep', 'verdicts', 'history', 'report'],
    'The contract is what crosses the boundary: it imports only contract/ and util/. Move the schema here instead.',
  ),
  'shared/util/**': sharedAbove(
    ['words', 'kinds', 'sweep', 'verdicts', 'history', 'report'],
    'util/ holds units and small helpers under everything else: it imports only util/ and contract/.',
  ),
  'shared/words/**': sharedAbove(
    ['kinds', 'sweep', 'verdicts', 'history', 'report'],
    'words/ holds words used across kinds; a verdict, a kind, a sweep, history or the report builds on them, not under.',
  ),
  'shared/{kinds,sweep,verdicts,history}/**': sharedAbove(
    ['report'],
    'The report renders what the verdicts, sweeps, history and kinds give it; they never import the report.',
  ),
};

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // Pure code: no Electron, no Node, no DOM.
    files: ['shared/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron, ...nodeModules] }] },
  },
  ...Object.entries(sharedLayers).map(([glob, pattern]) => ({
    files: [glob],
    // A kind's descriptor and its report part (kinds/<kind>/report.ts) give the report its rows: they build on it.
    ignores: ['shared/kinds/descriptor.ts', 'shared/kinds/*/descriptor.ts', 'shared/kinds/*/report.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron, ...nodeModules], patterns: [pattern] }] },
  })),
  {
    files: ['electron/engine/**', 'electron/cli/**', 'electron/web/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron], patterns: [capabilityInnerFiles] }] },
  },
  {
    files: capabilities.map((name) => `electron/engine/${name}/**`),
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [noElectron], patterns: [capabilityInnerFiles, noRunsFromCapabilities] },
      ],
    },
  },
  {
    files: ['electron/main/**', 'electron/preload/**'],
    ignores: ['electron/main/ipc.ts', 'electron/preload/index.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [noIpcOutsideWrappers] }] },
  },
  {
    files: ['renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', message: 'The renderer talks only to window.nasbench.' },
            ...nodeModules.map((name) => ({
              name,
              message: 'The renderer runs in a sandboxed page: no Node modules.',
            })),
          ],
        },
      ],
    },
  },
);
