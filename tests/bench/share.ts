/**
 * `npm run bench:share`: the share benchmark's built-in engine against fio on this computer — the same
 * jobs on the same file, in alternating passes — on each folder: a folder on this computer's disk, and,
 * when the host lab is up (`bash tests/lab/lab.sh up`), the lab's SMB share (smbnetfs) and its sshfs
 * mount. Prints, per test, the ratio of the medians with both sides' spreads and whether the gap is
 * within that noise (target: within 5%, issue #50). Not a CI gate: a shared machine's disk and links
 * vary from run to run, which is why each line says how much.
 *
 *   npm run bench:share -- [--dirs /a,/b] [--size 256M] [--seconds 3] [--rounds 3] [--profile default]
 */
import { existsSync } from 'node:fs';
import { constants } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chooseIoMethod, fileSystemOf, openTestFile } from '../../electron/engine/copy';
import {
  builtinRunner,
  findLocalFio,
  fioRunner,
  layOutTestFile,
  openIoPool,
  type Runner,
} from '../../electron/engine/share-bench';
import {
  shareJobName,
  shareProfileJobs,
  shareProfileNames,
  type ShareProfile,
} from '../../shared/kinds/share/profiles';
import { readByteSize } from '../../shared/util/units';
import { LAB_STATE_FILE, readLab } from '../lab/lab';
import { compareRuns, describeRatio } from './ratio';

const { values } = parseArgs({
  options: {
    dirs: { type: 'string' },
    size: { type: 'string', default: '256M' },
    seconds: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '3' },
    profile: { type: 'string', default: 'default' },
  },
});
const fileSize = readByteSize(values.size) ?? 0;
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
if (!(shareProfileNames as readonly string[]).includes(values.profile))
  throw new Error(`--profile: one of ${shareProfileNames.join(', ')}`);
const jobs = shareProfileJobs(values.profile as ShareProfile);
const noFollow = constants.O_NOFOLLOW ?? 0;

/** The folders to bench: as given, or this computer's disk and the lab's two mounts when the lab is up. */
function folders(): { name: string; dir: string }[] {
  if (values.dirs) return values.dirs.split(',').map((dir) => ({ name: dir, dir }));
  const here = [{ name: 'this computer’s disk', dir: '/var/tmp' }];
  if (!existsSync(LAB_STATE_FILE)) return here;
  const lab = readLab();
  return [
    ...here,
    { name: 'the lab’s SMB share (smbnetfs)', dir: lab.smb.share },
    { name: 'the lab’s sshfs mount', dir: lab.clientMount.path },
  ];
}

async function benchFolder(name: string, parent: string): Promise<void> {
  const fio = await findLocalFio();
  if (!fio) throw new Error('fio is not installed on this computer: it is the yardstick (apt install fio).');
  const scratch = await mkdtemp(path.join(parent, '.bench-share-'));
  const pool = await openIoPool(32, 2 ** 20);
  try {
    const file = path.join(scratch, 'crystal.bin');
    const chosen = await chooseIoMethod(scratch, { blockSize: 4096, bypassCache: true, ramBytes: 0 });
    const opened = await openTestFile(file, 'write', chosen, 0);
    await opened.handle.close();
    const method = opened.method;
    // Read and write: a mixed job does both through the one descriptor.
    const flagsFor = (write: boolean) => (write ? constants.O_RDWR : constants.O_RDONLY) | noFollow | method.flag;
    await layOutTestFile(pool, { file, fileSize, flags: flagsFor(true) }, undefined);
    const ours = builtinRunner(pool, { file, fileSize, flagsFor, method: method.method }, undefined);
    const native = fioRunner(fio, { file, fileSize, unbuffered: method.direct }, jobs, undefined);
    console.log(
      `\n${name}: ${parent} (${(await fileSystemOf(parent)) ?? 'unknown'}), ${method.direct ? 'O_DIRECT' : 'buffered'}, ${values.size} file, ${seconds} s passes, ${rounds} rounds; fio ${fio.version}`,
    );
    for (const job of jobs) {
      const rates = { ours: [] as number[], native: [] as number[] };
      const pass = async (runner: Runner, into: number[]) => {
        const outcome = await runner.pass(job, seconds, () => undefined);
        into.push(outcome.seconds > 0 ? outcome.bytes / outcome.seconds : 0);
      };
      // One unscored pass each, as the benchmark does; then alternating, each side first in turn.
      await ours.pass(job, seconds, () => undefined);
      await native.pass(job, seconds, () => undefined);
      for (let round = 0; round < rounds; round++) {
        const first = round % 2 === 0;
        await pass(first ? ours : native, first ? rates.ours : rates.native);
        await pass(first ? native : ours, first ? rates.native : rates.ours);
      }
      const compared = compareRuns(rates.ours, rates.native);
      const met =
        Math.abs(compared.ratio - 1) <= 0.05
          ? 'within 5%'
          : compared.withinNoise
            ? 'off 5%, within the noise'
            : 'OFF 5%';
      console.log(
        `  ${shareJobName(job).padEnd(20)} ours ${(compared.ours / 1e6).toFixed(1).padStart(8)} MB/s  fio ${(compared.native / 1e6).toFixed(1).padStart(8)} MB/s  ${describeRatio(compared)} — ${met}`,
      );
    }
  } finally {
    await pool.close();
    await rm(scratch, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  for (const { name, dir } of folders()) await benchFolder(name, dir);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
