import path from 'node:path';
import { z } from 'zod';
import type { LoadHelper } from '../../../shared/contract/load';
import { JsonFile, versionedFormat } from '../store';
import { runController } from './controller';
import { readGreeting, commandSucceeded } from './fio-output';
import { cleanupJobFile, removeFolderJob } from './job';

/** A scratch folder a run could not remove: on this helper, in this folder, of this run and job. */
const Leftover = z.object({
  host: z.string(),
  port: z.number(),
  dir: z.string(),
  runId: z.string(),
  index: z.number().int().positive(),
});
export type Leftover = z.infer<typeof Leftover>;

const LeftoversFile = z.object({ schemaVersion: z.literal(1), leftovers: z.array(Leftover) });

const sameHelper = (a: Pick<Leftover, 'host' | 'port' | 'dir'>, b: LoadHelper) =>
  a.host === b.host && a.port === b.port && a.dir === b.dir;

/**
 * The load test's scratch folders that a run could not remove: a computer whose fio server
 * vanished mid-test (switched off, server stopped) keeps its half-written file, and nothing can
 * reach it until its server answers again. They are remembered here, exactly as made (folder,
 * run, job), and removed the next time NASBench reaches that computer — before its next run or
 * check. Nothing else is ever removed: only the scratch folder named after that run.
 */
export class LoadLeftovers {
  private readonly file: JsonFile<z.output<typeof LeftoversFile>>;
  /** Reads and writes one at a time: two runs' clean-ups must not drop each other's entries. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    dataDir: string,
    private readonly fio = 'fio',
  ) {
    this.file = new JsonFile(
      path.join(dataDir, 'load-leftovers.json'),
      versionedFormat('the list of test folders left on other computers', 1, LeftoversFile),
    );
  }

  remember(leftover: Leftover): Promise<void> {
    return this.serially(async () => this.save([...(await this.read()), leftover]));
  }

  /** What is remembered for these computers (the folders NASBench will remove when it reaches them). */
  async for(helpers: LoadHelper[]): Promise<Leftover[]> {
    const all = await this.read();
    return all.filter((leftover) => helpers.some((helper) => sameHelper(leftover, helper)));
  }

  /**
   * Removes what earlier runs left on these computers; each one whose server took the clean-up
   * job is forgotten, the others stay for next time. Best effort: it never fails a run.
   */
  async sweep(helpers: LoadHelper[]): Promise<void> {
    const due = await this.for(helpers).catch(() => []);
    if (due.length === 0) return;
    const removed = await Promise.all(
      due.map((leftover) =>
        cleanUp(
          { host: leftover.host, port: leftover.port, dir: leftover.dir },
          leftover.runId,
          leftover.index,
          this.fio,
        ),
      ),
    );
    await this.serially(async () => {
      const done = due.filter((_, index) => removed[index]);
      const keep = (await this.read()).filter(
        (entry) =>
          !done.some((gone) => gone.runId === entry.runId && gone.index === entry.index && gone.dir === entry.dir),
      );
      await this.save(keep);
    }).catch(() => undefined);
  }

  private async read(): Promise<Leftover[]> {
    return (await this.file.read().catch(() => undefined))?.leftovers ?? [];
  }

  private save(leftovers: Leftover[]): Promise<void> {
    return this.file.write({ schemaVersion: 1, leftovers: leftovers.slice(-200) });
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }
}

/**
 * Sends one helper the clean-up job alone (its data file, then its scratch folder). True when the
 * scratch folder is gone; false when that computer could not be reached or the folder stayed.
 */
export async function cleanUp(helper: LoadHelper, runId: string, index: number, fio: string): Promise<boolean> {
  const run = await runController(helper, cleanupJobFile(helper, runId, index), {
    fio,
    signal: new AbortController().signal,
    watchdogMs: 30_000,
  }).catch(() => null);
  return (
    run !== null &&
    readGreeting(run.output).fioVersion !== null &&
    commandSucceeded(run.output, removeFolderJob(helper.dir))
  );
}
