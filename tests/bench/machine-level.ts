import { relativeSpread } from '../../shared/util/spread';

export interface ReferenceCell {
  bs: number;
  fileSize: number;
  jobs: number;
  name: string;
}

export const mb = (bytesPerSecond: number) => `${(bytesPerSecond / 1e6).toFixed(0).padStart(6)} MB/s`;
export const percent = (fraction: number) => `${(100 * fraction).toFixed(1)}%`;

/**
 * The machine's own speed, as a yardstick for the yardstick: the checks run minutes after the sweep,
 * and on this two-core virtual machine its speed moves over minutes (issue #35's bench read one cell
 * 2.5 GB/s in the sweep, 4.4–4.9 GB/s in its checks and 2.8 GB/s by hand ten minutes later). The
 * sweep's two noise cells (smallest and largest block, largest file, one job) run as fixed cells
 * before and after the sweep and at the start, middle and end of the checks; how far the checks'
 * readings of them lie from the sweep's says how much faster or slower the machine ran for the
 * checks (`shift`, a ratio), and their spread within each period how sure that is: a shift within
 * that noise is none (`applied`). On its first run the spread was ±17% and the shift 1.09× while the
 * measured cells read 1.12× their checks — the other way: over these minutes cells move apart, not
 * together, so the spread is the yardstick's noise and a shift is taken out only when it is beyond it.
 */
export class MachineLevel {
  private readonly rounds = { sweep: [] as number[][], checks: [] as number[][] };
  constructor(
    private readonly cells: ReferenceCell[],
    /** Runs one cell as a fixed cell; its figure, bytes/s. */
    private readonly run: (cell: ReferenceCell) => Promise<number>,
  ) {}

  async read(period: 'sweep' | 'checks', when: string): Promise<void> {
    const round: number[] = [];
    for (const cell of this.cells) round.push(await this.run(cell));
    this.rounds[period].push(round);
    process.stderr.write(`  reference cells ${when}: ${round.map(mb).join(', ')}\n`);
  }

  /** Per reference cell, the geometric mean of a period's readings. */
  private levelOf(period: 'sweep' | 'checks'): number[] {
    return this.cells.map((_, n) => {
      const logs = this.rounds[period].map((round) => Math.log(round[n] ?? Number.NaN));
      return Math.exp(logs.reduce((sum, each) => sum + each, 0) / logs.length);
    });
  }

  /** How much faster (above 1) or slower the machine ran during the checks than during the sweep. */
  get shift(): number {
    const [sweepLevel, checksLevel] = [this.levelOf('sweep'), this.levelOf('checks')];
    const logs = this.cells.map((_, n) => Math.log((checksLevel[n] ?? Number.NaN) / (sweepLevel[n] ?? Number.NaN)));
    return Math.exp(logs.reduce((sum, each) => sum + each, 0) / logs.length);
  }

  /** The shift if it is beyond the noise of a difference of two means of the periods' readings; else 1. */
  get applied(): number {
    const [sweepRounds, checksRounds] = [this.rounds.sweep.length, this.rounds.checks.length];
    const noise = this.spread * Math.sqrt(1 / sweepRounds + 1 / checksRounds);
    return Math.abs(Math.log(this.shift)) > noise ? this.shift : 1;
  }

  /** The reference cells' own spread within a period (root mean square over cells and periods). */
  get spread(): number {
    const spreads = (['sweep', 'checks'] as const).flatMap((period) =>
      this.cells.map((_, n) => relativeSpread(this.rounds[period].map((round) => round[n] ?? Number.NaN)) ?? 0),
    );
    return Math.sqrt(spreads.reduce((sum, each) => sum + each ** 2, 0) / spreads.length);
  }

  /** What `--save` keeps: every reading, and the judgement drawn from them. */
  toJSON() {
    return { cells: this.cells, rounds: this.rounds, shift: this.shift, spread: this.spread, applied: this.applied };
  }

  describe(): string {
    const readings = (period: 'sweep' | 'checks') =>
      this.cells
        .map(
          (cell, n) =>
            `${cell.name} ${this.rounds[period].map((round) => mb(round[n] ?? Number.NaN).trim()).join(', ')}`,
        )
        .join('; ');
    return (
      `the machine's own speed: reference cells as fixed cells, around the sweep: ${readings('sweep')}; ` +
      `during the checks: ${readings('checks')}. The checks ran at ${this.shift.toFixed(2)}× the sweep's speed ` +
      `(the reference readings' own spread ±${percent(this.spread)}): ` +
      (this.applied === 1 ? 'within that noise, so no move is taken out' : 'beyond that noise, taken out below')
    );
  }
}
