import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Test files are named after what they test, mirroring the source tree (docs/contributing.md): a unit
 * test's name, or its first one or two words, is the name of a module or folder of the product or of tests/
 * itself or its git hooks ("report-markdown" for shared/report/markdown.ts, "run-steps" for runs/run-steps.ts).
 */
const notModules: Record<string, string> = {
  'import-boundaries': 'the layering rules of eslint.config.mjs',
  'packaging-config': 'electron-builder.yml',
  readme: 'README.md and the docs/ pages it links',
  'start-launcher': 'electron/start.mjs, the npm start launcher',
  'test-names': 'this rule itself',
};

function namesInTree(): Set<string> {
  const files = execFileSync(
    'git',
    ['ls-files', 'shared', 'electron', 'renderer', 'tests/bench', 'tests/lab', 'tests/helpers', '.githooks'],
    {
      encoding: 'utf8',
    },
  )
    .split('\n')
    .filter((file) => /\.(ts|tsx|mts|mjs)$/.test(file) || file.startsWith('.githooks/'));
  const names = new Set<string>();
  for (const file of files) {
    names.add(path.basename(file).replace(/\.(ts|tsx|mts|mjs)$/, ''));
    for (const folder of path.dirname(file).split('/')) names.add(folder);
  }
  return names;
}

describe('unit test file names', () => {
  it('name the module or folder each file tests', () => {
    const names = namesInTree();
    const unnamed = readdirSync('tests/unit')
      .filter((file) => file.endsWith('.test.ts'))
      .map((file) => file.replace(/\.test\.ts$/, ''))
      .filter((name) => !(name in notModules))
      .filter((name) => {
        const words = name.split('-');
        return ![name, words[0], words.slice(0, 2).join('-')].some((candidate) => candidate && names.has(candidate));
      });
    expect(unnamed).toEqual([]);
  });
});
