import { rate } from '../links';
import type { Rule } from '../rule';

/** Adding a computer that raises the total by less than this: the NAS has stopped growing. */
const stalledGain = 0.1;

const computers = (count: number) => `${count} ${count === 1 ? 'computer' : 'computers'}`;

/**
 * Load from several computers, stepped up one computer at a time: does the total grow with each
 * computer, or does it stop — and where. The computers' own links are not known here, so where it
 * stops is named as the NAS's side (its port, its disks or its file sharing), not which of them.
 */
export const loadScaling: Rule = (figures, { unit }) => {
  const steps = [...(figures.loadSteps ?? [])].sort((a, b) => a.computers - b.computers);
  const one = steps[0];
  if (!one || steps.length < 2 || one.computers !== 1 || one.bytesPerSecond <= 0) return [];
  const ways = one.op === 'write' ? 'writing to' : 'reading from';
  const ratios = steps.map(
    (step) => `${computers(step.computers)}: ${(step.bytesPerSecond / one.bytesPerSecond).toFixed(2)}×`,
  );
  const stall = steps.findIndex(
    (step, index) => index > 0 && step.bytesPerSecond < (steps[index - 1]?.bytesPerSecond ?? 0) * (1 + stalledGain),
  );
  const last = steps[steps.length - 1] ?? one;
  const figuresOut = Object.fromEntries(
    steps.map((step) => [`computers${step.computers}BytesPerSecond`, step.bytesPerSecond]),
  );
  if (stall < 0) {
    return [
      {
        id: 'load-scaling',
        severity: 'info',
        text:
          `The total grows with each computer ${ways} the NAS (${ratios.join('; ')} of one alone, ` +
          `${rate(one.bytesPerSecond, unit)}): with ${computers(last.computers)} it served ${rate(last.bytesPerSecond, unit)} ` +
          'and had not reached its limit — each computer was held back by its own side (its link or disk), not the NAS.',
        figures: figuresOut,
      },
    ];
  }
  const before = steps[stall - 1] ?? one;
  const at = steps[stall] ?? last;
  const gain = (at.bytesPerSecond / before.bytesPerSecond - 1) * 100;
  return [
    {
      id: 'load-scaling',
      severity: 'warn',
      text:
        `The NAS stops at about ${rate(Math.max(before.bytesPerSecond, at.bytesPerSecond), unit)} ${ways} it ` +
        `(${ratios.join('; ')} of one alone): adding a computer to ${computers(before.computers)} ` +
        `${gain >= 0 ? `added only ${gain.toFixed(0)}%` : 'added nothing'}. The limit is on the NAS's side — its network ` +
        'port, its disks or its file sharing — not the computers.',
      figures: figuresOut,
    },
  ];
};
