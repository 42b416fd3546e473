import { readdirSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { AppError, toAppError } from '../../../shared/contract/errors';
import { listOrder, RunSummary, type RunRecord } from '../../../shared/contract/runs';
import { summarizeRun } from '../../../shared/history/run-summary';
import { JsonFile, versionedFormat } from './json-file';

/**
 * Raised whenever summarizeRun starts to keep something new: an index made by an older NASBench
 * is then rebuilt from the run files instead of being trusted.
 */
// 3: like-for-like keys name the share's protocol and session (2), and the connection's name and interface (3);
// 4: how the share was reached, for History's filter and the trends' names;
// 5: what the NAS itself did (its processor, busiest process and drive, its verdicts), and the name the user
//    gave the connection, for History's line.
const summaryVersion = 5;

/** Which version of a run file an entry was made from: a save, a tag edit or a copy changes at least one. */
const FileStamp = z.object({ size: z.number(), mtimeMs: z.number(), ino: z.number() });
type FileStamp = z.infer<typeof FileStamp>;

const IndexFile = z.object({
  schemaVersion: z.literal(1),
  summaryVersion: z.number(),
  runs: z.array(z.object({ file: z.string(), stamp: FileStamp, summary: RunSummary })),
  problems: z.array(z.object({ file: z.string(), stamp: FileStamp, error: AppError })),
});
type IndexFile = z.infer<typeof IndexFile>;

export interface IndexedHistory {
  runs: RunSummary[];
  problems: { file: string; error: AppError }[];
}

const emptyIndex = (): IndexFile => ({ schemaVersion: 1, summaryVersion, runs: [], problems: [] });

const stampOf = (info: Stats): FileStamp => ({ size: info.size, mtimeMs: info.mtimeMs, ino: info.ino });
const sameStamp = (a: FileStamp, b: FileStamp) => a.size === b.size && a.mtimeMs === b.mtimeMs && a.ino === b.ino;

/**
 * History's index: a summary per run file (what the list, the filters and the trends need), so
 * listing does not read every run. The run files stay the source of truth: every listing checks
 * the index against the folder (one directory read and a stat per file — 35 ms for 10,000 runs
 * here) and re-reads only files that are new or changed since their entry was made; entries whose
 * file is gone are dropped. So a save, delete or tag edit that a crash cut between the run file and
 * the index is put right by the next listing, whichever of the two it reached, and a missing or
 * damaged index is rebuilt. The index itself is written atomically (json-file.ts).
 */
export class RunIndex {
  private readonly file: JsonFile<IndexFile>;
  /**
   * The index as last read or written by this process (the first of several listings at once
   * reads it), and the index file's stamp then: another process's write (the CLI beside the app)
   * changes the stamp, and the file is read again.
   */
  private cached: { index: Promise<IndexFile>; stamp: FileStamp | null } | null = null;

  constructor(
    dataDir: string,
    private readonly runsDir: string,
    private readonly runFileName: RegExp,
  ) {
    this.file = new JsonFile(
      path.join(dataDir, 'runs-index.json'),
      versionedFormat('the index of saved runs', 1, IndexFile),
    );
  }

  /** Every run's summary (newest first) and the files that could not be read, checked against the folder. */
  async list(read: (file: string) => Promise<RunRecord>): Promise<IndexedHistory> {
    const stored = await this.stored();
    const runsByFile = new Map(stored.runs.map((entry) => [entry.file, entry]));
    const problemsByFile = new Map(stored.problems.map((entry) => [entry.file, entry]));
    const next: IndexFile = { schemaVersion: 1, summaryVersion, runs: [], problems: [] };
    let changed = false;
    for (const file of this.runFiles()) {
      const stamp = this.stamp(file);
      // Removed between the directory read and now: no run.
      if (!stamp) continue;
      const known = runsByFile.get(file) ?? problemsByFile.get(file);
      if (known && sameStamp(known.stamp, stamp)) {
        if ('summary' in known) next.runs.push(known);
        else next.problems.push(known);
        continue;
      }
      changed = true;
      try {
        next.runs.push({ file, stamp, summary: summarizeRun(await read(file)) });
      } catch (error) {
        next.problems.push({ file, stamp, error: toAppError(error) });
      }
    }
    changed ||= next.runs.length + next.problems.length !== stored.runs.length + stored.problems.length;
    if (changed) await this.save(next);
    this.cached = { index: Promise.resolve(next), stamp: this.indexStamp() };
    const runs = next.runs.map((entry) => entry.summary);
    runs.sort(listOrder);
    return { runs, problems: next.problems.map(({ file, error }) => ({ file, error })) };
  }

  /** The index as stored; empty (so rebuilt from the files) when missing, damaged or made by another summary version. */
  private stored(): Promise<IndexFile> {
    const stamp = this.indexStamp();
    const current = this.cached && stamp && this.cached.stamp && sameStamp(stamp, this.cached.stamp);
    if (this.cached && current) return this.cached.index;
    const index = this.file.read().then(
      (read) => (read && read.summaryVersion === summaryVersion ? read : emptyIndex()),
      () => emptyIndex(),
    );
    this.cached = { index, stamp };
    return index;
  }

  private indexStamp(): FileStamp | null {
    try {
      return stampOf(statSync(this.file.file));
    } catch {
      return null;
    }
  }

  /** Best effort: an index that cannot be written only means the next listing reads more files. */
  private async save(index: IndexFile): Promise<void> {
    await this.file.write(index).catch(() => undefined);
  }

  private runFiles(): string[] {
    try {
      return readdirSync(this.runsDir).filter((name) => this.runFileName.test(name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  /** Synchronous on purpose: 10,000 stats take 35 ms this way and three times that through promises. */
  private stamp(file: string): FileStamp | null {
    try {
      return stampOf(statSync(path.join(this.runsDir, file)));
    } catch {
      return null;
    }
  }
}
