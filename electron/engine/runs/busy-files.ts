import { randomUUID } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { NasbenchError } from '../../../shared/errors';

interface BusyNote {
  pid: number;
  title: string;
  startedAt: string;
}

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
    for (let attempt = 0; attempt < 3; attempt++) {
      // Written whole under another name, then linked in place: a reader never sees half a note.
      const draft = `${file}.${randomUUID()}`;
      await writeFile(draft, JSON.stringify(note), { mode: 0o600 });
      try {
        await link(draft, file);
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      } finally {
        await unlink(draft).catch(() => undefined);
      }
      const holder = await readNote(file);
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

async function readNote(file: string): Promise<BusyNote | undefined> {
  try {
    const note = JSON.parse(await readFile(file, 'utf8')) as Partial<BusyNote>;
    if (typeof note.pid !== 'number' || typeof note.title !== 'string' || typeof note.startedAt !== 'string')
      return undefined;
    return { pid: note.pid, title: note.title, startedAt: note.startedAt };
  } catch {
    return undefined;
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
