import { readFile } from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { connectToNas } from '../../electron/engine/ssh/connect';
import { sha256Fingerprint } from '../../electron/engine/ssh/host-key';
import { LAB_SCRIPT, readHostKey, readLab } from '../lab/lab';
import { errorOf, freshKnownHosts, lab, labOptions, labSession } from './lab-login';

describe('SSH connect to the lab NAS', () => {
  it('logs in with a password, a key, and a key with a passphrase', async () => {
    const withPassword = await labSession();
    expect((await withPassword.run(['id', '-un'])).stdout.trim()).toBe(lab.users.test.name);
    withPassword.close();
    const key = await readFile(lab.users.test.key, 'utf8');
    const withKey = await labSession({ auth: { kind: 'key', privateKey: key } });
    expect((await withKey.run(['id', '-un'])).stdout.trim()).toBe(lab.users.test.name);
    withKey.close();
    const lockedKey = await readFile(lab.users.test.keyWithPassphrase, 'utf8');
    const withPassphrase = await labSession({
      auth: { kind: 'key', privateKey: lockedKey, passphrase: lab.users.test.passphrase },
    });
    expect((await withPassphrase.run(['id', '-un'])).stdout.trim()).toBe(lab.users.test.name);
    withPassphrase.close();
    const wrongPassphrase = await errorOf(
      labSession({ auth: { kind: 'key', privateKey: lockedKey, passphrase: 'nope' } }),
    );
    expect(wrongPassphrase.code).toBe('AUTH_FAILED');
  });

  it('refuses a wrong password with AUTH_FAILED, without repeating the password', async () => {
    const error = await errorOf(labSession({ auth: { kind: 'password', password: 'not-the-password-42' } }));
    expect(error.code).toBe('AUTH_FAILED');
    expect(error.hint.length).toBeGreaterThan(10);
    expect(JSON.stringify(error)).not.toContain('not-the-password-42');
  });

  it('reports UNREACHABLE within the connect timeout for a closed port and for a silent address', async () => {
    const started = performance.now();
    const refused = await errorOf(labSession({ port: 2222 }));
    expect(refused.code).toBe('UNREACHABLE');
    // An address on leg A's subnet where nobody answers: ARP fails, nothing leaves the link.
    const silent = await errorOf(labSession({ host: '198.18.1.77', connectTimeoutMs: 2_000 }));
    expect(silent.code).toBe('UNREACHABLE');
    expect(performance.now() - started).toBeLessThan(2_000 + 4_000);
  });

  it('refuses an unknown host key with HOST_KEY_UNKNOWN and its fingerprint, then pins it on trust', async () => {
    const knownHosts = await freshKnownHosts();
    const error = await errorOf(labSession({ knownHosts, trustNewHost: false }));
    const fingerprint = sha256Fingerprint(readHostKey().blob);
    expect(error.code).toBe('HOST_KEY_UNKNOWN');
    expect(error.details).toMatchObject({ fingerprint, keyType: 'ssh-ed25519' });
    const keygen = spawnSync('ssh-keygen', ['-lf', lab.ssh.hostKeyPub], { encoding: 'utf8' });
    expect(keygen.stdout).toContain(fingerprint);
    // Trusting a different fingerprint than the one shown does not pin anything.
    const wrongTrust = await errorOf(labSession({ knownHosts, trustNewHost: 'SHA256:' + 'A'.repeat(43) }));
    expect(wrongTrust.code).toBe('HOST_KEY_UNKNOWN');
    (await labSession({ knownHosts, trustNewHost: fingerprint })).close();
    (await labSession({ knownHosts, trustNewHost: false })).close();
  });

  it('refuses a changed host key with HOST_KEY_MISMATCH before any command runs', async () => {
    const knownHosts = await freshKnownHosts();
    (await labSession({ knownHosts })).close();
    const acceptedBefore = (await readFile(readLab().ssh.log, 'utf8')).split('Accepted ').length;
    const rekey = spawnSync('bash', [LAB_SCRIPT, 'rekey'], { encoding: 'utf8' });
    expect(rekey.status, rekey.stderr).toBe(0);
    const error = await errorOf(connectToNas(await labOptions({ knownHosts, trustNewHost: true })));
    expect(error.code).toBe('HOST_KEY_MISMATCH');
    expect(error.message).toContain(sha256Fingerprint(readHostKey().blob));
    expect(error.hint).toMatch(/intercept/);
    // sshd logs every login it accepts: the refused connection never authenticated.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const acceptedAfter = (await readFile(readLab().ssh.log, 'utf8')).split('Accepted ').length;
    expect(acceptedAfter).toBe(acceptedBefore);
  });
});
