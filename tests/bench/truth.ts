/**
 * `npm run bench:truth`: each NASBench test kind against the native tool on the same lab link or
 * folder, in alternating runs, printed as ratios with the spread of each side's repeats (issue #15,
 * target 0.97–1.03). Needs the lab up (`tests/lab/lab.sh up`, as root); not a CI gate.
 *
 * - network, over leg a (1 Gbit/s): the built-in client against stock `iperf3 -c` — forward,
 *   reverse (-R) and 4 streams — each against a fresh stock `iperf3 -s` on the NAS;
 * - disk, in the lab share: NASBench's fio run over SSH against the same command line run by hand on
 *   the NAS (SEQ1M Q8T1 read and RND4K Q32T1 read, direct);
 * - copy: `npm run bench:copy` (the copy engine against fio psync, direct) follows.
 *
 *   npm run bench:truth -- [--rounds 3] [--seconds 5] [--folder DIR]
 *
 * `--folder` puts the disk and copy comparisons in DIR instead of the lab share and a temporary
 * folder: a folder the lab's test user may write in, on another medium than this VM's disk (whose
 * runs differ by 10–30%, wider than the 3% to be shown). Ext4 on a loop device in RAM reads steadily
 * (7–8 GB/s, a few % apart) but its writes through the loop still swing from 0.3 to 7 GB/s.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { quickPreset, runFioTests } from '../../electron/engine/disk';
import { parseFioReport, summarizeFioReport } from '../../electron/engine/disk/parse';
import { runIperfTest, type Direction } from '../../electron/engine/net/iperf-client';
import { connectToNas } from '../../electron/engine/ssh/connect';
import { KnownHosts } from '../../electron/engine/ssh/known-hosts';
import { nasExec, readLab } from '../lab/lab';
import { nativeServer, nativeTest } from '../integration/net-native';
import { compareRuns, describeRatio } from './ratio';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '5' },
    folder: { type: 'string' },
  },
});
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const lab = readLab();
const leg = lab.legs.a;
const port = 5351;

/** Alternates ours and native `rounds` times (who goes first swaps each round) and prints the ratio of the medians. */
async function compare(name: string, ours: () => Promise<number>, native: () => Promise<number>): Promise<void> {
  const figures = { ours: [] as number[], native: [] as number[] };
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? (['ours', 'native'] as const) : (['native', 'ours'] as const);
    for (const side of order) figures[side].push(await (side === 'ours' ? ours() : native()));
  }
  const compared = compareRuns(figures.ours, figures.native);
  const target = compared.ratio >= 0.97 && compared.ratio <= 1.03 ? 'within 0.97–1.03' : 'OUTSIDE 0.97–1.03';
  console.log(
    `${name}: ${describeRatio(compared)}, ${target} (${compared.ratio.toFixed(3)}); ` +
      `ours ${(compared.ours / 1e6).toFixed(1)}, native ${(compared.native / 1e6).toFixed(1)} ` +
      `(medians of ${rounds}, in millions per second)`,
  );
}

async function network(): Promise<void> {
  const modes: { name: string; direction: Direction; streams: number }[] = [
    { name: 'network forward (iperf3 -c)', direction: 'upload', streams: 1 },
    { name: 'network reverse (iperf3 -c -R)', direction: 'download', streams: 1 },
    { name: 'network 4 streams (iperf3 -c -P 4)', direction: 'upload', streams: 4 },
  ];
  for (const { name, direction, streams } of modes) {
    const ours = async () => {
      const server = await nativeServer(port);
      try {
        const options = { host: leg.nas, port, bindAddress: leg.host, direction, streams, seconds };
        return (await runIperfTest(options)).bitsPerSecond;
      } finally {
        server.stop();
        await server.ended();
      }
    };
    const reverse = direction === 'download';
    const native = async () => (await nativeTest({ leg, port, seconds, streams, reverse })).bitsPerSecond;
    await compare(`${name}, bits`, ours, native);
  }
}

async function disk(): Promise<void> {
  const knownHosts = new KnownHosts(path.join(await mkdtemp(path.join(os.tmpdir(), 'nasbench-truth-')), 'known_hosts'));
  const session = await connectToNas({
    host: leg.nas,
    port: lab.ssh.port,
    username: lab.users.test.name,
    auth: { kind: 'password', password: lab.users.test.password },
    knownHosts,
    trustNewHost: true,
  });
  const user = lab.users.test.name;
  const folder = `${values.folder ?? lab.share}/.nasbench-truth-${process.pid}`;
  nasExec(['su', user, '-s', '/bin/sh', '-c', `mkdir -p '${folder}'`]);
  try {
    const tests = quickPreset({ sizeBytes: 256 * 2 ** 20, runtimeSeconds: seconds, uncached: true }).filter(
      (test) => test.name === 'SEQ1M Q8T1 read' || test.name === 'RND4K Q32T1 read',
    );
    for (const test of tests) {
      let commandLine = '';
      const ours = async () => {
        const [result] = await runFioTests(session, folder, [test]);
        commandLine = result?.commandLine ?? '';
        return result?.bytesPerSecond ?? 0;
      };
      // The very command line NASBench ran, run by hand on the NAS as the same user.
      const native = async () => {
        if (!commandLine) await ours();
        const run = nasExec(['su', user, '-s', '/bin/sh', '-c', commandLine]);
        return summarizeFioReport(parseFioReport(run.stdout)).bytesPerSecond;
      };
      await compare(`disk ${test.name} (fio by hand), bytes`, ours, native);
    }
  } finally {
    nasExec(['rm', '-rf', '--', folder]);
    session.close();
  }
}

/** tsx runs this package as CommonJS, where top-level await is not allowed. */
async function main(): Promise<void> {
  await network();
  await disk();
  console.log('copy (the copy engine against fio psync, direct):');
  const where = values.folder ? ['--dir', values.folder] : [];
  spawnSync('npx', ['tsx', 'tests/bench/copy.ts', '--rounds', String(rounds), ...where], { stdio: 'inherit' });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
