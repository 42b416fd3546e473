import { safeStorage } from 'electron';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import type { SecretStore } from '../engine/connections/secrets';

/**
 * Remembered passwords, encrypted with the OS keychain's key through Electron's safeStorage
 * (Keychain on macOS, DPAPI on Windows, the Secret Service or KWallet on Linux). The file
 * holds only ciphertext. Where Linux has no keyring, safeStorage falls back to a fixed key
 * ("basic_text"): that is not a keychain, so the app then refuses to remember passwords.
 */
export function keychainSecretStore(dataDir: string): SecretStore {
  const file = path.join(dataDir, 'remembered-passwords.json');
  const read = async (): Promise<Record<string, string>> => {
    try {
      const parsed = JSON.parse(await readFile(file, 'utf8')) as unknown;
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
    } catch {
      return {};
    }
  };
  const write = (entries: Record<string, string>) =>
    writeFileAtomic(file, JSON.stringify(entries, null, 2) + '\n', { mode: 0o600 });

  return {
    isAvailable: () =>
      safeStorage.isEncryptionAvailable() &&
      (process.platform !== 'linux' || safeStorage.getSelectedStorageBackend() !== 'basic_text'),
    async get(key) {
      const encrypted = (await read())[key];
      if (!encrypted) return undefined;
      try {
        return safeStorage.decryptString(Buffer.from(encrypted, 'base64'));
      } catch {
        return undefined; // the keychain changed: ask for the password again
      }
    },
    async set(key, secret) {
      const entries = await read();
      entries[key] = safeStorage.encryptString(secret).toString('base64');
      await write(entries);
    },
    async delete(key) {
      const entries = await read();
      if (!(key in entries)) return false;
      await write(Object.fromEntries(Object.entries(entries).filter(([name]) => name !== key)));
      return true;
    },
  };
}
