import type { CopyRunDetails, CopyTestResult } from '../../../../shared/contract/copy';
import type { ClientFacts } from '../../../../shared/contract/probe';
import type { TestResult } from '../../../../shared/contract/runs';
import { withoutTrailingSlashes } from '../../../../shared/util/trailing-slashes';
import { formatBytes, formatSeconds } from '../../../../shared/util/units';
import type { SharePath } from '../../../../shared/contract/figure-quality';
import { folderQuestion, pathNote, type LinkOfPlan } from '../../../../shared/kinds/copy/share-path';
import {
  copyDefaults,
  sessionTermsOf,
  settleDefaults,
  settleRule,
  runShareCopy,
  shareIsOnNas,
  type SettleLimits,
  type ShareCopyResult,
} from '../../copy';
import { foundProgramCommand, wholeStdout } from '../../ssh';
import type { Step, StepKit } from './types';
import { resultsOfKind } from '../../../../shared/kinds';

export interface ShareCopySpec {
  label: string;
  folder: string;
  /** The sequential file's size; undefined: sized to settle (at least 1 GiB, on until steady; copy/settle-size.ts). */
  fileSize: number | undefined;
  /** How a write without a size settles, when not settleDefaults (a plan that answers in a minute: quickSettle). */
  settle?: SettleLimits;
  blockSize?: number;
  smallFiles?: { count: number; fileSize: number };
  /** The NAS's RAM when known (the probe's, or what the caller said). */
  nasRamBytes?: number;
  /** sha256 of what was written and of what was read back, compared in the result. */
  verify?: boolean;
  /** The one link the plan is about (Compare connections): a share mounted over another link is said to be. */
  aboutLink?: LinkOfPlan;
  /** The lines' names: a test of its own says "Writing to the share", a plan's step names itself. */
  lineLabels?: { write: string; read: string };
}

export interface CacheWallSpec extends ShareCopySpec {
  sweepBudgetSeconds?: number;
}

/** What the preview assumes a share moves when the link speed is unknown: about 1 GbE. */
const assumedBytesPerSecond = 110e6;

/** What a copy step is described from: this computer's link, and what the folder is when it was looked up. */
type CopyFacts = { client: ClientFacts | null; sharePath?: SharePath | null | undefined };

/** The share copy: the app's own copy engine writes a file in a local (mounted) folder and reads it back uncached. */
export function shareCopyStep(spec: ShareCopySpec, facts: CopyFacts): Step {
  return copyStep(spec, facts, null);
}

/**
 * The cache wall: the same copy with file sizes doubling from 64 MiB until no RAM can hold them
 * (this computer's and the NAS's), and where the speed drops.
 */
export function cacheWallStep(spec: CacheWallSpec, facts: CopyFacts): Step {
  return copyStep(spec, facts, spec.sweepBudgetSeconds ?? copyDefaults.timeBudgetSeconds);
}

/**
 * How long the copy takes at a rate: sized to settle, its minimum or the seconds a steady rate takes
 * (after the warm-up, a fifth), whichever is longer, up to its time cap; then read back in full.
 */
function copySeconds(spec: ShareCopySpec, bytesPerSecond: number, sweepBudget: number | null): number {
  const limits = spec.settle ?? settleDefaults;
  const eachWay =
    spec.fileSize === undefined
      ? Math.min(Math.max(limits.minBytes / bytesPerSecond, settleRule.seconds * 1.25), limits.maxSeconds)
      : spec.fileSize / bytesPerSecond;
  // A second for creating the file, flushing it and turning from writing to reading
  // (as measured: docs/measured-constants.md).
  return Math.ceil(2 * eachWay) + 1 + (sweepBudget ?? 0);
}

/** The slower way of the network tests a plan ran before its copy, in bytes/s; null when it ran none. */
function measuredNetwork(earlier: readonly TestResult[]): number | null {
  const rates = resultsOfKind(earlier, 'network').map((result) => result.summary.bitsPerSecond / 8);
  return rates.length > 0 ? Math.min(...rates) : null;
}

