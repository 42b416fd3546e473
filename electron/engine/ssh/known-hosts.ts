import { readFile } from 'node:fs/promises';
import writeFileAtomic from 'write-file-atomic';
import { describeHostKey, type HostKey } from './host-key';

export type HostKeyCheck = { status: 'trusted' } | { status: 'unknown' } | { status: 'changed'; pinned: HostKey[] };

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
    if (pinned.some((entry) => entry.type === key.type && entry.base64 === key.base64)) return { status: 'trusted' };
    return { status: 'changed', pinned };
  }

  /** The key types pinned for this host, so the connection can ask the server for one of those. */
  async pinnedTypes(host: string, port: number): Promise<string[]> {
    return [...new Set((await this.keysFor(host, port)).map((entry) => entry.type))];
  }

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

function hostPattern(host: string, port: number): string {
  const lower = host.toLowerCase();
  return port === 22 ? lower : `[${lower}]:${port}`;
}

function parseLine(line: string): { name: string; type: string; base64: string } | undefined {
  if (line.startsWith('#') || line.startsWith('@') || line.startsWith('|')) return undefined;
  const [names, type, base64] = line.trim().split(/\s+/);
  if (!names || !type || !base64) return undefined;
  // One line may list several names separated by commas; we write one name per line.
  return names.includes(',') ? undefined : { name: names.toLowerCase(), type, base64 };
}
