import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DiskSweepRunInput, type HeatmapPanel } from '../../shared/contract/disk';
import { heatmap } from '../../shared/report/svg/heatmap';
import {
  adaptiveCountsSentence,
  checkDiskSweepChoices,
  describeSweep,
  heatmapCellFigure,
  type SweepChoices,
} from '../../shared/sweep/words';
import { gridCell, metricCellLabel, metricCellText, metricScale, sweepGridCells } from '../../shared/sweep/grid';

const summaryOf = (panels: HeatmapPanel[]) => ({ panels, skipped: [], plannedSeconds: 0, seconds: 0 });
const throughputScale = (panels: HeatmapPanel[]) => metricScale(sweepGridCells(summaryOf(panels), []), 'throughput');
const cellLabel = (p: HeatmapPanel, row: number, column: number) =>
  metricCellLabel(gridCell(p, row, column, []), 'throughput', 'MB/s');
const cellText = (p: HeatmapPanel, row: number, column: number) =>
  metricCellText(gridCell(p, row, column, []), 'throughput', 'MB/s');

const MiB = 2 ** 20;
const sessionId = '7d1f1a52-8d3e-4c55-9f0e-2f6a1b3c4d5e';
const form: SweepChoices = {
  folder: ' /volume1/test ',
  blockSizes: '1M, 4k 128k',
  fileSizes: '256M,64M',
  jobs: '4, 1',
  rw: 'both',
  uncached: false,
  budgetMinutes: '30',
  maxSeconds: '30',
  steadyState: true,
  adaptive: false,
};

const panel = (jobs: number, values: (number | null)[][]): HeatmapPanel => ({
  jobs,
  rw: 'write',
  x: [64 * MiB, 256 * MiB],
  y: [4096, MiB],
  values,
});

describe('the sweep form', () => {
  it('turns typed lists into sorted sizes and counts the contract accepts', () => {
    const checked = checkDiskSweepChoices(form, sessionId);
    expect(checked.input).toEqual({
      sessionId,
      folder: '/volume1/test',
      blockSizes: [4096, 128 * 1024, MiB],
      fileSizes: [64 * MiB, 256 * MiB],
      jobs: [1, 4],
      rw: 'both',
      uncached: false,
      steadyState: true,
      maxRuntimeSeconds: 30,
      budgetSeconds: 1800,
      adaptive: false,
    });
    expect(DiskSweepRunInput.safeParse(checked.input).success).toBe(true);
  });

  it('with steady state off, runs every cell a fixed time, down to one second', () => {
    const fixed = checkDiskSweepChoices({ ...form, steadyState: false, maxSeconds: '1' }, sessionId);
    expect(fixed.input).toMatchObject({ steadyState: false, maxRuntimeSeconds: 1 });
    expect(DiskSweepRunInput.safeParse(fixed.input).success).toBe(true);
    // Settling needs fio's 5 s window and 1 s ramp: one second is too short for it, and the field says why.
    expect(checkDiskSweepChoices({ ...form, maxSeconds: '1' }, sessionId).problems).toEqual({
      maxSeconds: 'Enter a whole number of seconds from 6 to 600.',
    });
    expect(checkDiskSweepChoices({ ...form, steadyState: false, maxSeconds: '0' }, sessionId).problems).toEqual({
      maxSeconds: 'Enter a whole number of seconds from 1 to 600.',
    });
  });

  it('names each field that is wrong, and starts nothing', () => {
    const checked = checkDiskSweepChoices(
      {
        ...form,
        folder: 'volume1',
        blockSizes: '4k, lots',
        fileSizes: '',
        jobs: '0',
        budgetMinutes: '1.5',
        maxSeconds: '5',
      },
      's',
    );
    expect(checked.input).toBeUndefined();
    expect(Object.keys(checked.problems ?? {}).sort()).toEqual(
      ['blockSizes', 'budgetMinutes', 'fileSizes', 'folder', 'jobs', 'maxSeconds'].sort(),
    );
  });

  it('whatever is typed, either the contract accepts the input or a field has a problem', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), fc.string(), (blockSizes, fileSizes, jobs, maxSeconds) => {
        const checked = checkDiskSweepChoices({ ...form, blockSizes, fileSizes, jobs, maxSeconds }, sessionId);
        if (checked.input) expect(DiskSweepRunInput.safeParse(checked.input).success).toBe(true);
        else expect(Object.keys(checked.problems).length).toBeGreaterThan(0);
      }),
    );
  });
});

