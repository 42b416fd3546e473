import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { Server } from 'ssh2';
import { afterEach, describe, expect, it } from 'vitest';
import { testHostKey } from '../helpers/host-key';
import { LAB_SCRIPT, readLab } from '../lab/lab';
import { openFreshWindow, submitPassword } from './connect-flow';
import { screenshot, useAppPage } from './harness';

/**
 * Connecting the way NASes in the field need it, in the built renderer: the same NAS at a second
 * address, SSH on another port (typed as host:port), a NAS reset on purpose (its key replaced after
 * a typed confirmation), passwords through keyboard-interactive, and a one-time code.
 */
const lab = readLab();
const current = useAppPage();

/** `ssh-keygen -lf` of a public key file: the fingerprint the NAS itself would show. */
function fingerprintOf(publicKeyFile: string): string {
  return execFileSync('ssh-keygen', ['-lf', publicKeyFile], { encoding: 'utf8' }).split(/\s+/)[1] ?? '';
}

async function addNas(address: string) {
  const { page, app } = current;
  await openFreshWindow(page, app);
  await page.getByTestId('nas-address').fill(address);
  await page.getByTestId('add-nas').click();
  await page.getByTestId('username').fill(lab.users.test.name);
}

async function trustAndWait() {
  await current.page.getByTestId('trust-host').click();
  await current.page.getByTestId('nas-details').waitFor({ timeout: 30_000 });
}

async function disconnect() {
  await current.page.getByTestId('disconnect').click();
  await current.page.getByTestId('username').waitFor();
}

describe('connecting to NASes as they are in the field', () => {
  it('recognises the same NAS at its second address: "already trusted as"', async () => {
    const { page } = current;
    await addNas(lab.legs.a.nas);
    await submitPassword(page, lab.users.test.password);
    await trustAndWait();
    await disconnect();

    await addNas(lab.legs.b.nas);
    await submitPassword(page, lab.users.test.password);
    const knownAs = page.getByTestId('known-as');
    await knownAs.waitFor();
    const dialog = await page.getByTestId('fingerprint-dialog').innerText();
    expect(dialog).toContain(`This is the NAS you already trust as ${lab.legs.a.nas}`);
    expect(await knownAs.innerText()).toContain(lab.legs.b.nas);
    await expect(page.getByTestId('trust-host').innerText()).resolves.toBe('Trust this address too');
    await screenshot(page, 'connect-known-as');
    await trustAndWait();
    expect(current.pageErrors).toEqual([]);
  });

  it('takes host:port, and replaces the key of a NAS reset on purpose only after a typed confirmation', async () => {
    const { page } = current;
    const rsa = lab.field.sshds.rsa;
    await addNas(`${lab.legs.a.nas}:${rsa.port}`);
    await expect(page.getByTestId('connect-host').innerText()).resolves.toBe(lab.legs.a.nas);
    await expect(page.getByTestId('chosen-address').innerText()).resolves.toContain(`SSH port ${rsa.port}`);
    const before = fingerprintOf(rsa.hostKeyPub);
    await submitPassword(page, lab.users.test.password);
    await expect(page.getByTestId('fingerprint-value').textContent()).resolves.toBe(before);
    await trustAndWait();
    await disconnect();

    const rekey = spawnSync('bash', [LAB_SCRIPT, 'rekey', 'rsa'], { encoding: 'utf8' });
    expect(rekey.status, rekey.stderr).toBe(0);
    const after = fingerprintOf(readLab().field.sshds.rsa.hostKeyPub);
    await page.getByTestId('password').fill(lab.users.test.password);
    await page.getByTestId('connect').click();
    const panel = page.getByTestId('host-key-mismatch');
    await panel.waitFor({ timeout: 30_000 });
    await expect(page.getByTestId('pinned-fingerprint').innerText()).resolves.toBe(before);
    await expect(page.getByTestId('new-fingerprint').innerText()).resolves.toBe(after);
    await page.getByTestId('forget-host-key').click();
    await page.getByTestId('forget-host-key-confirm').fill('wrong!');
    await page.getByTestId('replace-host-key').click();
    await expect(panel.innerText()).resolves.toMatch(/exactly/);
    await screenshot(page, 'connect-forget-key');
    await page.getByTestId('forget-host-key-confirm').fill(after.slice('SHA256:'.length, 'SHA256:'.length + 6));
    // The refused connect forgot the password, as every failed one does: it is typed again.
    await expect(page.getByTestId('password').inputValue()).resolves.toBe('');
    await page.getByTestId('replace-host-key').click();
    await expect(page.getByTestId('password').getAttribute('aria-invalid')).resolves.toBe('true');
    await page.getByTestId('password').fill(lab.users.test.password);
    await page.getByTestId('connect').click();
    await page.getByTestId('nas-details').waitFor({ timeout: 30_000 });
    expect(current.pageErrors).toEqual([]);
  });

  it('logs in where the NAS takes passwords only through keyboard-interactive', async () => {
    const { page } = current;
    await addNas(`${lab.legs.a.nas}:${lab.field.sshds.kbd.port}`);
    await submitPassword(page, lab.users.test.password);
    await trustAndWait();
    await expect(page.getByTestId('nas-tools').innerText()).resolves.toContain('fio');
  });

  it('says which programs another user planted were not run, and why, beside the install hint', async () => {
    const { page } = current;
    const planted = lab.field.sshds.planted;
    const login = lab.field.users.entware;
    await addNas(`${lab.legs.a.nas}:${planted.port}`);
    await page.getByTestId('username').fill(login.name);
    await submitPassword(page, login.password);
    await trustAndWait();
    const tools = await page.getByTestId('nas-tools').innerText();
    expect(tools).toContain('fio was found but not run');
    expect(tools).toContain('iperf3 was found but not run');
    const details = await page.getByTestId('nas-details').innerText();
    expect(details).toContain(
      'A fio was found in /opt/bin, but other users can write to /opt/bin, so NASBench did not run it.',
    );
    expect(details).toContain('sudo apt install fio iperf3');
    expect(existsSync(lab.field.plantedMark), 'a planted program ran').toBe(false);
    await screenshot(page, 'connect-planted-tools');
    expect(current.pageErrors).toEqual([]);
  });
});

