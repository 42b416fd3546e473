import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { whoCanReach } from '../../electron/cli/commands/serve';

/** `nasbench serve` as the installed command runs it: one process, its output kept. */
function serve(args: string[]): { child: ChildProcess; stdout: () => string; stderr: () => string } {
  // One process, as the installed `nasbench` is: the `tsx` command would run the CLI in a child and relay
  // Ctrl+C to it, and when the child does not answer within 30 ms (two test files on two cores) it kills
  // the child and exits 130 — a full run failed on that twice.
  const child = spawn(process.execPath, ['--import', 'tsx', 'electron/cli/index.ts', '--json', 'serve', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A failed assertion must not leave the server holding the port for the next run.
  onTestFinished(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return { child, stdout: () => stdout, stderr: () => stderr };
}

/** The stock iperf3 client for one second; what it received. */
function oneTest(port: number): number {
  const client = spawnSync('iperf3', ['-c', '127.0.0.1', '-p', String(port), '-t', '1', '-J'], { encoding: 'utf8' });
  expect(client.status, `iperf3 -c: ${client.stderr}${client.stdout.slice(0, 2000)}`).toBe(0);
  return (JSON.parse(client.stdout) as { end: { sum_received: { bytes: number } } }).end.sum_received.bytes;
}

/** Whether a TCP connection to address:port is refused (nothing listens there). */
function refused(address: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: address, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

interface ServeResult {
  ok: boolean;
  kind: string;
  tests: { mode: string; receivedBytes: number; client: string }[];
}

describe('nasbench serve', () => {
  it('listens on the loopback by default, says who can reach it, and ends by itself after one test', async () => {
    const port = 5388;
    const { child, stdout, stderr } = serve(['--port', String(port)]);
    await expect.poll(stderr, { timeout: 15_000 }).toMatch(/It ends after one test/);
    expect(stderr()).toMatch(/Serving iperf3 tests on 127\.0\.0\.1:5388/);
    expect(stderr()).toMatch(/Only programs on this computer can reach it/);
    // 127.0.0.2 is this machine too, but not the address it listens on: nothing answers there.
    expect(await refused('127.0.0.2', port)).toBe(true);
    const clientBytes = oneTest(port);
    // No Ctrl+C: it ends on its own once the test is over.
    expect(await exited(child)).toBe(0);
    const result = JSON.parse(stdout()) as ServeResult;
    expect(result).toMatchObject({ ok: true, kind: 'serve', tests: [{ mode: 'forward', client: '127.0.0.1' }] });
    expect(result.tests[0]?.receivedBytes).toBe(clientBytes);
  }, 30_000);

  it('--keep serves test after test until Ctrl+C, then lists them all', async () => {
    const port = 5389;
    const { child, stdout, stderr } = serve(['--port', String(port), '--keep']);
    await expect.poll(stderr, { timeout: 15_000 }).toMatch(/Press Ctrl\+C to stop/);
    // The second test finds it still there (without --keep nothing would listen for it).
    const first = oneTest(port);
    const second = oneTest(port);
    child.kill('SIGINT');
    expect(await exited(child)).toBe(0);
    const result = JSON.parse(stdout()) as ServeResult;
    expect(result.tests.map((test) => test.receivedBytes)).toEqual([first, second]);
  }, 30_000);

  it('names who can reach it on a LAN address or on every address', () => {
    expect(whoCanReach('192.168.1.5', 5201)).toMatch(/^Every device that reaches 192\.168\.1\.5 at port 5201/);
    expect(whoCanReach('0.0.0.0', 5201)).toMatch(/on any of its networks/);
    expect(whoCanReach('0.0.0.0', 5201)).toMatch(/60 min and 1,000 Mb\/s of UDP/);
    expect(whoCanReach('::1', 5201)).toMatch(/^Only programs on this computer/);
  });
});
