import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { tempDir } from './helpers';

/**
 * A stand-in for Electron's safeStorage (it needs the real app and OS keychain): encryption is
 * a reversible scramble here, and the backend can be switched to Linux's no-keyring fallback.
 */
const keychain = { backend: 'gnome_libsecret', available: true };
vi.mock('electron', () => ({
  safeStorage: {
    isEncryptionAvailable: () => keychain.available,
    getSelectedStorageBackend: () => keychain.backend,
    encryptString: (text: string) => Buffer.from(text, 'utf8').map((byte) => byte ^ 0x5a),
    decryptString: (data: Buffer) => Buffer.from(data.map((byte) => byte ^ 0x5a)).toString('utf8'),
  },
}));
const { keychainSecretStore } = await import('../../electron/main/keychain');

describe('remembered passwords (desktop app)', () => {
  beforeEach(() => {
    keychain.backend = 'gnome_libsecret';
    keychain.available = true;
  });

  it('stores only what the OS keychain encrypted, and reads it back', async () => {
    const dir = await tempDir('keychain');
    const store = keychainSecretStore(dir);
    expect(store.isAvailable()).toBe(true);
    await store.set('ssh-password:admin@nas:22', 'correct horse battery staple');
    const file = await readFile(path.join(dir, 'remembered-passwords.json'), 'utf8');
    expect(file).not.toContain('correct horse');
    expect(await store.get('ssh-password:admin@nas:22')).toBe('correct horse battery staple');
    expect(await store.delete('ssh-password:admin@nas:22')).toBe(true);
    expect(await store.get('ssh-password:admin@nas:22')).toBeUndefined();
  });

  it('refuses to remember anything where Linux has no keyring (basic_text) or no encryption', () => {
    keychain.backend = 'basic_text';
    expect(keychainSecretStore('/nowhere').isAvailable()).toBe(process.platform !== 'linux');
    keychain.available = false;
    expect(keychainSecretStore('/nowhere').isAvailable()).toBe(false);
  });
});
