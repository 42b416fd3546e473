import { readFile } from 'node:fs/promises';
import writeFileAtomic from 'write-file-atomic';
import { describeHostKey, type HostKey } from './host-key';

export type HostKeyCheck = { status: 'trusted' } | { status: 'unknown' } | { status: 'changed'; pinned: HostKey[] };

/**
 * OpenSSH names an RSA key `ssh-rsa` in known_hosts whatever hash signs with it. Servers from
 * OpenSSH 8.8 on refuse the SHA-1 signature that `ssh-rsa` means on the wire, so a pinned RSA key
 * is asked for as rsa-sha2-512/256 first: the same key, signed with SHA-2.
 */
const signatureAlgorithms: Record<string, string[]> = {
  'ssh-rsa': ['rsa-sha2-512', 'rsa-sha2-256', 'ssh-rsa'],
};

/**
 * Pinned host keys, in OpenSSH's known_hosts format (`host keytype base64`, or
 * `[host]:port …` for other ports) so people can read and edit the file with tools they know.
 * Lines we do not understand (comments, hashed hosts, markers) are kept as they are.
 */
export class KnownHosts {
  constructor(private readonly file: string) {}

  async check(host: string, port: number, key: HostKey): Promise<HostKeyCheck> {
    const pinned = await this.keysFor(host, port);
    if (pinned.length === 0) return { status: 'unknown' };
    if (pinned.some((entry) => sameKey(entry, key))) return { status: 'trusted' };
    return { status: 'changed', pinned };
  }

  /**
   * The host-key algorithms to ask this host for, so a server with several keys shows the one we
   * pinned and cannot look "changed"; empty when nothing is pinned (then any key type is fine).
   */
  async pinnedAlgorithms(host: string, port: number): Promise<string[]> {
    const types = (await this.keysFor(host, port)).map((entry) => entry.type);
    return [...new Set(types.flatMap((type) => signatureAlgorithms[type] ?? [type]))];
  }

  /**
   * The other names this exact key is pinned under (`10.0.0.5`, `nas.local:2222`): the same NAS
   * reached at another address or port, recognised by its key rather than by the name typed.
   */
  async namesOf(key: HostKey, except?: { host: string; port: number }): Promise<string[]> {
    const skip = except ? hostPattern(except.host, except.port) : undefined;
    const names = (await this.lines()).flatMap((line) => {
      const entry = parseLine(line);
      return entry && entry.name !== skip && entry.type === key.type && entry.base64 === key.base64
        ? [readableName(entry.name)]
        : [];
    });
    return [...new Set(names)];
  }

  /** Pins `key` for this host and port, replacing whatever was pinned for exactly that name. */
  async pin(host: string, port: number, key: HostKey): Promise<void> {
    const lines = await this.lines();
    const name = hostPattern(host, port);
    const kept = lines.filter((line) => parseLine(line)?.name !== name);
    kept.push(`${name} ${key.type} ${key.base64}`);
    await writeFileAtomic(this.file, kept.join('\n') + '\n', { mode: 0o600 });
  }

  private async keysFor(host: string, port: number): Promise<HostKey[]> {
    const name = hostPattern(host, port);
    return (await this.lines()).flatMap((line) => {
      const entry = parseLine(line);
      return entry && entry.name === name ? [describeHostKey(Buffer.from(entry.base64, 'base64'))] : [];
    });
  }

  private async lines(): Promise<string[]> {
    try {
      return (await readFile(this.file, 'utf8')).split('\n').filter((line) => line.trim() !== '');
    } catch {
      return [];
    }
  }
}

function sameKey(a: HostKey, b: HostKey): boolean {
  return a.type === b.type && a.base64 === b.base64;
}

function hostPattern(host: string, port: number): string {
  const lower = host.toLowerCase();
  return port === 22 ? lower : `[${lower}]:${port}`;
}

/** `[nas.local]:2222` as people type it: `nas.local:2222` (an IPv6 address keeps its brackets). */
function readableName(pattern: string): string {
  const bracketed = /^\[(.+)\]:(\d+)$/.exec(pattern);
  if (!bracketed) return pattern;
  const [, host = '', port = ''] = bracketed;
  return host.includes(':') ? pattern : `${host}:${port}`;
}

function parseLine(line: string): { name: string; type: string; base64: string } | undefined {
  if (line.startsWith('#') || line.startsWith('@') || line.startsWith('|')) return undefined;
  const [names, type, base64] = line.trim().split(/\s+/);
  if (!names || !type || !base64) return undefined;
  // One line may list several names separated by commas; we write one name per line.
  return names.includes(',') ? undefined : { name: names.toLowerCase(), type, base64 };
}
