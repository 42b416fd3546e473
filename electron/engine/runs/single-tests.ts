import type { z } from 'zod';
import { nasAddressLabel } from '../../../shared/contract/connect';
import type { ShareCopyRunInput } from '../../../shared/contract/copy';
import type { ShareBenchRunInput } from '../../../shared/contract/share-bench';
import { shareBenchDefaults, shareProfileJobs } from '../../../shared/kinds/share/profiles';
import type { DiskRunInput, DiskSweepRunInput } from '../../../shared/contract/disk';
import type { LoadRunInput } from '../../../shared/contract/load';
import type { NetworkRunInput } from '../../../shared/contract/network';
import type { ClientFacts } from '../../../shared/contract/probe';
import type { Plan } from './plans/types';
import { diskStep } from './steps/disk';
import { loadStep } from './steps/load';
import type { LoadLeftovers } from '../load';
import { loopbackStep } from './steps/loopback';
import { networkStep } from './steps/network';
import { throughDiskStep } from './steps/disk-through-network';
import { formatBytes } from '../../../shared/util/units';
import { cacheWallStep, shareCopyStep } from './steps/share-copy';
import { shareBenchStep, withDisksFirst } from './steps/share-bench';
import { planSweep } from '../disk';
import { freeBytesOfFolder } from './steps/nas-folder';
import { sweepGrid, sweepStep } from './steps/sweep';
import type { Step, StepFacts } from './steps/types';

/**
 * Each single test of the contract (startDiskRun, startNetworkRun…) is a plan of one step, run the
 * same way as a guided plan; it only names itself and its lines as the test of its own it is.
 */
type Input<T extends z.ZodType> = z.output<T>;

/** Where a test ran, as the history lists it: the NAS (with its SSH port when not 22) and the folder. */
function nasTarget(facts: StepFacts, port: number, folder?: string): string {
  const nas = nasAddressLabel(facts.host, port);
  return folder ? `${nas}:${folder}` : nas;
}

function single(plan: string, title: string, target: string, step: Step): Plan {
  return { plan, title, answers: '', steps: [step], leftOut: [], notes: [], tags: [], target, single: true };
}

const presetTitles = {
  quick: 'Quick disk check',
  ars: 'Disk: Ars Technica trio',
  bulk: 'Disk: bulk streaming',
} as const;

export function diskTestPlan(input: Input<typeof DiskRunInput>, facts: StepFacts, port: number): Plan {
  const title = `${presetTitles[input.preset]}${input.uncached ? ' (uncached)' : ''}`;
  const step = diskStep(
    {
      label: title,
      folder: input.folder,
      preset: input.preset,
      uncached: input.uncached,
      ...(input.sizeBytes !== undefined ? { sizeBytes: input.sizeBytes } : {}),
      ...(input.runtimeSeconds !== undefined ? { runtimeSeconds: input.runtimeSeconds } : {}),
    },
    facts,
  );
  return single('disk', title, nasTarget(facts, port, input.folder), {
    ...step,
    series: [{ id: 'disk', label: 'Test in progress' }],
  });
}

export function diskSweepPlan(input: Input<typeof DiskSweepRunInput>, facts: StepFacts, port: number): Plan {
  const step = sweepStep(input, facts);
  const cells = planSweep(sweepGrid(input), freeBytesOfFolder(facts.nas, input.folder)).cells.length;
  const title = `Disk sweep: ${cells} cells${input.uncached ? ' (uncached)' : ''}`;
  return single('disk-sweep', title, nasTarget(facts, port, input.folder), step);
}

const directionWords = { upload: 'to the NAS', download: 'from the NAS', bidir: 'both ways at once' } as const;

export function networkTestPlan(input: Input<typeof NetworkRunInput>, facts: StepFacts, port: number): Plan {
  const legs = (input.legs ?? [{ target: facts.host }]).map((leg) => ({
    target: leg.target,
    ...(leg.bindAddress ? { bindAddress: leg.bindAddress } : {}),
    ...(leg.port !== undefined ? { port: leg.port } : {}),
  }));
  const target = [...new Set(legs.map((leg) => leg.target))].join(' + ');
  const lengths = input.lengths ?? [];
  const window = input.windowBytes ? { windowBytes: input.windowBytes } : {};
  if (input.disk) {
    const step = throughDiskStep(
      {
        way: input.disk.way,
        folder: input.disk.folder,
        seconds: input.seconds,
        ...(lengths[0] ? { blockBytes: lengths[0] } : {}),
        ...window,
      },
      facts,
    );
    return single('network-disk', step.label, nasTarget(facts, port, input.disk.folder), step);
  }
  const title = `${input.udp ? 'UDP loss and jitter' : 'Network'} ${directionWords[input.direction]}`;
  const stepOf = (blockBytes: number | undefined, label: string) =>
    networkStep(
      {
        direction: input.direction,
        streams: input.streams,
        seconds: input.seconds,
        legs,
        label,
        lines: 'legs',
        latency: input.latency,
        ...(input.udp ? { udp: input.udp } : {}),
        ...(blockBytes ? { blockBytes } : {}),
        ...window,
      },
      facts,
    );
  if (lengths.length <= 1) return single('network', title, target, stepOf(lengths[0], title));
  // The bonded 2.5 GbE write-up's table: the same test once per write size, each its own step and figure.
  const steps = lengths.map((length) => stepOf(length, `TCP writes of ${formatBytes(length)}`));
  const plan = single(
    'network',
    `${title}: ${lengths.length} write sizes`,
    target,
    steps[0] ?? stepOf(undefined, title),
  );
  return { ...plan, steps, single: false };
}

