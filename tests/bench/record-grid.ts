/**
 * `npx tsx tests/bench/record-grid.ts`: records a full sweep grid (every cell measured by the
 * engine's own sweep, through this machine's fio) as a fixture for the adaptive rules' unit tests
 * (tests/fixtures/sweep/README.md says how each fixture was made). Not a benchmark.
 *
 *   npx tsx tests/bench/record-grid.ts -- --dir /tmp --rw read --bs 4k,64k,1M --size 16M,1G --jobs 1,4
 *       [--direct] [--fixed] [--max-runtime 8] [--memory-limit 256M] [--read-limit 200M] --save FILE
 *
 * `--memory-limit` runs every command in a cgroup v1 memory group of that size, so files larger than
 * it fall out of the page cache (a NAS with little RAM); `--read-limit` (bytes/s) throttles reads
 * from the folder's disk in a blkio group (a slow disk under that cache). Both groups are removed
 * at the end, on failure and on Ctrl-C alike.
 */
import { mkdir, mkdtemp, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runSweep, type SweepDirection } from '../../electron/engine/disk/sweep';
import { readByteSize } from '../../shared/util/units';
import { localShellIn } from './local-shell';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: '/dev/shm' },
    rw: { type: 'string', default: 'read' },
    bs: { type: 'string', default: '4k,64k,1M' },
    size: { type: 'string', default: '16M,256M' },
    jobs: { type: 'string', default: '1,4' },
    direct: { type: 'boolean', default: false },
    fixed: { type: 'boolean', default: false },
    'max-runtime': { type: 'string', default: '8' },
    'memory-limit': { type: 'string' },
    'read-limit': { type: 'string' },
    save: { type: 'string' },
  },
  allowPositionals: true,
});

const sizes = (text: string) =>
  text.split(',').map((part) => {
    const bytes = readByteSize(part);
    if (bytes === undefined) throw new Error(`not a size: ${part}`);
    return bytes;
  });

const grid = {
  blockSizes: sizes(values.bs),
  fileSizes: sizes(values.size),
  jobs: values.jobs.split(',').map(Number),
};

/** The cgroup v1 groups and the folder this run makes, removed in `leave`. */
const groups: string[] = [];
let folder: string | undefined;

async function enterGroups(): Promise<string[]> {
  const name = `nasbench-record-${process.pid}`;
  const procs: string[] = [];
  if (values['memory-limit']) {
    const group = `/sys/fs/cgroup/memory/${name}`;
    await mkdir(group);
    groups.push(group);
    await writeFile(`${group}/memory.limit_in_bytes`, String(sizes(values['memory-limit'])[0]));
    procs.push(`${group}/cgroup.procs`);
  }
  if (values['read-limit']) {
    const group = `/sys/fs/cgroup/blkio/${name}`;
    await mkdir(group);
    groups.push(group);
    // The folder's disk as major:minor (Linux's st_dev encoding).
    const { dev } = await stat(values.dir);
    const device = `${(dev >> 8) & 0xfff}:${(dev & 0xff) | ((dev >> 12) & 0xfff00)}`;
    await writeFile(`${group}/blkio.throttle.read_bps_device`, `${device} ${sizes(values['read-limit'])[0]}`);
    procs.push(`${group}/cgroup.procs`);
  }
  return procs;
}

async function leave(): Promise<void> {
  if (folder) await rm(folder, { recursive: true, force: true });
  folder = undefined;
  // A group can only go once its processes have; fio has ended by now, or was stopped with us.
  for (const group of groups.splice(0).reverse()) await rmdir(group).catch(() => undefined);
}

async function main(): Promise<void> {
  if (!values.save) throw new Error('--save FILE is required');
  const shell = localShellIn(await enterGroups());
  const parent = await mkdtemp(path.join(values.dir, 'nasbench-record-'));
  folder = parent;
  const cells = grid.blockSizes.length * grid.fileSizes.length * grid.jobs.length;
  let done = 0;
  try {
    const result = await runSweep(shell, {
      folder: parent,
      ...grid,
      rw: values.rw as SweepDirection,
      steadyState: !values.fixed,
      maxRuntimeSeconds: Number(values['max-runtime']),
      timeBudgetSeconds: 86_400,
      direct: values.direct,
      openScratch: async () => {
        const scratch = await mkdtemp(path.join(parent, 'scratch-'));
        return { path: scratch, remove: () => rm(scratch, { recursive: true, force: true }).then(() => true) };
      },
      onResult: (test) =>
        process.stderr.write(
          `${(done += 1)}/${cells} ${test.name.padEnd(34)} ${(test.bytesPerSecond / 1e6).toFixed(1).padStart(9)} MB/s\n`,
        ),
    });
    const { heatmaps: _derived, ...kept } = result;
    const record = {
      rw: values.rw,
      dir: values.dir,
      grid,
      recordedWith: process.argv.slice(2).join(' '),
      full: [kept],
    };
    // One cell per line: a few hundred cells stay readable in a diff.
    const lines = kept.tests.map((test) => `        ${JSON.stringify(test)}`).join(',\n');
    const head = JSON.stringify({ ...record, full: [{ ...kept, tests: ['@tests@'] }] }, null, 2);
    await writeFile(values.save, `${head.replace('"@tests@"', lines.trimStart())}\n`);
    process.stderr.write(`saved ${kept.tests.length} cells in ${Math.round(result.seconds)} s to ${values.save}\n`);
  } finally {
    await leave();
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    void leave().finally(() => process.exit(130));
  });

main().catch(async (error: unknown) => {
  console.error(error);
  await leave();
  process.exitCode = 1;
});
