import { randomUUID } from 'node:crypto';
import { mkdir, readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { NasbenchError, type AppError } from '../../../shared/contract/errors';
import { RunId } from '../../../shared/contract/run-events';
import {
  normalizeTags,
  parseRunFile,
  parseRunRecord,
  RunRecord,
  RunTags,
  type RunSummary,
} from '../../../shared/contract/runs';
import { summarizeRun } from '../../../shared/history/run-summary';
import { JsonFile, type JsonFormat } from './json-file';
import { RunIndex } from './run-index';

/** A run file is `<run id>.json`; anything else in the folder (write-file-atomic's temp files) is not a run. */
const runFileName = /^[A-Za-z0-9-]{8,64}\.json$/;
/** write-file-atomic writes `<name>.<number>` next to the file, then renames it over. */
const tempFileName = /^[A-Za-z0-9-]{8,64}\.json\.\d+$/;
/** A run file in any format NASBench ever wrote, upgraded to the current one (shared/contract/runs/migrate.ts). */
const runFormat: JsonFormat<RunRecord> = {
  what: 'a saved run',
  parse: parseRunRecord,
  serialize: (record) => RunRecord.parse(record),
};

export interface RunHistory {
  runs: RunSummary[];
  /** Files that could not be read: skipped, and said so, never breaking the list. */
  problems: { file: string; error: AppError }[];
}

/**
 * Saved runs: one JSON file per run in `<data folder>/runs/`. Every write is atomic (a temp
 * file, fsync, rename), so a crash or a kill mid-save leaves the old file or the new one,
 * never half of one. Every read is validated and migrated to the current run format. The list
 * comes from an index beside the folder that is checked against the files on every listing.
 */
export class RunStore {
  readonly dir: string;
  /** Tag edits of one run go one after another, so two quick edits cannot undo each other. */
  private readonly queues = new Map<string, Promise<unknown>>();

  private readonly index: RunIndex;

  constructor(dataDir: string) {
    this.dir = path.join(dataDir, 'runs');
    this.index = new RunIndex(dataDir, this.dir, runFileName);
  }

  async save(record: RunRecord): Promise<void> {
    const valid = RunRecord.parse(record);
    await mkdir(this.dir, { recursive: true, mode: 0o700 }).catch(() => undefined);
    await this.fileOfRun(valid.id).write(valid);
  }

  /** Newest first, from History's index (run-index.ts), which checks itself against the run files. */
  list(): Promise<RunHistory> {
    return this.index.list((file) => this.get(file.slice(0, -'.json'.length)));
  }

  async get(runId: string): Promise<RunRecord> {
    const record = await this.fileOfRun(this.checkedId(runId)).read();
    if (!record)
      throw new NasbenchError('NOT_FOUND', 'There is no saved run with that id.', 'Refresh the history list.');
    return record;
  }

  async delete(runId: string): Promise<boolean> {
    return this.fileOfRun(this.checkedId(runId)).remove();
  }

  /** A run file from someone else. It keeps its id, unless a run here already has that id. */
  async import(text: string): Promise<{ run: RunSummary; renamed: boolean }> {
    const record = parseRunFile(text);
    const renamed = await this.exists(record.id);
    const saved = renamed ? { ...record, id: randomUUID() } : record;
    await this.save(saved);
    return { run: summarizeRun(saved), renamed };
  }

  async setTags(runId: string, tags: readonly string[]): Promise<RunSummary> {
    return this.editTags(runId, () => tags);
  }

  async addTags(runId: string, tags: readonly string[]): Promise<RunSummary> {
    return this.editTags(runId, (current) => [...current, ...tags]);
  }

  async removeTags(runId: string, tags: readonly string[]): Promise<RunSummary> {
    const gone = new Set(tags.map((tag) => tag.trim().toLowerCase()));
    return this.editTags(runId, (current) => current.filter((tag) => !gone.has(tag.toLowerCase())));
  }

  /** Temp files a killed process left behind; only old ones, as another process may be saving right now. */
  async removeLeftovers(olderThanMs = 60 * 60 * 1000): Promise<string[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return [];
    }
    const removed: string[] = [];
    for (const name of names.filter((entry) => tempFileName.test(entry))) {
      const file = path.join(this.dir, name);
      const info = await stat(file).catch(() => undefined);
      if (info && Date.now() - info.mtimeMs >= olderThanMs) {
        await unlink(file).catch(() => undefined);
        removed.push(name);
      }
    }
    return removed;
  }

  private editTags(runId: string, change: (current: string[]) => readonly string[]): Promise<RunSummary> {
    const id = this.checkedId(runId);
    const next = (this.queues.get(id) ?? Promise.resolve())
      .catch(() => undefined)
      .then(async () => {
        const record = await this.get(id);
        const tags = RunTags.parse(normalizeTags(change(record.tags)));
        const updated = { ...record, tags };
        await this.save(updated);
        return summarizeRun(updated);
      });
    this.queues.set(id, next);
    const forget = () => {
      if (this.queues.get(id) === next) this.queues.delete(id);
    };
    next.then(forget, forget);
    return next;
  }

  private async runFileNames(): Promise<string[]> {
    try {
      return (await readdir(this.dir)).filter((name) => runFileName.test(name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  private fileOfRun(runId: string): JsonFile<RunRecord> {
    return new JsonFile(this.fileOf(runId), runFormat);
  }

  private async exists(runId: string): Promise<boolean> {
    return stat(this.fileOf(runId)).then(
      () => true,
      () => false,
    );
  }

  private checkedId(runId: string): string {
    if (!RunId.safeParse(runId).success) {
      throw new NasbenchError('INVALID_INPUT', 'That is not a run id.', 'Pick the run from the history list.');
    }
    return runId;
  }

  private fileOf(runId: string): string {
    return path.join(this.dir, `${runId}.json`);
  }
}