describe('two-step sign-in', () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  /**
   * A NAS on loopback (ssh2's server) that asks for the password and then a code, and runs commands
   * with this machine's /bin/sh, as sshd runs them with the login shell.
   */
  async function nasAskingForACode(code: string): Promise<number> {
    server = new Server({ hostKeys: [testHostKey()] }, (client) => {
      client.on('authentication', (context) => {
        if (context.method !== 'keyboard-interactive') return context.reject(['keyboard-interactive']);
        const prompts = [
          { prompt: 'Password: ', echo: false },
          { prompt: 'Verification code: ', echo: true },
        ];
        context.prompt(prompts, (answers) =>
          answers[0] === lab.users.test.password && answers[1] === code ? context.accept() : context.reject(),
        );
      });
      client.on('ready', () =>
        client.on('session', (acceptSession) =>
          acceptSession().on('exec', (accept, _reject, info) => {
            const channel = accept();
            const shell = spawn('/bin/sh', ['-c', info.command], { stdio: ['pipe', 'pipe', 'pipe'] });
            shell.stdout.pipe(channel);
            shell.stderr.pipe(channel.stderr);
            channel.on('close', () => shell.kill());
            shell.on('close', (status) => {
              channel.exit(status ?? 1);
              channel.end();
            });
          }),
        ),
      );
      client.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  }

  it('asks for the code the NAS wants, in its own words, then connects', async () => {
    const { page } = current;
    const port = await nasAskingForACode('314159');
    await addNas(`127.0.0.1:${port}`);
    await submitPassword(page, lab.users.test.password);
    await page.getByTestId('trust-host').click();
    const field = page.getByTestId('one-time-code-field');
    await field.waitFor({ timeout: 30_000 });
    await expect(field.innerText()).resolves.toContain('Verification code:');
    await expect(page.locator(':focus').getAttribute('data-testid')).resolves.toBe('one-time-code');
    await screenshot(page, 'connect-one-time-code');
    await page.getByTestId('one-time-code').fill('000000');
    await page.getByTestId('connect').click();
    await page.getByTestId('connect-error').waitFor();
    await expect(page.getByTestId('connect-error').innerText()).resolves.toMatch(/did not accept the one-time code/);
    await page.getByTestId('one-time-code').fill('314159');
    await page.getByTestId('connect').click();
    await page.getByTestId('nas-details').waitFor({ timeout: 30_000 });
    expect(current.pageErrors).toEqual([]);
  });
});
