import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileSystemOf } from '../../electron/engine/copy';

/**
 * A fresh folder on a real disk of this computer, named `<prefix>-…`: tmpfs, ramfs or overlay would measure
 * memory or the overlay, not a disk. It fails loudly where there is none (CI has /var/tmp on a disk).
 */
export async function freshDiskFolder(prefix: string): Promise<string> {
  for (const parent of ['/var/tmp', os.tmpdir()]) {
    const fileSystem = await fileSystemOf(parent);
    if (fileSystem && !['tmpfs', 'ramfs', 'overlay'].includes(fileSystem))
      return mkdtemp(path.join(parent, `${prefix}-`));
  }
  throw new Error('No folder on a disk file system here (/var/tmp and the temp folder are both in memory).');
}