function copyStep(spec: ShareCopySpec, facts: CopyFacts, sweepBudget: number | null): Step {
  const route = facts.client?.route;
  const linkMbps = route && route.type !== 'virtual' ? route.speedMbps : null;
  const rate = Math.min(assumedBytesPerSecond * 4, linkMbps ? (linkMbps * 1e6 * 0.94) / 8 : assumedBytesPerSecond);
  const settled = spec.fileSize === undefined;
  const limits = spec.settle ?? settleDefaults;
  const sweep = sweepBudget !== null;
  const what = sweep
    ? `The app writes and reads back files in ${spec.folder}, sizes doubling from 64 MiB until they pass this computer’s and the NAS’s RAM ` +
      `(at most ${formatSeconds(sweepBudget)}): where the cache wall is, and the speed behind it.`
    : `The app writes ${settled ? `a file sized to settle (at least ${formatBytes(limits.minBytes)}, on until its rate holds steady, at most ${formatBytes(limits.maxBytes)} or ${formatSeconds(limits.maxSeconds)})` : `a ${formatBytes(spec.fileSize ?? 0)} file`} in ${spec.folder} and reads it back past this computer’s cache: what copying to the share really gives.`;
  const labels = spec.lineLabels ?? { write: `${spec.label}: writing`, read: `${spec.label}: reading` };
  const warning = facts.sharePath && pathWarning(facts.sharePath, spec.aboutLink);
  const askFirst = facts.sharePath && folderQuestion(facts.sharePath);
  // A share reached over the link the plan measured moves no faster than that link did.
  const overMeasuredLink = facts.sharePath?.kind === 'network-share' && !warning;
  return {
    kind: 'copy',
    label: spec.label,
    what,
    ...(warning ? { warnings: [warning] } : {}),
    ...(askFirst ? { askFirst } : {}),
    seconds: copySeconds(spec, rate, sweepBudget),
    reestimate: (earlier) => {
      const network = overMeasuredLink ? measuredNetwork(earlier) : null;
      return network ? copySeconds(spec, Math.min(rate, network), sweepBudget) : undefined;
    },
    writes: [
      {
        where: `${withoutTrailingSlashes(spec.folder, { backslashes: true })}/.nasbench-<run id>`,
        bytes: spec.fileSize ?? limits.maxBytes,
      },
    ],
    series: copySeries({ smallFiles: spec.smallFiles, sweep }, labels),
    needsNas: false,
    run: (kit) => runCopy(spec, sweepBudget, kit),
    headline: copyHeadline,
  };
}

async function runCopy(spec: ShareCopySpec, sweepBudget: number | null, kit: StepKit): Promise<TestResult[]> {
  const finished: CopyTestResult[] = [];
  const nasRamBytes = spec.nasRamBytes ?? kit.nas?.facts.memoryBytes ?? undefined;
  const result = await runShareCopy({
    dir: spec.folder,
    runId: kit.runId,
    ...(spec.fileSize !== undefined ? { fileSize: spec.fileSize } : {}),
    ...(spec.settle ? { settle: spec.settle } : {}),
    ...(spec.blockSize ? { blockSize: spec.blockSize } : {}),
    ...(sweepBudget !== null ? { sweep: true, timeBudgetSeconds: sweepBudget } : {}),
    ...(spec.smallFiles ? { smallFiles: spec.smallFiles } : {}),
    ...(nasRamBytes !== undefined ? { nasRamBytes } : {}),
    ...(spec.verify ? { checksum: true } : {}),
    ...(spec.aboutLink ? { aboutLink: spec.aboutLink } : {}),
    signal: kit.signal,
    sessionTerms: sessionTermsFor(kit),
    onLeftBehind: (scratch) => kit.progress.leftBehind({ path: scratch, where: 'share' }),
    onSample: (sample) => kit.progress.sample(sample.series, sample.bytesPerSecond),
    onStep: (index, count, label, state) => kit.progress.part(index, count, label, state),
    // Kept on failure or cancel: the tests that did finish are real results.
    onTest: (test) => {
      finished.push(test);
      kit.progress.partial([
        {
          kind: 'copy',
          dir: spec.folder,
          fileSystem: null,
          share: null,
          tests: [...finished],
          notes: [...new Set(finished.map((done) => done.method))],
        },
      ]);
    },
  });
  return [copyRunDetails(result)];
}

