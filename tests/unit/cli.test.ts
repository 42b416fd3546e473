import { spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import packageJson from '../../package.json';
import { runCli } from '../../electron/cli/program';
import { startIperfServer } from '../../electron/engine/net/iperf-server/server';
import { tempDir } from './helpers';

async function cli(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    env: {},
  });
  return { code, stdout, stderr };
}

describe('nasbench command line', () => {
  it('prints help and the version with exit status 0', async () => {
    const help = await cli('--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: nasbench');
    expect(help.stdout).toContain('--data-dir');
    expect(help.stdout).toContain('--json');
    const version = await cli('--version');
    expect(version).toMatchObject({ code: 0, stdout: `${packageJson.version}\n` });
  });

  it('answers bad usage with exit status 2, and with one JSON error object under --json', async () => {
    expect((await cli('no-such-command')).code).toBe(2);
    expect((await cli('--no-such-option')).code).toBe(2);
    const json = await cli('--json', 'no-such-command');
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout)).toMatchObject({
      ok: false,
      kind: 'usage',
      error: { code: 'INVALID_INPUT', message: expect.stringContaining('no-such-command'), hint: expect.any(String) },
    });
    const badValue = await cli('--json', 'demo', '--time', 'forever');
    expect(badValue.code).toBe(2);
    expect(JSON.parse(badValue.stdout)).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  });

  it('refuses a size in MB (10^6 or 2^20?) before connecting, saying to write M or MiB', async () => {
    const refused = await cli('--json', 'copy', '--dir', '/nowhere', '--size', '500MB');
    expect(refused.code).toBe(2);
    expect(JSON.parse(refused.stdout)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', message: expect.stringMatching(/500MB.*M or MiB/) },
    });
  });

  it('refuses net --latency without a login: the delay is timed over the SSH connection', async () => {
    const refused = await cli('--json', 'net', '--host', '127.0.0.1', '--iperf3-port', '5201', '--latency');
    expect(JSON.parse(refused.stdout)).toMatchObject({
      ok: false,
      kind: 'net',
      error: {
        code: 'INVALID_INPUT',
        message: expect.stringContaining('--latency'),
        hint: expect.stringContaining('--user'),
      },
    });
    expect(refused.code).not.toBe(0);
  });

  it("net --udp against a running iperf3 server: the contract's udp figures; --bitrate alone is refused", async () => {
    const server = await startIperfServer({ port: 0 });
    try {
      const dataDir = await tempDir('cli-udp');
      const port = String(server.port);
      const base = [
        '--json',
        '--data-dir',
        dataDir,
        'net',
        '--host',
        '127.0.0.1',
        '--iperf3-port',
        port,
        '--time',
        '1',
      ];
      const udp = await cli(...base, '--udp', '--bitrate', '20M');
      expect(udp.code, udp.stdout).toBe(0);
      const json = JSON.parse(udp.stdout) as { udp: Record<string, number> };
      expect(json.udp).toMatchObject({
        targetBitsPerSecond: 20e6,
        packets: expect.any(Number),
        lostPackets: expect.any(Number),
        lossPercent: expect.any(Number),
        jitterMs: expect.any(Number),
      });
      expect(json.udp.packets).toBeGreaterThan(0.9 * (20e6 / 8 / 1460));
      expect(Math.abs((json.udp.bitsPerSecond ?? 0) / 20e6 - 1)).toBeLessThan(0.05);

      const refused = await cli(...base, '--bitrate', '20M');
      expect(refused.code).not.toBe(0);
      expect(JSON.parse(refused.stdout)).toMatchObject({
        ok: false,
        error: {
          code: 'INVALID_INPUT',
          message: expect.stringContaining('--bitrate'),
          hint: expect.stringContaining('--udp'),
        },
      });
    } finally {
      await server.close();
    }
  });

  it('net --to-disk/--from-disk and --length: what does not go together is refused with what to do instead', async () => {
    const dataDir = await tempDir('cli-through-disk');
    const net = (...args: string[]) => cli('--json', '--data-dir', dataDir, 'net', '--host', '127.0.0.1', ...args);
    const cases: [string[], RegExp, RegExp][] = [
      [['--to-disk', '/volume1', '--from-disk', '/volume1'], /--to-disk and --from-disk/, /on its own/],
      [['--to-disk', '/volume1', '--reverse'], /--to-disk and --reverse/, /on its own/],
      [['--from-disk', '/volume1', '--streams', '4'], /--from-disk and --streams/, /on its own/],
      [['--to-disk', '/volume1', '--length', '4k,64k'], /a list of --length/, /on its own/],
      [['--to-disk', '/volume1'], /--to-disk runs iperf3 and fio on the NAS/, /--user/],
      [['--udp', '--length', '1460,9000', '--iperf3-port', '5201'], /one --length/, /one size/],
      [['--udp', '--length', '70000', '--iperf3-port', '5201'], /datagram holds/, /1460/],
    ];
    for (const [args, message, hint] of cases) {
      const refused = await net(...args);
      expect(refused.code, args.join(' ')).not.toBe(0);
      expect(JSON.parse(refused.stdout), args.join(' ')).toMatchObject({
        ok: false,
        error: { code: 'INVALID_INPUT', message: expect.stringMatching(message), hint: expect.stringMatching(hint) },
      });
    }
    // A TCP write size reaches the test and its result.
    const server = await startIperfServer({ port: 0 });
    try {
      const sized = await net(
        '--iperf3-port',
        String(server.port),
        '--time',
        '1',
        '--length',
        '4k',
        '--window',
        '256k',
      );
      expect(sized.code, sized.stdout).toBe(0);
      expect(JSON.parse(sized.stdout)).toMatchObject({ ok: true, lengthBytes: 4096, windowBytes: 262144 });
    } finally {
      await server.close();
    }
  });

  it('uses the data folder it is given, and creates it', async () => {
    const dataDir = path.join(await tempDir('cli'), 'data');
    const { code, stdout } = await cli('--json', '--data-dir', dataDir, 'info');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ ok: true, kind: 'info', dataDir, version: packageJson.version });
  });

  it('runs the loopback test headless: one JSON object on stdout, progress on stderr', async () => {
    const dataDir = await tempDir('cli-demo');
    const { code, stdout, stderr } = await cli('--json', '--data-dir', dataDir, 'demo', '--time', '1');
    expect(code).toBe(0);
    const result = JSON.parse(stdout) as {
      ok: boolean;
      kind: string;
      summary: { bytesPerSecond: number; bitsPerSecond: number };
      samples: [];
    };
    expect(result).toMatchObject({ ok: true, kind: 'demo' });
    expect(result.summary.bytesPerSecond).toBeGreaterThan(0);
    expect(result.summary.bitsPerSecond).toBe(result.summary.bytesPerSecond * 8);
    expect(result.samples.length).toBeGreaterThan(0);
    expect(stderr.trim().split('\n').length).toBe(result.samples.length);
  });

  it('leaves no Ctrl+C listener behind, whether its data folder opens or not', async () => {
    // In-process runs (these tests, the integration tests) would otherwise pile listeners up past
    // Node's MaxListeners warning: one per command whose engine failed to open.
    const before = process.listenerCount('SIGINT');
    const notAFolder = path.join(await tempDir('cli-not-a-folder'), 'file');
    await writeFile(notAFolder, '');
    const failed = await cli('--json', '--data-dir', notAFolder, 'demo', '--time', '1');
    expect(failed.code).not.toBe(0);
    expect(JSON.parse(failed.stdout)).toMatchObject({ ok: false, error: { code: expect.any(String) } });
    expect(process.listenerCount('SIGINT')).toBe(before);
    const ran = await cli('--json', '--data-dir', await tempDir('cli-demo-listeners'), 'demo', '--time', '1');
    expect(ran.code).toBe(0);
    expect(process.listenerCount('SIGINT')).toBe(before);
  });

  it('runs from a checkout with `npm run cli`', () => {
    const run = spawnSync('npm', ['run', '-s', 'cli', '--', '--version'], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe(packageJson.version);
  });
});
