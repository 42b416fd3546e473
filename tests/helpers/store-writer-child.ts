/**
 * A child process for the SIGKILL test (tests/unit/store-kill.test.ts): saves large run records
 * through the real RunStore as fast as it can, over a few ids (so most saves replace a good file,
 * the risky case), and says on stdout when each save starts and ends. The parent kills it at
 * random moments. Run as: node --import tsx store-writer-child.ts DATA_DIR SEED
 */
import { RunStore } from '../../electron/engine/store';
import { sampleRunRecord } from './run-records';

const [dataDir, seedText] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: store-writer-child.ts DATA_DIR SEED');
const ids = [
  'aaaaaaaa-0000-4000-8000-000000000001',
  'aaaaaaaa-0000-4000-8000-000000000002',
  'aaaaaaaa-0000-4000-8000-000000000003',
];
let seed = Number(seedText ?? 1);

/** About 2 MB of JSON per record: long enough that a kill often lands mid-write. */
function largeRecord(round: number) {
  const points: [number, number][] = Array.from({ length: 40_000 }, (_, index) => [
    index / 10,
    (round * 7919 + index) % 1e9,
  ]);
  return sampleRunRecord({
    id: ids[round % ids.length],
    title: `Round ${round} of writer ${seed}`,
    samples: [{ series: 'total', points }],
    tags: [`round ${round % 30}`],
  });
}

async function main(): Promise<void> {
  const store = new RunStore(dataDir as string);
  for (let round = 0; ; round++) {
    const record = largeRecord(round);
    process.stdout.write(`writing ${record.id}\n`);
    await store.save(record);
    process.stdout.write(`saved ${record.id}\n`);
    seed += 1;
  }
}

void main();
