import { spawn, spawnSync } from 'node:child_process';
import { describe, expect, it, onTestFinished } from 'vitest';

describe('nasbench serve', () => {
  it('serves a stock iperf3 client, and lists its tests in one JSON object when stopped', async () => {
    const port = 5388;
    // One process, as the installed `nasbench` is: the `tsx` command would run the CLI in a child and relay
    // Ctrl+C to it, and when the child does not answer within 30 ms (two test files on two cores) it kills
    // the child and exits 130 — a full run failed on that twice.
    const server = spawn(
      process.execPath,
      ['--import', 'tsx', 'electron/cli/index.ts', '--json', 'serve', '--port', String(port), '--bind', '127.0.0.1'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    // A failed assertion must not leave the server holding the port for the next run.
    onTestFinished(() => {
      if (server.exitCode === null) server.kill('SIGKILL');
    });
    let stdout = '';
    let stderr = '';
    server.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    server.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await expect.poll(() => stderr, { timeout: 15_000 }).toMatch(/Serving iperf3 tests/);
    const client = spawnSync('iperf3', ['-c', '127.0.0.1', '-p', String(port), '-t', '1', '-J'], { encoding: 'utf8' });
    expect(client.status, `iperf3 -c: ${client.stderr}${client.stdout.slice(0, 2000)}`).toBe(0);
    const clientBytes = (JSON.parse(client.stdout) as { end: { sum_received: { bytes: number } } }).end.sum_received
      .bytes;
    server.kill('SIGINT');
    const code = await new Promise((resolve) => server.once('exit', resolve));
    expect(code).toBe(0);
    const result = JSON.parse(stdout) as {
      ok: boolean;
      kind: string;
      tests: { mode: string; receivedBytes: number }[];
    };
    expect(result).toMatchObject({ ok: true, kind: 'serve', tests: [{ mode: 'forward' }] });
    expect(result.tests[0]?.receivedBytes).toBe(clientBytes);
  }, 30_000);
});