/** Said before a plan starts: the "share" is a folder on this computer, or a share mounted over another link. */
function pathWarning(path: SharePath, aboutLink: LinkOfPlan | undefined): string | null {
  const note = pathNote(path, aboutLink);
  if (!note || path.kind === 'network-share') return note;
  return `${note} To measure the NAS, choose a folder in a share of it mounted on this computer.`;
}

/** The live lines of a copy: write and read always, small files and the sweep when asked for. */
export function copySeries(
  options: { smallFiles?: unknown; sweep?: boolean | undefined },
  labels: { write: string; read: string },
): Step['series'] {
  return [
    { id: 'write', label: labels.write },
    { id: 'read', label: labels.read },
    ...(options.smallFiles
      ? [
          { id: 'small files write', label: 'Small files, writing' },
          { id: 'small files read', label: 'Small files, reading' },
        ]
      : []),
    ...(options.sweep
      ? [
          { id: 'sweep write', label: 'Sweep, writing' },
          { id: 'sweep read', label: 'Sweep, reading' },
        ]
      : []),
  ];
}

/** A finished copy as the contract reports it. */
export function copyRunDetails(result: ShareCopyResult): CopyRunDetails {
  return {
    kind: 'copy',
    dir: result.dir,
    fileSystem: result.fileSystem,
    share: result.share,
    path: result.path,
    tests: result.tests,
    ...(result.sweep ? { sweep: result.sweep } : {}),
    ...(result.roundTripIdentical !== undefined ? { roundTripIdentical: result.roundTripIdentical } : {}),
    notes: result.notes,
  };
}

/** A copy run's headline: the uncached read, what the share gives when a file is opened. */
function copyHeadline(results: TestResult[], peak: number) {
  const tests = resultsOfKind(results, 'copy').flatMap((result) => result.tests);
  const read = tests.find((test) => test.test === 'sequential' && test.op === 'read');
  return read
    ? {
        bytes: read.fileSize,
        seconds: read.seconds,
        bytesPerSecond: read.bytesPerSecond,
        peakBytesPerSecond: Math.max(peak, read.bytesPerSecond),
      }
    : undefined;
}

/**
 * How the copy learns its share's session: from this computer, and — for a share of the connected
 * NAS — from the NAS too, over its login (its Samba's own account and config; read only).
 */
export function sessionTermsFor(kit: StepKit) {
  const nas = kit.nas;
  if (!nas) return sessionTermsOf();
  const identity = {
    addresses: [nas.session.info.host, ...nas.facts.interfaces.flatMap((port) => port.addresses)],
    names: [nas.session.info.host, ...(nas.facts.hostname ? [nas.facts.hostname] : [])],
  };
  const onNas = sessionTermsOf(async (command, args) => {
    // smbstatus, testparm: programs found on the NAS's PATH run only when its owner installed them.
    const ran = await nas.session.run(foundProgramCommand(command, args), { timeoutMs: 15_000, signal: kit.signal });
    return { code: ran.code, stdout: wholeStdout(ran, `${command} on the NAS`), stderr: ran.stderr };
  });
  const hereOnly = sessionTermsOf();
  return (share: Parameters<typeof onNas>[0], localAddress: string | null) =>
    shareIsOnNas(share, identity) ? onNas(share, localAddress) : hereOnly(share, localAddress);
}
