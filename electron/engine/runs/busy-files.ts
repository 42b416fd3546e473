import { mkdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { NasbenchError } from '../../../shared/contract/errors';
import { JsonFile, type JsonFormat } from '../store';

const BusyNote = z.object({ pid: z.number().int(), title: z.string(), startedAt: z.string() });
type BusyNote = z.infer<typeof BusyNote>;

/** A claim on one name of a NAS. Notes are written whole and never changed, so they carry no version. */
const busyNoteFormat: JsonFormat<BusyNote> = {
  what: 'a claim on a NAS',
  parse: (json) => BusyNote.parse(json),
  serialize: (note) => note,
};

/**
 * One run per NAS across the processes that share a data folder (the desktop app, browser mode,
 * each `nasbench` command): a run claims a file per name of its NAS in `busy/`, and a second
 * process finds it there. Runs of one process are the RunRegistry's to judge, so files this
 * process wrote are left to it; a file whose process is gone (killed, crashed) is stale and taken over.
 */
export class BusyFiles {
  private readonly dir: string;

  constructor(
    dataDir: string,
    private readonly pid: number = process.pid,
  ) {
    this.dir = path.join(dataDir, 'busy');
  }

  /** Claims every name, or none: NAS_BUSY when another live process holds one. Resolves to the release. */
  async claim(names: readonly string[], title: string): Promise<() => Promise<void>> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const created: string[] = [];
    const release = async () => {
      await Promise.all(created.map((file) => unlink(file).catch(() => undefined)));
    };
    const note: BusyNote = { pid: this.pid, title, startedAt: new Date().toISOString() };
    try {
      for (const name of names) {
        const file = path.join(this.dir, `${name.replace(/[^A-Za-z0-9.-]/g, '_')}.json`);
        if (await this.take(file, note)) created.push(file);
      }
    } catch (error) {
      await release();
      throw error;
    }
    return release;
  }

  /** True when this call wrote the file; false when this process already holds it. */
  private async take(file: string, note: BusyNote): Promise<boolean> {
    const claim = new JsonFile(file, busyNoteFormat);
    for (let attempt = 0; attempt < 3; attempt++) {
      if (await claim.create(note)) return true;
      const holder = await claim.read().catch(() => undefined);
      if (holder?.pid === this.pid) return false;
      if (holder && isAlive(holder.pid)) {
        throw new NasbenchError(
          'NAS_BUSY',
          `Another NASBench (process ${holder.pid}) is already measuring this NAS: “${holder.title}”, started at ${holder.startedAt.slice(11, 19)} UTC.`,
          'Wait until it ends, or cancel it there, then start this one: two tests at once would measure each other, not the NAS.',
          { details: { pid: holder.pid } },
        );
      }
      // Its process is gone (killed, crashed) or the file is not a note: take it over.
      await unlink(file).catch(() => undefined);
    }
    throw new NasbenchError('NAS_BUSY', 'Could not claim the NAS for this run.', 'Try again in a moment.');
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is just someone else's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
