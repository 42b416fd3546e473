import { readFile } from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { z } from 'zod';

const File = z.record(z.string(), z.array(z.string()));

/**
 * Remembers which NAS folders held scratch folders, so the next connect can sweep what a
 * crash or a lost connection left behind, before the user picks a folder again.
 */
export class ScratchParents {
  private readonly file: string;

  constructor(dataDir: string) {
    this.file = path.join(dataDir, 'scratch-folders.json');
  }

  async list(host: string, port: number): Promise<string[]> {
    return (await this.read())[key(host, port)] ?? [];
  }

  async add(host: string, port: number, folder: string): Promise<void> {
    const all = await this.read();
    const folders = new Set(all[key(host, port)] ?? []);
    if (folders.has(folder)) return;
    all[key(host, port)] = [...folders, folder].slice(-20);
    await writeFileAtomic(this.file, JSON.stringify(all, null, 2) + '\n', { mode: 0o600 });
  }

  private async read(): Promise<z.infer<typeof File>> {
    try {
      return File.parse(JSON.parse(await readFile(this.file, 'utf8')));
    } catch {
      return {};
    }
  }
}

function key(host: string, port: number): string {
  return `${host.toLowerCase()}:${port}`;
}
