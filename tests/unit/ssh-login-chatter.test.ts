import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Server } from 'ssh2';
import { afterEach, describe, expect, it } from 'vitest';
import { connectToNas } from '../../electron/engine/ssh/connect';
import { KnownHosts } from '../../electron/engine/ssh/known-hosts';
import { maxKeptChars, maxLineChars } from '../../electron/engine/ssh/lines';
import { maxLoginChatterBytes } from '../../electron/engine/ssh/login-shell';
import type { NasLogin } from '../../electron/engine/ssh/login';
import { testHostKey } from '../helpers/host-key';
import { tempDir } from './helpers';

/**
 * A real SSH server (ssh2's) on loopback whose "login shell" is /bin/sh on this machine, with an rc
 * file: each command runs as sshd runs it, `SHELL -c COMMAND`, after the rc's lines (as Debian's bash
 * reads ~/.bashrc for `ssh host command`).
 */
const password = 'chatter-password';
let server: Server | undefined;
let sessions: NasLogin[] = [];

async function loginServer(rc: string) {
  server = new Server({ hostKeys: [testHostKey()] }, (client) => {
    client.on('authentication', (context) => {
      if (context.method === 'password' && context.password === password) context.accept();
      else context.reject(['password']);
    });
    client.on('ready', () =>
      client.on('session', (accept) =>
        accept().on('exec', (acceptExec, _reject, info) => {
          const channel = acceptExec();
          const shell = spawn('/bin/sh', ['-c', `${rc}\n${info.command}`], { stdio: 'pipe' });
          // The exit status goes before the channel's end: the shell's end must not end it first.
          shell.stdout.pipe(channel, { end: false });
          shell.stderr.pipe(channel.stderr, { end: false });
          channel.pipe(shell.stdin);
          shell.on('close', (code) => {
            channel.exit(code ?? 1);
            channel.end();
          });
          channel.on('close', () => shell.kill('SIGKILL'));
        }),
      ),
    );
    client.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port };
}

async function login(port: number): Promise<NasLogin> {
  const session = await connectToNas({
    host: '127.0.0.1',
    port,
    username: 'admin',
    auth: { kind: 'password', password },
    knownHosts: new KnownHosts(path.join(await tempDir('chatter'), 'known_hosts')),
    trustNewHost: true,
    connectTimeoutMs: 5_000,
  });
  sessions.push(session);
  return session;
}

afterEach(() => {
  for (const session of sessions) session.close();
  sessions = [];
  server?.close();
  server = undefined;
});

/** 40 MB of a welcome text, as a .bashrc that prints a file or runs a chatty tool on every command. */
const fortyMegabytes = "yes 'Welcome to the NAS (printed by .bashrc on every command)' | head -c 40000000";

describe('a login whose start-up files print', () => {
  it.each([
    ['stdout', fortyMegabytes],
    ['stderr', `${fortyMegabytes} >&2`],
    ['stdout, in one line with no line break', `head -c 40000000 /dev/zero | tr '\\0' x`],
  ] as const)(
    '40 MB on %s before every command: refused at connect with LOGIN_PRINTS_TOO_MUCH, having read a few MB of it',
    async (_stream, rc) => {
      const { port } = await loginServer(rc);
      const refused = await login(port).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).toMatchObject({
        code: 'LOGIN_PRINTS_TOO_MUCH',
        message: expect.stringMatching(/prints more than 4 MB before each command/),
        hint: expect.stringMatching(/~\/\.bashrc.*\[\[ \$- == \*i\* \]\] \|\| return/),
      });
      // It stopped reading at its bound, within one chunk of it, not at the 40 MB.
      const { bytesRead } = (refused as { details: { bytesRead: number } }).details;
      expect(bytesRead).toBeGreaterThan(maxLoginChatterBytes);
      expect(bytesRead).toBeLessThan(maxLoginChatterBytes + 1024 * 1024);
    },
    30_000,
  );

  it('a few lines on stdout and stderr, as the lab’s nbbashrc prints: connects, and none of them reach a command', async () => {
    const { port } = await loginServer('echo "Welcome to the bash NAS"; echo ".bashrc says this on stderr" >&2');
    const session = await login(port);
    expect(await session.output('echo ours')).toBe('ours\n');
    const result = await session.run('echo said >&2; printf "%s\\n" one two');
    expect(result).toEqual({ code: 0, signal: null, stdout: 'one\ntwo\n', stderr: 'said\n' });
  });
});

describe('what a command prints', () => {
  const longLine = `head -c ${3 * maxLineChars} /dev/zero | tr '\\0' x; echo; echo after`;

  it('is not kept when a line reader takes it; a line past 1 MiB reaches the reader cut, and the result says so', async () => {
    const { port } = await loginServer('true');
    const session = await login(port);
    const lines: string[] = [];
    const result = await session.run(longLine, { onStdoutLine: (line) => lines.push(line) });
    expect(lines.map((line) => line.length)).toEqual([maxLineChars, 5]);
    expect(lines[1]).toBe('after');
    expect(result.stdout).toBe('');
    expect(result.truncated).toEqual({ stdout: true, stderr: false });
  });

  it('is kept with a line past 1 MiB cut, marked as not whole; output() refuses to read it as whole', async () => {
    const { port } = await loginServer('true');
    const session = await login(port);
    const result = await session.run(longLine);
    expect(result.stdout).toBe(`${'x'.repeat(maxLineChars)}\nafter\n`);
    expect(result.truncated).toEqual({ stdout: true, stderr: false });
    await expect(session.output(longLine)).rejects.toMatchObject({
      code: 'PARSE_ERROR',
      message: expect.stringMatching(/printed more than NASBench reads/),
    });
  });

  it('is kept up to 16 MiB, however much more comes', async () => {
    const { port } = await loginServer('true');
    const session = await login(port);
    const result = await session.run(`yes 'a line of output' | head -c ${maxKeptChars + 4 * 1024 * 1024}`);
    expect(result.code).toBe(0);
    expect(result.stdout.length).toBe(maxKeptChars);
    expect(result.truncated?.stdout).toBe(true);
  }, 30_000);
});
