import type { DiskRunDetails, HeatmapPanel } from '../../contract/disk';
import type { Figures, NasViewFigure } from '../../verdicts/figures';

export function addDisk(figures: Figures, result: DiskRunDetails): void {
  for (const panel of result.sweep?.panels ?? []) addSweepPanel(figures, panel);
  for (const test of result.tests) {
    // Sequential tests only: 4K random figures are never expected to fill a link. They are set beside
    // the share's own random figures (share-small-io), as the NAS's disks give them.
    if (test.rw !== 'read' && test.rw !== 'write') {
      const op = test.rw === 'randread' ? 'read' : test.rw === 'randwrite' ? 'write' : null;
      if (op)
        figures.diskRandom = [
          ...(figures.diskRandom ?? []),
          { test: test.name, op, bytesPerSecond: test.bytesPerSecond },
        ];
      continue;
    }
    figures.disks.push({
      test: test.name,
      op: test.rw,
      bytesPerSecond: test.bytesPerSecond,
      throughNetwork: false,
      ...(test.spread ? { spread: test.spread } : {}),
      ...(test.cache ? { nasCache: test.cache.nas } : {}),
    });
  }
}

/** Keeps the fastest measured cell per direction across a sweep's panels. */
function addSweepPanel(figures: Figures, panel: HeatmapPanel): void {
  panel.values.forEach((row, rowIndex) =>
    row.forEach((bytesPerSecond, column) => {
      if (bytesPerSecond === null) return;
      const best = figures.sweepBest?.find((cell) => cell.op === panel.rw);
      if (best && best.bytesPerSecond >= bytesPerSecond) return;
      const cell = {
        op: panel.rw,
        blockSize: panel.y[rowIndex] ?? 0,
        fileSize: panel.x[column] ?? 0,
        jobs: panel.jobs,
        bytesPerSecond,
      };
      figures.sweepBest = [...(figures.sweepBest ?? []).filter((other) => other.op !== panel.rw), cell];
    }),
  );
}

export function diskNasView(result: DiskRunDetails): Pick<NasViewFigure, 'test' | 'kind'> {
  return {
    test: result.sweep ? 'Disk sweep' : `NAS disks (${result.tests.map((test) => test.name).join(', ')})`,
    kind: 'disk',
  };
}
