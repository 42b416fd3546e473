/**
 * A child process for the index SIGKILL test (tests/unit/history-index-kill.test.ts): saves, tags,
 * deletes and lists runs through the real RunStore as fast as it can — every listing writes the
 * index — and says on stdout which it is doing. The parent kills it at random moments.
 * Run as: node --import tsx history-writer-child.ts DATA_DIR SEED
 */
import { RunStore } from '../../electron/engine/store';
import { sampleRunRecord } from './run-records';

const [dataDir, seedText] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: history-writer-child.ts DATA_DIR SEED');
let seed = Number(seedText ?? 1) * 7919;
const next = () => (seed = (seed * 48271) % 2147483647);
const idOf = (n: number) => `bbbbbbbb-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

async function main(): Promise<void> {
  const store = new RunStore(dataDir as string);
  for (let round = 0; ; round++) {
    const id = idOf(next() % 40);
    const op = next() % 4;
    process.stdout.write(`${['save', 'tag', 'delete', 'list'][op]} ${id}\n`);
    if (op === 0) await store.save(sampleRunRecord({ id, title: `Run ${round}`, tags: [`round ${round % 7}`] }));
    else if (op === 1) await store.setTags(id, [`tagged ${round}`]).catch(() => undefined);
    else if (op === 2) await store.delete(id);
    else await store.list();
  }
}

void main();
