import { PassThrough } from 'node:stream';
import type { NasBaseline, NasResourceSample, NasResources } from '../../../shared/contract/nas-resources';
import type { NasLogin } from '../ssh';
import { nasViewScript } from './reader-script';
import { baselineOf } from './readings';
import { NasViewStream } from './stream';

/** The one thing the reader needs from a NAS session: running a command (a local shell stands in for tests). */
export type NasCommands = Pick<NasLogin, 'run'>;

export interface NasReaderOptions {
  /** The longest the reader may run: the test's own longest time and a margin. It ends by itself then. */
  maxSeconds: number;
  /** Called with each sample as it arrives (the live NAS panel). */
  onSample?(sample: NasResourceSample): void;
  /** The run's baseline, measured before its first test; it goes into the result as it is. */
  baseline?: NasBaseline | null;
  signal?: AbortSignal;
}

export interface NasReader {
  /** Ends the reader on the NAS and gives what it read. Never rejects: what failed is in `unreadable`. */
  stop(): Promise<NasResources>;
  /** Resolves when the reader has ended, by `stop` or by itself (its time was up, it could not run). */
  ended: Promise<void>;
}

/** How long the reader has, after its input ended, to finish its second and go before it is killed. */
const stopGraceMs = 3000;

/**
 * Starts the NAS's own view for one test: a reader on the NAS (reader-script.ts) over the test's
 * SSH connection, one sample a second. It runs with its standard input held open; `stop` ends that
 * input and the reader ends its loop by itself, or is killed with its process group if it has not
 * within a few seconds. If the reader cannot run at all (no awk, /proc hidden), the test goes on
 * and `unreadable` says what was missing.
 */
export function startNasReader(session: NasCommands, options: NasReaderOptions): NasReader {
  const stream = new NasViewStream((sample) => options.onSample?.(sample));
  const input = new PassThrough();
  const killer = new AbortController();
  const onAbort = () => input.end();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  let stderr = '';
  const ran = session
    .run(nasViewScript(options.maxSeconds), {
      stdin: input,
      signal: killer.signal,
      timeoutMs: (options.maxSeconds + 60) * 1000,
      onStdoutLine: (line) => stream.push(line),
      onStderrLine: (line) => {
        if (stderr.length < 2000) stderr += `${line}\n`;
      },
    })
    .then(
      () => null,
      (error: unknown) => error,
    );

  let stopped: Promise<NasResources> | null = null;
  const stop = (): Promise<NasResources> => {
    stopped ??= (async () => {
      input.end();
      const late = setTimeout(() => killer.abort(), stopGraceMs);
      const error = await ran;
      clearTimeout(late);
      options.signal?.removeEventListener('abort', onAbort);
      const read = stream.resources();
      const said = stderr.trim().split('\n').at(-1);
      const unreadable =
        read.samples.length === 0 && (said || (error && !killer.signal.aborted))
          ? [
              ...read.unreadable,
              `the reader's last words: ${said || (error instanceof Error ? error.message : String(error))}`,
            ]
          : read.unreadable;
      return { baseline: options.baseline ?? null, ...read, unreadable };
    })();
    return stopped;
  };
  return { stop, ended: ran.then(() => undefined) };
}

/**
 * What the baseline adds to a run with a NAS login, for its time estimate: two samples a second
 * apart, and the reader's start over SSH (measured about 3 s on the lab NAS).
 */
export const nasBaselineSeconds = 3;

/**
 * How busy the NAS is before a run's first test: the reader for about two seconds (three readings,
 * two samples), averaged. Null when nothing could be read.
 */
export async function measureNasBaseline(session: NasCommands, signal?: AbortSignal): Promise<NasBaseline | null> {
  let enough: () => void = () => undefined;
  const twoSamples = new Promise<void>((resolve) => (enough = resolve));
  let count = 0;
  const reader = startNasReader(session, {
    maxSeconds: 3,
    onSample: () => {
      count += 1;
      if (count >= 2) enough();
    },
    ...(signal ? { signal } : {}),
  });
  // The reader ends by itself after three readings; waiting for two samples spares the third second.
  await Promise.race([twoSamples, reader.ended]);
  const resources = await reader.stop();
  return baselineOf(resources.samples);
}
