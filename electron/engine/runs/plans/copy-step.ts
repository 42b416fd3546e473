import type { CopyTestResult } from '../../../../shared/copy';
import { formatBytes, formatSeconds } from '../../../../shared/units';
import { copyRunDetails, copySeries } from '../../copy/run-plan';
import { copyDefaults, runShareCopy } from '../../copy/share-copy';
import type { PlanFacts, PlanStep } from './types';

export interface CopyStepSpec {
  label: string;
  folder: string;
  fileSize: number;
  /** The cache-wall sweep: file sizes doubling until no RAM holds them. */
  sweep?: boolean;
  sweepBudgetSeconds?: number;
  smallFiles?: { count: number; fileSize: number };
  blockSize?: number;
}

/** What the preview assumes a share moves when the link speed is unknown: about 1 GbE. */
const assumedBytesPerSecond = 110e6;

/** A share copy step: the app's own copy engine writes and reads back files in a local (mounted) folder. */
export function copyStep(spec: CopyStepSpec, facts: PlanFacts): PlanStep {
  const linkMbps = facts.client.route.type === 'virtual' ? null : facts.client.route.speedMbps;
  const rate = Math.min(assumedBytesPerSecond * 4, linkMbps ? (linkMbps * 1e6 * 0.94) / 8 : assumedBytesPerSecond);
  const budget = spec.sweepBudgetSeconds ?? copyDefaults.timeBudgetSeconds;
  const base = Math.ceil((2 * spec.fileSize) / rate) + 3;
  const what = spec.sweep
    ? `The app writes and reads back files in ${spec.folder}, sizes doubling from 64 MiB until they pass this computer’s and the NAS’s RAM ` +
      `(at most ${formatSeconds(budget)}): where the cache wall is, and the speed behind it.`
    : `The app writes a ${formatBytes(spec.fileSize)} file in ${spec.folder} and reads it back past this computer’s cache: what copying to the share really gives.`;
  const series = copySeries(spec, { write: `${spec.label}: writing`, read: `${spec.label}: reading` });
  return {
    kind: 'copy',
    label: spec.label,
    what,
    seconds: spec.sweep ? base + budget : base,
    writes: [{ where: `${spec.folder.replace(/[\\/]+$/, '')}/.nasbench-<run id>`, bytes: spec.fileSize }],
    series,
    needsNas: false,
    async run(kit) {
      const finished: CopyTestResult[] = [];
      const result = await runShareCopy({
        dir: spec.folder,
        fileSize: spec.fileSize,
        ...(spec.blockSize ? { blockSize: spec.blockSize } : {}),
        ...(spec.sweep ? { sweep: true, timeBudgetSeconds: budget } : {}),
        ...(spec.smallFiles ? { smallFiles: spec.smallFiles } : {}),
        nasRamBytes: kit.nas.memoryBytes ?? undefined,
        signal: kit.signal,
        onSample: (sample) => kit.sample(sample.series, sample.bytesPerSecond),
        onTest: (test) => {
          finished.push(test);
          kit.partial([
            { kind: 'copy', dir: spec.folder, fileSystem: null, share: null, tests: [...finished], notes: [] },
          ]);
        },
      });
      return [copyRunDetails(result)];
    },
  };
}
