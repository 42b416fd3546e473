/**
 * Where the desktop app keeps remembered passwords: the OS keychain, through Electron's
 * safeStorage (main passes an implementation in). The CLI and browser mode have none, so
 * they never remember a password anywhere.
 */
export interface SecretStore {
  isAvailable(): boolean;
  get(key: string): Promise<string | undefined>;
  set(key: string, secret: string): Promise<void>;
  delete(key: string): Promise<boolean>;
}

export function loginKey(username: string, host: string, port: number): string {
  return `ssh-password:${username}@${host.toLowerCase()}:${port}`;
}
