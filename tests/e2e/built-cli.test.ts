import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import packageJson from '../../package.json';

describe('the built nasbench command', () => {
  it('is what the package bin points at, and runs under plain Node', () => {
    expect(packageJson.bin.nasbench).toBe('out/main/cli.js');
    const run = spawnSync(
      process.execPath,
      [packageJson.bin.nasbench, '--json', 'info', '--data-dir', '/tmp/nasbench-e2e-bin'],
      {
        encoding: 'utf8',
      },
    );
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: true, kind: 'info', version: packageJson.version });
  });
});
