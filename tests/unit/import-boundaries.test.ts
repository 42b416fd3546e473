import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layering of design.md is enforced by ESLint (no-restricted-imports); this proves the
 * rule really fires, by linting small snippets as if they lived in each folder.
 */
const eslint = new ESLint();

async function restrictedImportErrors(code: string, filePath: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath });
  return result?.messages.filter((message) => message.ruleId === 'no-restricted-imports').length ?? -1;
}

describe('import boundaries', () => {
  it.each([
    ['electron/engine/ssh/connect.ts', "import { app } from 'electron';\nexport const name = app.name;\n"],
    ['shared/verdicts/answer.ts', "import { shell } from 'electron';\nexport const open = shell;\n"],
    ['shared/util/units.ts', "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n"],
    ['shared/report/report-model.ts', "import path from 'path';\nexport const join = path.join;\n"],
    ['renderer/src/App.tsx', "import { readFile } from 'node:fs/promises';\nexport const read = readFile;\n"],
    ['renderer/src/stores/runs.ts', "import os from 'os';\nexport const cpus = os.cpus;\n"],
    ['renderer/src/bridge.ts', "import { ipcRenderer } from 'electron';\nexport const ipc = ipcRenderer;\n"],
    ['electron/main/menu.ts', "import { ipcMain } from 'electron';\nexport const ipc = ipcMain;\n"],
    ['electron/cli/program.ts', "import { app } from 'electron';\nexport const a = app;\n"],
    ['electron/web/web-server.ts', "import { app } from 'electron';\nexport const a = app;\n"],
  ])('%s may not import that', async (filePath, code) => {
    expect(await restrictedImportErrors(code, filePath)).toBe(1);
  });

  it.each([
    ['electron/main/window.ts', "import { BrowserWindow } from 'electron';\nexport const W = BrowserWindow;\n"],
    ['electron/main/ipc.ts', "import { ipcMain } from 'electron';\nexport const ipc = ipcMain;\n"],
    ['electron/engine/data-folder.ts', "import os from 'node:os';\nexport const home = os.homedir;\n"],
    ['renderer/src/App.tsx', "import { formatRate } from '../../shared/util/units';\nexport const f = formatRate;\n"],
  ])('%s may import that', async (filePath, code) => {
    expect(await restrictedImportErrors(code, filePath)).toBe(0);
  });

  // The engine's capabilities know nothing of runs, the API or connections, and are entered by their index.
  it.each([
    [
      'electron/engine/disk/run.ts',
      "import type { RunRequest } from '../runs/registry';\nexport type R = RunRequest;\n",
    ],
    [
      'electron/engine/net/network-test.ts',
      "import { ConnectionManager } from '../connections/manager';\nexport const C = ConnectionManager;\n",
    ],
    [
      'electron/engine/probe/index.ts',
      "import { createEngine } from '../api/engine';\nexport const e = createEngine;\n",
    ],
    [
      'electron/engine/net/iperf-server/server.ts',
      "import { runHandlers } from '../../runs/handlers';\nexport const h = runHandlers;\n",
    ],
    [
      'electron/engine/runs/steps/disk.ts',
      "import { presetTests } from '../../disk/presets';\nexport const p = presetTests;\n",
    ],
    [
      'electron/engine/connections/manager.ts',
      "import { KnownHosts } from '../ssh/known-hosts';\nexport const K = KnownHosts;\n",
    ],
    [
      'electron/cli/commands/disk.ts',
      "import { runNasDiskTest } from '../../engine/disk/nas-disk-test';\nexport const r = runNasDiskTest;\n",
    ],
  ])('%s may not import that (capability boundaries)', async (filePath, code) => {
    expect(await restrictedImportErrors(code, filePath)).toBe(1);
  });

  it.each([
    [
      'electron/engine/runs/steps/disk.ts',
      "import { presetTests } from '../../disk';\nexport const p = presetTests;\n",
    ],
    ['electron/engine/disk/run.ts', "import { checkFioJob } from './job';\nexport const c = checkFioJob;\n"],
    ['electron/engine/disk/run.ts', "import { shellQuote } from '../ssh';\nexport const q = shellQuote;\n"],
    [
      'electron/engine/store/run-store.ts',
      "import { RunRecord } from '../../../shared/contract/runs';\nexport const R = RunRecord;\n",
    ],
    [
      'electron/cli/commands/serve.ts',
      "import { startIperfServer } from '../../engine/net';\nexport const s = startIperfServer;\n",
    ],
  ])('%s may import that (a capability by its index, or its own files)', async (filePath, code) => {
    expect(await restrictedImportErrors(code, filePath)).toBe(0);
  });

  // shared/ by what it holds: each folder imports only from the folders below it (contract and util at the bottom,
  // the report on top), so the contract never depends on how a result is judged or shown.
  it.each([
    ['shared/contract/runs/record.ts', "import { Rule } from '../../verdicts/rule';\nexport type R = Rule;\n"],
    ['shared/contract/verdict.ts', "import { renderReport } from '../report';\nexport const r = renderReport;\n"],
    [
      'shared/contract/network.ts',
      "import { describeUdp } from '../kinds/network/udp';\nexport const d = describeUdp;\n",
    ],
    ['shared/util/units.ts', "import { formatSpread } from '../words/spread';\nexport const f = formatSpread;\n"],
    ['shared/words/spread.ts', "import { figuresOfRun } from '../verdicts';\nexport const f = figuresOfRun;\n"],
    [
      'shared/words/cache.ts',
      "import { diskResultTable } from '../kinds/disk/words';\nexport const d = diskResultTable;\n",
    ],
    ['shared/verdicts/answer.ts', "import { renderReport } from '../report';\nexport const r = renderReport;\n"],
    [
      'shared/history/trends.ts',
      "import { reportModel } from '../report/report-model';\nexport const r = reportModel;\n",
    ],
    [
      'shared/sweep/grid.ts',
      "import { sweepSection } from '../report/sweep-section';\nexport const s = sweepSection;\n",
    ],
    ['shared/kinds/network/words.ts', "import { renderReport } from '../../report';\nexport const r = renderReport;\n"],
  ])('%s may not import that (shared/ layers)', async (filePath, code) => {
    expect(await restrictedImportErrors(code, filePath)).toBe(1);
  });

  it.each([
    ['shared/contract/run-events.ts', "import { Verdict } from './verdict';\nexport const V = Verdict;\n"],
    ['shared/contract/settings.ts', "import { RateUnit } from '../util/units';\nexport const R = RateUnit;\n"],
    [
      'shared/kinds/disk/words.ts',
      "import { diskCacheSummary } from '../../words/cache';\nexport const d = diskCacheSummary;\n",
    ],
    [
      'shared/verdicts/rules/udp-loss.ts',
      "import { describeUdp } from '../../kinds/network/udp';\nexport const d = describeUdp;\n",
    ],
    ['shared/history/compare-runs.ts', "import { figuresOfRun } from '../verdicts';\nexport const f = figuresOfRun;\n"],
    ['shared/report/html.ts', "import { explainFigures } from '../verdicts';\nexport const e = explainFigures;\n"],
    // A kind's descriptor and its part of the report build on the report's parts.
    ['shared/kinds/network/report.ts', "import { emptyRow } from '../../report/parts';\nexport const e = emptyRow;\n"],
    [
      'shared/kinds/load/descriptor.ts',
      "import { steadiness } from '../../report/parts';\nexport const s = steadiness;\n",
    ],
  ])('%s may import that (a folder below it in shared/)', async (filePath, code) => {
    expect(await restrictedImportErrors(code, filePath)).toBe(0);
  });
});
