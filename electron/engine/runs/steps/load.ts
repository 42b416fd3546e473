import { NasbenchError } from '../../../../shared/contract/errors';
import type { LoadHelper, LoadRunInput } from '../../../../shared/contract/load';
import { formatBytes } from '../../../../shared/util/units';
import { rampSeconds, runLoad, scratchPath, type LoadLeftovers } from '../../load';
import type { Step } from './types';

type Input = Required<Omit<LoadRunInput, 'helpers'>> & { helpers: LoadHelper[] };

/** How often the total line is drawn from the helpers' latest rates. */
const totalEveryMs = 1000;

/**
 * Load from several computers at once (fio's client/server mode): a live line per helper and one
 * for their total, and a result with each helper's figure (or why it has none) and the total.
 */
export function loadStep(input: Input, leftovers: LoadLeftovers): Step {
  const count = input.helpers.length;
  const label = `${input.rw === 'write' ? 'Writing to' : 'Reading from'} the share from ${count === 1 ? 'one computer' : `${count} computers at once`}`;
  return {
    kind: 'load',
    label,
    what:
      `Each computer's fio server ${input.rw === 'write' ? 'writes' : 'lays out, then reads'} a ${formatBytes(input.fileSizeBytes)} ` +
      `file in its own path to the share for ${input.seconds} s (after ${rampSeconds} s of ramp-up), all at once.`,
    seconds: (input.seconds + rampSeconds + 2) * (input.stepUp ? count : 1),
    writes: input.helpers.map((helper) => ({ where: scratchPath(helper.dir, '…'), bytes: input.fileSizeBytes })),
    series: [
      ...input.helpers.map((helper, index) => ({ id: `helper-${index}`, label: `${helper.host}` })),
      { id: 'total', label: 'All computers' },
    ],
    needsNas: false,
    async run(kit) {
      // Stepping up, each number of computers is a part of its own; else the step is one part.
      const parts = input.stepUp ? count : 1;
      const partLabel = (computers: number) =>
        input.stepUp ? `Measuring with ${computers} of ${count} computers` : label;
      let current = parts;
      const begin = (computers: number) => {
        if (computers > 1) kit.progress.part(computers - 2, parts, partLabel(computers - 1), 'finished');
        current = computers;
        kit.progress.part(computers - 1, parts, partLabel(computers), 'started');
      };
      if (!input.stepUp) begin(1);
      const latest = new Map<number, { rate: number; at: number }>();
      const ticker = setInterval(() => {
        const now = Date.now();
        const fresh = [...latest.values()].filter((entry) => now - entry.at < 2.5 * totalEveryMs);
        if (fresh.length > 0)
          kit.progress.sample(
            'total',
            fresh.reduce((sum, entry) => sum + entry.rate, 0),
          );
      }, totalEveryMs);
      try {
        const result = await runLoad(input, {
          runId: kit.runId,
          signal: kit.signal,
          leftovers,
          ...(input.stepUp ? { onStep: begin } : {}),
          onRate: (index, rate) => {
            latest.set(index, { rate, at: Date.now() });
            kit.progress.sample(`helper-${index}`, rate);
          },
        });
        const measured = result.clients.some((client) => client.ok);
        if (kit.signal.aborted || !measured) {
          // Each computer's figure or reason is kept with the run; a cancel or no figure at all ends it so.
          kit.progress.partial([result]);
          const first = result.clients.find((client) => client.error)?.error;
          throw kit.signal.aborted || !first
            ? kit.signal.reason
            : new NasbenchError(first.code, `No computer measured: ${first.message}`, first.hint);
        }
        kit.progress.part(current - 1, parts, partLabel(current), 'finished');
        return [result];
      } finally {
        clearInterval(ticker);
      }
    },
    headline(results, peak) {
      const found = results.find((result) => result.kind === 'load');
      if (found?.kind !== 'load') return undefined;
      const bytesPerSecond = found.total.bytesPerSecond;
      const seconds = Math.max(0, ...found.clients.map((client) => client.seconds));
      return {
        // What fio counted on the computers that measured, not a rate times a time.
        bytes: found.clients.reduce((sum, client) => sum + (client.ok ? client.ioBytes : 0), 0),
        seconds,
        bytesPerSecond,
        peakBytesPerSecond: Math.max(peak, bytesPerSecond),
      };
    },
  };
}
