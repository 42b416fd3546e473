import path from 'node:path';
import { z } from 'zod';
import { JsonFile, versionedFormat } from '../store';

const ScratchParentsFile = z.object({
  schemaVersion: z.literal(1),
  /** By the NAS's host-key fingerprint: the NAS folders that held its scratch folders. */
  folders: z.record(z.string(), z.array(z.string())),
});

/**
 * Remembers which NAS folders held scratch folders, so the next connect can sweep what a
 * crash or a lost connection left behind, before the user picks a folder again. Keyed by the
 * NAS's host-key fingerprint: the same NAS reached at its Wi-Fi address, `name.local` or another
 * port is one NAS, and a different box that now answers at the old address is not it.
 */
export class ScratchParents {
  private readonly file: JsonFile<z.output<typeof ScratchParentsFile>>;

  constructor(dataDir: string) {
    this.file = new JsonFile(
      path.join(dataDir, 'scratch-folders.json'),
      versionedFormat('the list of folders that held test folders', 1, ScratchParentsFile),
    );
  }

  async list(fingerprint: string): Promise<string[]> {
    return (await this.read())[fingerprint] ?? [];
  }

  async add(fingerprint: string, folder: string): Promise<void> {
    const all = await this.read();
    const folders = new Set(all[fingerprint] ?? []);
    if (folders.has(folder)) return;
    all[fingerprint] = [...folders, folder].slice(-20);
    await this.file.write({ schemaVersion: 1, folders: all });
  }

  /** Best effort: a damaged list only means fewer leftovers are swept. */
  private async read(): Promise<Record<string, string[]>> {
    return (await this.file.read().catch(() => undefined))?.folders ?? {};
  }
}
