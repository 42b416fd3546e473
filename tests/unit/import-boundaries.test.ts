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
    ['shared/verdicts.ts', "import { shell } from 'electron';\nexport const open = shell;\n"],
    ['shared/units.ts', "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n"],
    ['shared/model.ts', "import path from 'path';\nexport const join = path.join;\n"],
    ['renderer/src/App.tsx', "import { readFile } from 'node:fs/promises';\nexport const read = readFile;\n"],
    ['renderer/src/stores/runs.ts', "import os from 'os';\nexport const cpus = os.cpus;\n"],
    ['renderer/src/bridge.ts', "import { ipcRenderer } from 'electron';\nexport const ipc = ipcRenderer;\n"],
    ['electron/main/menu.ts', "import { ipcMain } from 'electron';\nexport const ipc = ipcMain;\n"],
    ['electron/cli/program.ts', "import { app } from 'electron';\nexport const a = app;\n"],
    ['electron/web/server.ts', "import { app } from 'electron';\nexport const a = app;\n"],
  ])('%s may not import that', async (filePath, code) => {
    expect(await restrictedImportErrors(code, filePath)).toBe(1);
  });

  it.each([
    ['electron/main/window.ts', "import { BrowserWindow } from 'electron';\nexport const W = BrowserWindow;\n"],
    ['electron/main/ipc.ts', "import { ipcMain } from 'electron';\nexport const ipc = ipcMain;\n"],
    ['electron/engine/data-folder.ts', "import os from 'node:os';\nexport const home = os.homedir;\n"],
    ['renderer/src/App.tsx', "import { formatRate } from '../../shared/units';\nexport const f = formatRate;\n"],
  ])('%s may import that', async (filePath, code) => {
    expect(await restrictedImportErrors(code, filePath)).toBe(0);
  });
});
