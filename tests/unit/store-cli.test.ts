import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../electron/cli/program';
import { RunStore } from '../../electron/engine/store';
import { sampleRunRecord } from '../helpers/run-records';
import { tempDir } from './helpers';

async function cli(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text), env: {} });
  return { code, stdout, stderr };
}

describe('nasbench runs', () => {
  it('lists saved runs newest first as the contract JSON, reporting an unreadable file without failing', async () => {
    const dataDir = await tempDir('cli-runs');
    const store = new RunStore(dataDir);
    await store.save(
      sampleRunRecord({ id: '11111111-1111-4111-8111-111111111111', startedAt: '2026-01-01T08:00:00.000Z' }),
    );
    await store.save(
      sampleRunRecord({ id: '22222222-2222-4222-8222-222222222222', startedAt: '2026-02-01T08:00:00.000Z' }),
    );
    await copyFile(
      path.join(__dirname, '../fixtures/runs/future-v2.json'),
      path.join(store.dir, '33333333-3333-4333-8333-333333333333.json'),
    );
    const { code, stdout, stderr } = await cli('--json', '--data-dir', dataDir, 'runs');
    expect(code).toBe(0);
    const result = JSON.parse(stdout) as { ok: boolean; kind: string; runs: object[]; problems: { file: string }[] };
    expect(result).toMatchObject({ ok: true, kind: 'runs' });
    expect(result.runs).toEqual([
      expect.objectContaining({
        id: '22222222-2222-4222-8222-222222222222',
        plan: 'quick',
        startedAt: '2026-02-01T08:00:00.000Z',
        host: '192.168.1.10',
      }),
      expect.objectContaining({ id: '11111111-1111-4111-8111-111111111111', plan: 'quick', host: '192.168.1.10' }),
    ]);
    expect(result.problems).toEqual([expect.objectContaining({ file: '33333333-3333-4333-8333-333333333333.json' })]);
    expect(stderr).toContain('newer NASBench');
  });

  it('shows the loopback demo run it just saved, in words', async () => {
    const dataDir = await tempDir('cli-runs-demo');
    expect((await cli('--json', '--data-dir', dataDir, 'demo', '--time', '1')).code).toBe(0);
    const { code, stdout } = await cli('--data-dir', dataDir, 'runs');
    expect(code).toBe(0);
    expect(stdout).toMatch(/demo\s+This computer\s+completed/);
    expect(stdout.trim().split('\n')).toHaveLength(1);
  });

  it('lists what the NAS itself did during a run with the run, beside the contract’s fields', async () => {
    const dataDir = await tempDir('cli-runs-nas-view');
    const store = new RunStore(dataDir);
    await mkdir(store.dir, { recursive: true });
    const saved = path.join(__dirname, '../fixtures/runs/lab-quick-nas-view.json');
    await copyFile(saved, path.join(store.dir, '55e282a5-3ba8-4ba4-89be-a238eb059bc1.json'));
    const { code, stdout } = await cli('--json', '--data-dir', dataDir, 'runs');
    expect(code).toBe(0);
    const { runs } = JSON.parse(stdout) as { runs: Record<string, unknown>[] };
    expect(runs[0]).toMatchObject({
      id: '55e282a5-3ba8-4ba4-89be-a238eb059bc1',
      plan: 'quick',
      host: '198.18.1.2',
      nasView: { cpuBusy: 1, process: { name: 'node' }, verdicts: ['nas-cpu-limit', 'nas-busy-before'] },
    });
  });

  it('says when there is no history yet', async () => {
    const { code, stdout } = await cli('--data-dir', await tempDir('cli-runs-empty'), 'runs');
    expect(code).toBe(0);
    expect(stdout).toContain('No saved runs yet');
  });
});
