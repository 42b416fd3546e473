import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../electron/cli/program';
import { RunStore } from '../../electron/engine/store';
import { parseRunFile } from '../../shared/contract/runs';
import { allSeededSecrets, seededPrivateRun } from '../fixtures/report/seeded-private-run';
import { tempDir } from './helpers';

async function cli(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text), env: {} });
  return { code, stdout, stderr };
}

describe('nasbench report', () => {
  it('writes the file anonymised by default, and prints the contract JSON', async () => {
    const dataDir = await tempDir('cli-report');
    const run = seededPrivateRun();
    await new RunStore(dataDir).save(run);
    const out = path.join(dataDir, 'report.md');
    const { code, stdout } = await cli(
      '--json',
      '--data-dir',
      dataDir,
      'report',
      run.id,
      '--format',
      'md',
      '--out',
      out,
    );
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ ok: true, kind: 'report', format: 'md', out, anonymized: true });
    const text = await readFile(out, 'utf8');
    expect(text).toMatch(/^\| NAS disk \| SEQ1M Q8T1 read \| \d/m);
    expect(allSeededSecrets().filter((secret) => text.toLowerCase().includes(secret.toLowerCase()))).toEqual([]);
  });

  it('keeps every name with --no-anonymize (the JSON is then the saved run itself)', async () => {
    const dataDir = await tempDir('cli-report-plain');
    const run = seededPrivateRun();
    await new RunStore(dataDir).save(run);
    const out = path.join(dataDir, 'run.json');
    const { code, stdout } = await cli(
      '--data-dir',
      dataDir,
      'report',
      run.id,
      '--format',
      'json',
      '--out',
      out,
      '--no-anonymize',
    );
    expect(code).toBe(0);
    expect(stdout).toContain('Not anonymised');
    expect(parseRunFile(await readFile(out, 'utf8'))).toEqual(run);
  });

  it('exits 1 for a run that is not saved, 2 for a format it does not know', async () => {
    const dataDir = await tempDir('cli-report-bad');
    const missing = await cli(
      '--json',
      '--data-dir',
      dataDir,
      'report',
      '12345678-aaaa-4bbb-8ccc-123456789abc',
      '--format',
      'html',
    );
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.stdout)).toMatchObject({ ok: false, kind: 'report', error: { code: 'NOT_FOUND' } });
    const usage = await cli(
      '--json',
      '--data-dir',
      dataDir,
      'report',
      '12345678-aaaa-4bbb-8ccc-123456789abc',
      '--format',
      'docx',
    );
    expect(usage.code).toBe(2);
  });
});
