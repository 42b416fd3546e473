import type { DiskThroughNetworkResult, TestResult } from '../../../../shared/contract/runs';
import { resultsOfKind } from '../../../../shared/kinds';
import { measureThroughDisk, type ThroughDiskWay } from '../../net';
import { diskStep } from './disk';
import { networkStep } from './network';
import { scratchIn } from './nas-folder';
import { nasOf, type Step, type StepFacts, type StepKit } from './types';

/** Room for a whole test at 10 Gbit/s, as the preview plans it before the network's rate is known. */
const assumedBytesPerSecond = 1.25e9;
/**
 * The file is sized from the network alone, measured just before: from the disks it must outlast the test
 * (iperf3 stops sending at its end), to the disks it is the most the NAS may write. A third more than
 * the network carried covers a faster second run; never under 64 MiB.
 */
const fileMargin = 1.3;
const smallestFile = 64 * 2 ** 20;

export interface ThroughDiskSpec {
  way: ThroughDiskWay;
  folder: string;
  seconds: number;
  /** TCP bytes per write and the NAS's socket buffer (iperf3's -l and -w), for all three parts. */
  blockBytes?: number;
  windowBytes?: number;
}

const wayWords = {
  'to-disk': { label: 'Network straight to the NAS’s disks', direction: 'upload', test: 'SEQ1M Q1T1 write' },
  'from-disk': { label: 'NAS’s disks straight to the network', direction: 'download', test: 'SEQ1M Q1T1 read' },
} as const;

/**
 * The bonded 2.5 GbE write-up's `iperf3 -F`: the network alone, then the disks alone (fio, one
 * sequential stream past the NAS's memory), then iperf3 on the NAS writing what it receives to a file
 * (or sending one), so the figure is set beside the two it is made of and the smaller names the limit.
 */
export function throughDiskStep(spec: ThroughDiskSpec, facts: Pick<StepFacts, 'host' | 'nas'>): Step {
  const words = wayWords[spec.way];
  const tcp = {
    ...(spec.blockBytes ? { blockBytes: spec.blockBytes } : {}),
    ...(spec.windowBytes ? { windowBytes: spec.windowBytes } : {}),
  };
  const network = networkStep(
    {
      direction: words.direction,
      streams: 1,
      seconds: spec.seconds,
      label: 'The network alone',
      lines: 'total',
      ...tcp,
    },
    facts,
  );
  const disks = diskStep(
    {
      label: 'The disks alone',
      folder: spec.folder,
      preset: 'quick',
      uncached: true,
      only: [words.test],
      runtimeSeconds: spec.seconds,
    },
    facts,
  );
  const throughSeconds = spec.seconds + 3;
  const stages = [network, disks] as const;
  return {
    kind: 'network',
    label: words.label,
    what:
      `${network.what} Then ${disks.what} Then iperf3 on the NAS ` +
      (spec.way === 'to-disk'
        ? `writes what this computer sends into a file in ${spec.folder}`
        : `sends a file from ${spec.folder} (laid out first, past its memory)`) +
      ` for ${spec.seconds} s: what a copy gets from both, set beside each alone.`,
    seconds: network.seconds + disks.seconds + throughSeconds,
    // One after the other, each in a scratch folder removed before the next: the most at once is the larger.
    writes: [
      {
        where: scratchIn(spec.folder),
        bytes: Math.max(spec.seconds * assumedBytesPerSecond, ...disks.writes.map((write) => write.bytes)),
      },
    ],
    series: [
      { id: 'network', label: 'The network alone' },
      { id: 'disks', label: 'The disks alone' },
      { id: 'total', label: words.label },
    ],
    needsNas: true,
    async run(kit) {
      const nas = nasOf(kit);
      const earlier: TestResult[] = [];
      for (const [index, stage] of stages.entries()) {
        const results = await stage.run(stageKit(kit, index, stage.label, index === 0 ? 'network' : 'disks', earlier));
        earlier.push(...results);
      }
      const networkAlone = resultsOfKind(earlier, 'network')[0];
      const diskRun = resultsOfKind(earlier, 'disk')[0];
      const disksAlone = diskRun?.tests.find((test) => test.name === words.test);
      const networkBytesPerSecond = (networkAlone?.summary.bitsPerSecond ?? 0) / 8;
      kit.progress.part(2, 3, words.label, 'started');
      const measured = await measureThroughDisk(nas.session, {
        way: spec.way,
        folder: spec.folder,
        seconds: spec.seconds,
        fileBytes: Math.max(smallestFile, Math.ceil(networkBytesPerSecond * spec.seconds * fileMargin)),
        nasMemoryBytes: nas.facts.memoryBytes,
        fileSystem: diskRun?.fileSystem ?? null,
        openScratch: (folder, neededBytes) => kit.scratch.open(folder, neededBytes),
        ...(nas.facts.tools.iperf3?.path ? { iperf3Path: nas.facts.tools.iperf3.path } : {}),
        fioPath: nas.facts.tools.fio?.path ?? null,
        ...tcp,
        signal: kit.signal,
        onSample: (sample) => kit.progress.sample('total', sample.bytesPerSecond),
      });
      kit.progress.part(2, 3, words.label, 'finished');
      const found: DiskThroughNetworkResult = {
        kind: 'disk-through-network',
        label: measured.label,
        direction: measured.direction,
        bitsPerSecond: measured.bitsPerSecond,
        bytes: measured.bytes,
        seconds: measured.seconds,
        folder: spec.folder,
        file: measured.file,
        ...(measured.likelyCached !== undefined ? { likelyCached: measured.likelyCached } : {}),
        ...(measured.spread ? { spread: measured.spread } : {}),
        ...(measured.note ? { note: measured.note } : {}),
        alone: {
          networkBytesPerSecond,
          disks: disksAlone ? { test: disksAlone.name, bytesPerSecond: disksAlone.bytesPerSecond } : null,
        },
      };
      return [...earlier, found];
    },
    // The live peak is over all three lines, the disks' own among them: no peak of this figure.
    headline(results) {
      const found = resultsOfKind(results, 'disk-through-network')[0];
      if (!found) return undefined;
      const bytesPerSecond = found.bitsPerSecond / 8;
      return { bytes: found.bytes, seconds: found.seconds, bytesPerSecond, peakBytesPerSecond: bytesPerSecond };
    },
  };
}

/**
 * One stage's kit: its parts become this step's part `index` of three, its samples go to this step's
 * line for the stage, and what it finished before failing is kept with the stages before it.
 */
function stageKit(kit: StepKit, index: number, label: string, line: string, earlier: TestResult[]): StepKit {
  return {
    ...kit,
    progress: {
      ...kit.progress,
      sample: (_series, bytesPerSecond) => kit.progress.sample(line, bytesPerSecond),
      part: (_index, _count, part, state, secondsLeft) =>
        kit.progress.part(index, 3, `${label}: ${part}`, state, secondsLeft),
      partial: (results) => kit.progress.partial([...earlier, ...results]),
    },
  };
}
