import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Server } from 'ssh2';
import { afterEach, describe, expect, it } from 'vitest';
import { testHostKey } from '../helpers/host-key';
import { connectToNas, type SshAuth } from '../../electron/engine/ssh/connect';
import { isPasswordPrompt } from '../../electron/engine/ssh/keyboard-interactive';
import { KnownHosts } from '../../electron/engine/ssh/known-hosts';
import { tempDir } from './helpers';

/**
 * A real SSH server (ssh2's) on loopback that offers only keyboard-interactive, as PAM setups and
 * two-step NAS logins do: it asks "Password:", and when `code` is set, then "Verification code:".
 * It records every answer, so the tests can see which prompt got what.
 */
const password = 'right-password';
const code = '123456';
let server: Server | undefined;

async function keyboardServer(withCode: boolean) {
  const answers: string[][] = [];
  const hostKey = testHostKey();
  server = new Server({ hostKeys: [hostKey] }, (client) => {
    client.on('authentication', (context) => {
      if (context.method !== 'keyboard-interactive') return context.reject(['keyboard-interactive']);
      const prompts = [{ prompt: 'Password: ', echo: false }];
      if (withCode) prompts.push({ prompt: 'Verification code: ', echo: true });
      context.prompt(prompts, 'Two-step sign-in', (replies) => {
        answers.push(replies);
        const ok = replies[0] === password && (!withCode || replies[1] === code);
        if (ok) context.accept();
        else context.reject();
      });
    });
    client.on('ready', () =>
      client.on('session', (accept) =>
        accept().on('exec', (acceptExec) => {
          const channel = acceptExec();
          channel.exit(0);
          channel.end();
        }),
      ),
    );
    client.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, answers };
}

afterEach(() => {
  server?.close();
  server = undefined;
});

async function login(port: number, auth: SshAuth) {
  const knownHosts = new KnownHosts(path.join(await tempDir('kbd'), 'known_hosts'));
  return connectToNas({
    host: '127.0.0.1',
    port,
    username: 'admin',
    auth,
    knownHosts,
    trustNewHost: true,
    connectTimeoutMs: 5_000,
  });
}

describe('passwords through keyboard-interactive', () => {
  it('answers a password prompt with the password and logs in', async () => {
    const { port, answers } = await keyboardServer(false);
    const session = await login(port, { kind: 'password', password });
    session.close();
    expect(answers).toEqual([[password]]);
  });

  it('never sends the password to a one-time-code prompt; asks for the code instead (AUTH_FAILED, secondFactor)', async () => {
    const { port, answers } = await keyboardServer(true);
    const error = await login(port, { kind: 'password', password }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      code: 'AUTH_FAILED',
      message: expect.stringContaining('Verification code'),
      details: { secondFactor: 'Verification code:' },
    });
    expect(answers.flat()).toEqual([password, '']);
  });

  it('sends the code the user typed to the code prompt and logs in', async () => {
    const { port, answers } = await keyboardServer(true);
    const session = await login(port, { kind: 'password', password, oneTimeCode: code });
    session.close();
    expect(answers).toEqual([[password, code]]);
  });

  it('says a wrong code was not accepted', async () => {
    const { port } = await keyboardServer(true);
    const error = await login(port, { kind: 'password', password, oneTimeCode: '000000' }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({
      code: 'AUTH_FAILED',
      message: expect.stringMatching(/did not accept the one-time code/),
    });
  });

  it('a wrong password is AUTH_FAILED, worded as for the password method', async () => {
    const { port } = await keyboardServer(false);
    const error = await login(port, { kind: 'password', password: 'wrong' }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      code: 'AUTH_FAILED',
      message: expect.stringMatching(/refused the user name or password/),
    });
  });

  it.each([
    ['Password: ', true],
    ["admin@DiskStation's password: ", true],
    ['Password for admin@nas.local: ', true],
    ['Verification code: ', false],
    ["One-time password (OATH) for `admin': ", false],
    ['Enter passcode or option (1-3): ', false],
    ['New password: ', false],
    ['Retype new password: ', false],
  ])('%j is a password prompt: %s', (prompt, expected) => {
    expect(isPasswordPrompt(prompt)).toBe(expected);
  });
});