/** The share copy runs on this computer: a NAS is needed only to name its RAM, which the caller may pass. */
export function shareCopyPlan(input: Input<typeof ShareCopyRunInput>, client: ClientFacts | null): Plan {
  const spec = {
    label: 'Copying files to and from the share',
    folder: input.folder,
    // No size given: the engine sizes the write to settle (at least 1 GiB, on until steady).
    fileSize: input.fileSizeBytes,
    lineLabels: { write: 'Writing to the share', read: 'Reading from the share' },
    ...(input.blockSizeBytes !== undefined ? { blockSize: input.blockSizeBytes } : {}),
    ...(input.smallFiles
      ? { smallFiles: { count: input.smallFiles.count, fileSize: input.smallFiles.fileSizeBytes } }
      : {}),
    ...(input.nasRamBytes !== undefined ? { nasRamBytes: input.nasRamBytes } : {}),
    ...(input.verify ? { verify: true } : {}),
  };
  const step = input.sweep
    ? cacheWallStep(
        {
          ...spec,
          ...(input.sweepBudgetSeconds !== undefined ? { sweepBudgetSeconds: input.sweepBudgetSeconds } : {}),
        },
        { client },
      )
    : shareCopyStep(spec, { client });
  return single('share-copy', spec.label, input.folder, step);
}

const profileTitles = {
  default: 'Share benchmark (CrystalDiskMark’s tests)',
  peak: 'Share benchmark: peak',
  real: 'Share benchmark: real world',
  nvme: 'Share benchmark: NVMe SSD',
  ars: 'Share benchmark: Ars Technica trio',
  custom: 'Share benchmark: own jobs',
} as const;

/**
 * CrystalDiskMark's tests from this computer on a folder: a share needs no NAS login to be measured this
 * way. With the login and the folder as the NAS sees it, the same tests run on the NAS's own disks first
 * (fio, past its cache), so the share's cost is said against the disks' own figures.
 */
export function shareBenchPlan(input: Input<typeof ShareBenchRunInput>, facts: StepFacts | null): Plan {
  const profile = input.jobs ? 'custom' : (input.profile ?? shareBenchDefaults.profile);
  const title = `${profileTitles[profile]}${input.engine === 'fio' ? ' through fio' : ''}`;
  const step = shareBenchStep({
    label: title,
    folder: input.folder,
    profile,
    jobs: input.jobs ?? shareProfileJobs(profile === 'custom' ? 'default' : profile),
    engine: input.engine ?? 'builtin',
    fileSize: input.fileSizeBytes,
    seconds: input.seconds ?? shareBenchDefaults.seconds,
    passes: input.passes ?? shareBenchDefaults.passes,
    ...(input.nasRamBytes !== undefined ? { nasRamBytes: input.nasRamBytes } : {}),
  });
  if (!input.nasFolder || !facts) return single('share', title, input.folder, step);
  const onNas = diskStep(
    {
      label: 'The same tests on the NAS’s own disks',
      folder: input.nasFolder,
      preset: 'quick',
      uncached: true,
      sizeBytes: Math.min(input.fileSizeBytes ?? shareBenchDefaults.fileSizeBytes, shareBenchDefaults.fileSizeBytes),
      runtimeSeconds: input.seconds ?? shareBenchDefaults.seconds,
    },
    facts,
  );
  return single('share', title, input.folder, withDisksFirst(step, onNas));
}

/** "This computer": the loopback test that works with no NAS at all. */
export function loopbackPlan(input: { seconds: number; sampleIntervalMs: number }): Plan {
  return single('demo', 'This computer: network test over loopback', 'This computer', loopbackStep(input));
}

/** Load from several computers at once; it runs from this computer, with no NAS session. */
export function loadPlan(input: Input<typeof LoadRunInput>, leftovers: LoadLeftovers): Plan {
  const step = loadStep(input, leftovers);
  return single('load', step.label, input.helpers.map((helper) => helper.host).join(', '), step);
}
