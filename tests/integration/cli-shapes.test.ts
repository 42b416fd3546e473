// lab: needs a quiet machine — the verdicts' shapes follow the figures, and a busy machine changes which verdicts come
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../electron/cli/program';
import { shapeOf } from '../helpers/json-shape';
import { nasExec } from '../lab/lab';
import { tempDir } from '../unit/helpers';
import { lab } from './lab-login';

/**
 * The CLI's JSON is a contract (../shared/cli-contract.md): for the same inputs, every command
 * prints every field it printed before, with the same type, whatever the code behind it looks like
 * (fields may be added, as the contract allows). The shapes were recorded from the CLI before the engine's run path was redesigned
 * (tests/fixtures/cli-shapes/, written with NASBENCH_RECORD_SHAPES=1); this holds the CLI to them.
 */
const shapesDir = path.resolve('tests/fixtures/cli-shapes');
const recording = process.env.NASBENCH_RECORD_SHAPES === '1';
const folder = `${lab.share}/cli-shapes`;
let dataDir: string;
let shareDir: string;

beforeAll(async () => {
  nasExec(['rm', '-rf', folder]);
  expect(nasExec(['install', '-d', '-o', lab.users.test.name, '-g', lab.users.test.name, folder]).code).toBe(0);
  dataDir = await tempDir('cli-shapes');
  shareDir = await tempDir('cli-shapes-share');
  await mkdir(shapesDir, { recursive: true });
});
afterAll(() => {
  nasExec(['rm', '-rf', folder]);
});

async function nasbench(user: { name: string; password: string } | null, ...argv: string[]) {
  let stdout = '';
  const login = user ? ['--host', lab.legs.a.nas, '--user', user.name, '--trust-new-host'] : [];
  const [command = '', ...rest] = argv;
  const code = await runCli(['--json', '--data-dir', dataDir, command, ...login, ...rest], {
    stdout: (text) => (stdout += text),
    stderr: () => undefined,
    env: user ? { NASBENCH_PASSWORD: user.password } : {},
  });
  return { code, json: JSON.parse(stdout) as Record<string, unknown> };
}

/**
 * The fields of `recorded` missing from `actual` or of another type, as paths ("tests[].iops: number").
 * Fields may be added (the contract allows it); none may be dropped or change type.
 */
function missingFields(actual: unknown, recorded: unknown, where = ''): string[] {
  if (Array.isArray(recorded)) {
    if (!Array.isArray(actual)) return [`${where}: array`];
    return recorded.flatMap((element) =>
      actual.some((candidate) => missingFields(candidate, element).length === 0)
        ? []
        : missingFields(actual[0], element, `${where}[]`),
    );
  }
  if (recorded !== null && typeof recorded === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return [`${where}: object`];
    return Object.entries(recorded).flatMap(([key, inner]) =>
      key in actual
        ? missingFields((actual as Record<string, unknown>)[key], inner, `${where}.${key}`)
        : [`${where}.${key}: missing`],
    );
  }
  return actual === recorded ? [] : [`${where}: ${String(recorded)} (now ${JSON.stringify(actual)})`];
}

function holdsShape(name: string, json: unknown): void {
  const file = path.join(shapesDir, `${name}.json`);
  if (recording) writeFileSync(file, JSON.stringify(shapeOf(json), null, 1) + '\n');
  expect(existsSync(file), `${file} (record it with NASBENCH_RECORD_SHAPES=1)`).toBe(true);
  expect(missingFields(shapeOf(json), JSON.parse(readFileSync(file, 'utf8')))).toEqual([]);
}

describe('the CLI JSON keeps its shape', () => {
  const test = lab.users.test;

  it.each([
    ['info', null, ['info']],
    ['demo', null, ['demo', '--time', '1']],
    ['probe', test, ['probe']],
    ['net', test, ['net', '--time', '1']],
    ['net-reverse', test, ['net', '--reverse', '--time', '1']],
    ['disk', test, ['disk', '--dir', folder, '--time', '1', '--size', '16M']],
    ['disk-dd', lab.users.notools, ['disk', '--dir', lab.users.notools.home, '--size', '16M']],
    ['disk-refused', test, ['disk', '--dir', `${folder}/missing`, '--time', '1']],
    [
      'sweep',
      test,
      [
        'sweep',
        '--dir',
        folder,
        '--bs',
        '64k,1M',
        '--size',
        '8M',
        '--jobs',
        '1',
        '--max-runtime',
        '1',
        '--no-steady-state',
      ],
    ],
  ] as const)(
    '%s',
    async (name, user, argv) => {
      const result = await nasbench(user, ...argv);
      holdsShape(name, result.json);
    },
    120_000,
  );

  it('copy', async () => {
    holdsShape('copy', (await nasbench(null, 'copy', '--dir', shareDir, '--size', '8M')).json);
  }, 120_000);

  it('quick, runs and report', async () => {
    // The lab share mounted over leg a, as the recording's share was taken to be: a local folder is now called
    // what it is (issue #15), and its copy figures no longer count as the share's in the link-use verdict.
    const quick = await nasbench(
      test,
      'quick',
      '--dir',
      folder,
      '--share-dir',
      lab.clientMount.path,
      '--time',
      '1',
      '--disk-time',
      '1',
      '--share-size',
      '8M',
    );
    holdsShape('quick', quick.json);
    const runs = await nasbench(null, 'runs');
    holdsShape('runs', runs.json);
    const out = path.join(shareDir, 'report.json');
    holdsShape(
      'report',
      (await nasbench(null, 'report', String(quick.json.runId), '--format', 'json', '--out', out)).json,
    );
  }, 180_000);
});
