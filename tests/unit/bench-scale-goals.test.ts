import { describe, expect, it } from 'vitest';
import { judgeCell, judgeGoals, sweepNoiseOf, type CheckedCell, type Yardsticks } from '../bench/scale-goals';

const MB = 1e6;
/** A steady machine and sweep: the goals as stated. */
const quiet: Yardsticks = { sweepNoise: 0.05, machine: { spread: 0.03, shift: 1, applied: 1 } };
/** The bench's fourth run: the sweep measured ±22.9% run to run (one job on the busy two-core machine). */
const noisySweep: Yardsticks = { sweepNoise: 0.229, machine: { spread: 0.054, shift: 1.06, applied: 1.06 } };
/** The third run: a steady sweep (its floor, ±5%), the machine ±11.7% and 0.85× as fast for the checks. */
const movedMachine: Yardsticks = { sweepNoise: 0.05, machine: { spread: 0.117, shift: 0.85, applied: 0.85 } };

const cell = (name: string, inferred: boolean, sweep: number, a: number, b: number): CheckedCell => ({
  name,
  inferred,
  bytesPerSecond: sweep * MB,
  a: a * MB,
  b: b * MB,
});
/** Cells that agree with their checks, half measured and half inferred. */
const agreeing = [
  cell('bs=64k size=64M jobs=2', false, 8424, 8248, 8296),
  cell('bs=64k size=64M jobs=8', false, 9013, 9041, 8706),
  cell('bs=8k size=32M jobs=2', true, 4033, 4068, 3921),
  cell('bs=32k size=32M jobs=64', true, 7652, 7530, 7394),
];
/** From the fourth run: a measured cell 1.2× its two checks, which lay 4% apart. */
const measuredApart = cell('bs=2M size=2M jobs=2', false, 12819, 11018, 10446);
/** From the third run, before the jobs plateau: an inferred cell 0.7× its checks. */
const inferredMiss = cell('bs=8k size=4M jobs=2', true, 4092, 5981, 5803);

const goalsOf = (cells: CheckedCell[], yardsticks: Yardsticks) =>
  judgeGoals({ rows: cells.map((each) => judgeCell(each, yardsticks)), wall: 541, fullCost: 6585 }, yardsticks);
const cellsLine = (cells: CheckedCell[], yardsticks: Yardsticks) => goalsOf(cells, yardsticks)[3];

describe('issue #35 bench: judging the checked cells', () => {
  it('allows a cell 2 × its checks’ spread + 10%, and counts the other spreads in its noise allowance', () => {
    const judged = judgeCell(measuredApart, noisySweep);
    expect(judged.spread).toBeCloseTo(0.0375, 3);
    expect(judged.allowance).toBeCloseTo(2 * judged.spread + 0.1, 6);
    expect(judged.deviation).toBeGreaterThan(judged.allowance);
    expect(judged.noiseAllowance).toBeCloseTo(2 * Math.hypot(judged.spread, 0.054, 0.229) + 0.1, 6);
    // The machine ran 1.06× faster for the checks: taken out, the cell reads further from them.
    expect(judged.levelled).toBeGreaterThan(judged.deviation);
  });

  it('meets the per-cell line when every cell is within its allowance, whatever the noise', () => {
    expect(cellsLine(agreeing, quiet)?.verdict).toBe('MET');
    expect(cellsLine(agreeing, noisySweep)?.verdict).toBe('MET');
  });

  it('on a quiet machine and sweep, one cell beyond its allowance is not met, and named', () => {
    const line = cellsLine([...agreeing, measuredApart], quiet);
    expect(line?.verdict).toBe('NOT MET');
    expect(line?.text).toContain('1 of 5 beyond: bs=2M size=2M jobs=2 measured');
  });

  it('where the sweep’s repeats lie more than 10% apart, a cell within that noise is a result within it', () => {
    const line = cellsLine([...agreeing, measuredApart], noisySweep);
    expect(line?.verdict).toBe('WITHIN NOISE');
    expect(line?.text).toMatch(/1 of 5 beyond: .*the sweep's repeats ±22\.9%.*with them counted, 0 beyond/);
  });

  it('an inference far beyond every spread is beyond the noise, and named', () => {
    const line = cellsLine([...agreeing, inferredMiss], movedMachine);
    expect(line?.verdict).toBe('BEYOND NOISE');
    expect(line?.text).toMatch(/with them counted, 1 beyond: bs=8k size=4M jobs=2 inferred\)$/);
  });

  it('takes the sweep’s noise from every repeat it made, the closing one too', () => {
    // The fifth run: both pairs at the start under 5% (the floor), the first cell 2,094 then 1,471 MB/s at the end.
    const fifth = sweepNoiseOf(0.05, [{ start: 2094 * MB, end: 1471 * MB }]);
    expect(fifth).toBeCloseTo(Math.sqrt((2 * 0.05 ** 2 + 0.247 ** 2) / 3), 2);
    expect(fifth).toBeGreaterThan(0.14);
    // A closing run that lands where the first did leaves the start's noise nearly as it was.
    expect(sweepNoiseOf(0.05, [{ start: 1416 * MB, end: 1401 * MB }])).toBeCloseTo(0.041, 2);
    // No closing run (it could not run again): the start's pairs alone.
    expect(sweepNoiseOf(0.229, [])).toBeCloseTo(0.229, 6);
  });

  it('judges the medians and the speed as stated on a quiet machine', () => {
    const [speed, measured, inferred] = goalsOf([...agreeing, inferredMiss], quiet);
    expect(speed?.verdict).toBe('MET');
    expect(measured?.verdict).toBe('MET');
    // Inferred cells 1.0×, 1.0× and 0.7× their checks: the median, 2.9%, is within 10%.
    expect(inferred?.verdict).toBe('MET');
    expect(inferred?.text).toMatch(/^median inferred cell within 10\.0% \(2\.\d%\)$/);
    const slow = judgeGoals({ rows: [], wall: 700, fullCost: 6585 }, quiet);
    expect(slow[0]?.verdict).toBe('NOT MET');
    // No checked cell of a kind: nothing to judge it by, so the median is not met.
    expect(slow[1]?.verdict).toBe('NOT MET');
  });
});