describe('heatmaps', () => {
  it('share one colour scale across panels, so the same speed is the same colour everywhere', () => {
    const panels = [
      panel(1, [
        [10e6, null],
        [100e6, 120e6],
      ]),
      panel(4, [
        [40e6, 50e6],
        [400e6, 380e6],
      ]),
    ];
    const scale = throughputScale(panels);
    expect(scale).toMatchObject({ min: 10e6, max: 400e6 });
    // The fastest cell of panel 1 is not full colour: panel 4 has faster ones.
    expect(scale?.shade(120e6)).toBeCloseTo((120 - 10) / 390, 6);
    expect(scale?.shade(400e6)).toBe(1);
    expect(throughputScale([panel(1, [[null, null]])])).toBeNull();
    expect(throughputScale([panel(1, [[5e6, 5e6]])])?.shade(5e6)).toBe(1);
  });

  it('label every cell with its block size, file size and figure, or say it did not run', () => {
    const one = panel(1, [
      [10e6, null],
      [100e6, 120e6],
    ]);
    expect(cellLabel(one, 1, 1)).toBe('1M blocks, 256 MiB files: 120 MB/s');
    expect(cellLabel(one, 0, 1)).toBe('4k blocks, 256 MiB files: not run');
  });

  it('write the same figure in a cell in the app and the report: whole units from 100, one decimal below', () => {
    expect(heatmapCellFigure(5821.7e6, 'MB/s')).toBe('5822');
    expect(heatmapCellFigure(100e6, 'MB/s')).toBe('100');
    expect(heatmapCellFigure(42.26e6, 'MB/s')).toBe('42.3');
    expect(heatmapCellFigure(0.0432e6, 'MB/s')).toBe('0.043');
    expect(heatmapCellFigure(118e6, 'Mb/s')).toBe('944');
    expect(heatmapCellFigure(null, 'MB/s')).toBe('not run');
  });

  it('say where the grid was fastest, and pass on the budget note', () => {
    const summary = {
      panels: [panel(1, [[10e6, 20e6]]), { ...panel(4, [[30e6, 612e6]]), rw: 'read' as const }],
      skipped: ['x'],
      plannedSeconds: 100,
      seconds: 60,
      note: 'The time budget was reached.',
    };
    expect(describeSweep(summary, 'MB/s')).toBe(
      'Fastest: 4k blocks on 256 MiB files with 4 jobs, reading (612 MB/s). The time budget was reached.',
    );
  });
});

describe("an adaptive sweep's inferred cells", () => {
  const panel = {
    jobs: 2,
    rw: 'write' as const,
    x: [16 * MiB, 64 * MiB],
    y: [4096, MiB],
    values: [
      [100e6, 120e6],
      [900e6, 2000e6],
    ],
    inferred: [
      [false, false],
      [false, true],
    ],
  };
  it('are written "≈", said to be inferred, and never named the fastest', () => {
    expect(cellText(panel, 1, 1)).toBe('≈ 2000');
    expect(cellText(panel, 1, 0)).toBe('900');
    expect(cellLabel(panel, 1, 1)).toMatch(/inferred from measured neighbours, not measured\)$/);
    const summary = { panels: [panel], skipped: [], plannedSeconds: 60, seconds: 30 };
    expect(describeSweep(summary, 'MB/s')).toMatch(
      /^Fastest: 1M blocks on 16\.0 MiB files with 2 jobs, writing \(900 MB\/s\)\./,
    );
  });

  it('are drawn paler and outlined dashed in the report, with what "≈" means', () => {
    const scale = throughputScale([panel]);
    const svg = heatmap(panel, { metric: 'throughput', shade: scale?.shade ?? (() => 0), tests: [], unit: 'MB/s' });
    const cells = svg.match(/<rect [^>]*data-file-size[^>]*>/g) ?? [];
    expect(cells).toHaveLength(4);
    expect(cells.filter((cell) => cell.includes('stroke-dasharray'))).toHaveLength(1);
    expect(cells.find((cell) => cell.includes('data-inferred'))).toMatch(
      /data-file-size="67108864" data-block-size="1048576"/,
    );
    expect(svg).toContain('≈: inferred from measured neighbours, not measured');
  });
});

describe("the adaptive sweep note's counts", () => {
  it('says the rest are inferred when every cell has a figure', () => {
    expect(adaptiveCountsSentence(552, 58, 494)).toBe(
      'Adaptive sweep: 58 of 552 cells measured; the other 494 are inferred from their measured neighbours and marked so (≈).',
    );
  });
  it('says how many have no figure, and infers nothing from nothing', () => {
    expect(adaptiveCountsSentence(8, 0, 0)).toBe(
      'Adaptive sweep: 0 of 8 cells measured; 8 have no figure: the time budget ran out before anything near them was measured.',
    );
    expect(adaptiveCountsSentence(16, 3, 12)).toBe(
      'Adaptive sweep: 3 of 16 cells measured; 12 are inferred from their measured neighbours and marked so (≈); ' +
        '1 has no figure: the time budget ran out before anything near it was measured.',
    );
  });
  it('counts every cell once, whatever the split', () => {
    fc.assert(
      fc.property(fc.nat(600), fc.nat(600), fc.nat(600), (measured, inferred, without) => {
        const words = adaptiveCountsSentence(measured + inferred + without, measured, inferred);
        const said = [...words.matchAll(/(\d+) (?:of \d+ cells measured|are inferred|is inferred|have no|has no)/g)];
        expect(said.reduce((sum, match) => sum + Number(match[1]), 0)).toBe(measured + inferred + without);
      }),
    );
  });
});
