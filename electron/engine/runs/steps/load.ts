import { NasbenchError, toAppError } from '../../../../shared/contract/errors';
import type { LoadHelper, LoadRunInput } from '../../../../shared/contract/load';
import { formatBytes } from '../../../../shared/util/units';
import {
  checkHelperDir,
  rampSeconds,
  runLoad,
  scratchPath,
  startNasFioServer,
  type LoadComputer,
  type LoadLeftovers,
} from '../../load';
import { directIoSupport, nasDiskCache, readTestFolderFacts } from '../../disk';
import { nasOf, type Step, type StepKit } from './types';
import { resultsOfKind } from '../../../../shared/kinds';

type Input = Required<Omit<LoadRunInput, 'helpers' | 'nas'>> & Pick<LoadRunInput, 'nas'> & { helpers: LoadHelper[] };

/** How often the total line is drawn from the helpers' latest rates. */
const totalEveryMs = 1000;

/**
 * Load from several computers at once (fio's client/server mode): a live line per helper and one
 * for their total, and a result with each helper's figure (or why it has none) and the total.
 */
export function loadStep(input: Input, leftovers: LoadLeftovers): Step {
  const count = input.helpers.length;
  const alsoNas = input.nas ? ' and the NAS itself' : '';
  // Stepping up, each number of computers is a part of its own (the NAS joins in one more); else one part.
  const parts = input.stepUp ? count + (input.nas ? 1 : 0) : 1;
  const label = `${input.rw === 'write' ? 'Writing to' : 'Reading from'} the share from ${count === 1 ? 'one computer' : `${count} computers at once`}${alsoNas}`;
  return {
    kind: 'load',
    label,
    what:
      `Each computer's fio server ${input.rw === 'write' ? 'writes' : 'lays out, then reads'} a ${formatBytes(input.fileSizeBytes)} ` +
      `file in its own path to the share for ${input.seconds} s (after ${rampSeconds} s of ramp-up), all at once.` +
      (input.nas
        ? ' The NAS runs the same job on its own disks, through its fio started over SSH, reached only through the SSH connection and stopped afterwards.'
        : ''),
    seconds: (input.seconds + rampSeconds + 2) * parts,
    writes: [
      ...input.helpers.map((helper) => ({ where: scratchPath(helper.dir, '…'), bytes: input.fileSizeBytes })),
      ...(input.nas ? [{ where: `${input.nas.folder}/.nasbench-…`, bytes: input.fileSizeBytes }] : []),
    ],
    series: [
      ...input.helpers.map((helper, index) => ({ id: `helper-${index}`, label: `${helper.host}` })),
      ...(input.nas ? [{ id: `helper-${count}`, label: 'The NAS itself' }] : []),
      { id: 'total', label: input.nas ? 'All computers and the NAS' : 'All computers' },
    ],
    needsNas: Boolean(input.nas),
    async run(kit) {
      const partLabel = (computers: number) =>
        !input.stepUp
          ? label
          : computers > count
            ? `All ${count} computers and the NAS itself`
            : `Measuring with ${computers} of ${count} computers`;
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
      let nas: Awaited<ReturnType<typeof nasComputer>> | null = null;
      try {
        nas = input.nas ? await nasComputer(kit, input.nas.folder, input, parts) : null;
        const computers: LoadComputer[] = [...input.helpers, ...(nas ? [nas.computer] : [])];
        const result = await runLoad(
          { ...input, helpers: computers },
          {
            runId: kit.runId,
            signal: kit.signal,
            leftovers,
            ...(input.stepUp ? { onStep: begin } : {}),
            onRate: (index, rate) => {
              latest.set(index, { rate, at: Date.now() });
              kit.progress.sample(`helper-${index}`, rate);
            },
          },
        );
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
        // Before the run removes its scratch folder: nothing of fio's may still be writing in it.
        await nas?.stop();
      }
    },
    headline(results, peak) {
      const found = resultsOfKind(results, 'load')[0];
      if (!found) return undefined;
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

/**
 * The NAS as the run's last computer: a scratch folder in the chosen NAS folder and fio's server,
 * started over the SSH login for this run only. One that cannot take part is marked with why.
 */
async function nasComputer(
  kit: StepKit,
  folder: string,
  input: Input,
  parts: number,
): Promise<{ computer: LoadComputer; stop(): Promise<void> }> {
  const { session, facts } = nasOf(kit);
  // Every computer's file counts against the NAS's folder too: theirs may land on the same volume.
  const neededBytes = input.fileSizeBytes * (input.helpers.length + 1);
  let scratch: Awaited<ReturnType<StepKit['scratch']['open']>>;
  try {
    // A folder fio's job file could misread is refused before anything is made on the NAS.
    checkHelperDir({ host: session.info.host, port: session.info.port, dir: folder });
    scratch = await kit.scratch.open(folder, neededBytes);
  } catch (error) {
    // No room, no such folder, a name fio cannot take: nothing is written on the NAS, and the other computers still run.
    const unusable = toAppError(error);
    return {
      computer: { host: session.info.host, port: session.info.port, dir: folder, onNas: true, unusable },
      stop: async () => undefined,
    };
  }
  const seconds = (input.seconds + rampSeconds + 2) * parts + input.fileSizeBytes / 10e6;
  const started = await startNasFioServer(session, facts, scratch.path, seconds);
  if (!started.ok)
    return { computer: { ...started.helper, onNas: true, unusable: started.error }, stop: async () => undefined };
  // Its figure's caches, as a disk test on the NAS words them: a folder in RAM, or files the RAM holds.
  const folderFacts = await readTestFolderFacts(session, scratch.path);
  const cache = nasDiskCache({
    folder: folderFacts,
    memoryBytes: facts.memoryBytes,
    directHonoured: input.direct && directIoSupport(folderFacts) === 'honoured',
    rw: input.rw,
    bs: input.blockSizeBytes,
    sizeBytes: input.fileSizeBytes,
  });
  return { computer: { ...started.helper, onNas: true, cache, tunnel: started.tunnel }, stop: started.stop };
}
