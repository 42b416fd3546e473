import type { MethodInput, MethodName, MethodOutput } from '../../shared/contract';
import { NasbenchError, toAppError } from '../../shared/contract/errors';
import type { RunEnd, RunProgress } from '../../shared/contract/run-events';
import type { RunRecord, TestResult } from '../../shared/contract/runs';
import { descriptorOf, isKind, type EndDetails, type ResultOf } from '../../shared/kinds';
import type { Engine } from '../engine';
import { printResult, type CliFailure, type CliIo, type CliSuccess, type OutputMode } from './output';

/**
 * A call through the engine's front door, as the app makes it: the input is checked against the
 * contract, and a refusal comes back as the error the app would show.
 */
export async function call<M extends MethodName>(
  engine: Engine,
  method: M,
  input: MethodInput<M>,
): Promise<MethodOutput<M>> {
  const result = await engine.dispatch(method, input);
  if (result.ok) return result.data as MethodOutput<M>;
  const { code, message, hint, details, knownAs } = result.error;
  throw new NasbenchError(code, message, hint, {
    ...(details ? { details } : {}),
    ...(knownAs ? { knownAs } : {}),
  });
}

/**
 * Starts a run through the contract and follows its events to the end, handing each one on as it
 * comes (progress lines); the run is saved before its end event goes out, so its record comes too.
 */
export async function runToEnd(
  engine: Engine,
  start: () => Promise<{ runId: string }>,
  options: { signal: AbortSignal; onEvent?(event: RunProgress): void },
): Promise<{ runId: string; end: RunEnd; record: RunRecord | null }> {
  // Events can come before start() has said the run's id: keep them until it has.
  const early: RunProgress[] = [];
  let runId: string | undefined;
  let ended: (end: RunEnd) => void = () => undefined;
  const end = new Promise<RunEnd>((resolve) => (ended = resolve));
  const take = (event: RunProgress) => {
    options.onEvent?.(event);
    if (event.kind === 'end') ended(event);
  };
  const stop = engine.onEvent((name, event) => {
    if (name !== 'runProgress') return;
    if (runId === undefined) early.push(event);
    else if (event.runId === runId) take(event);
  });
  try {
    runId = (await start()).runId;
    const id = runId;
    for (const event of early.filter((held) => held.runId === id)) take(event);
    const cancel = () => void engine.handlers.cancelRun({ runId: id });
    options.signal.addEventListener('abort', cancel, { once: true });
    const finished = await end.finally(() => options.signal.removeEventListener('abort', cancel));
    const record = await engine.handlers.getRun({ runId: id }).catch(() => null);
    return { runId: id, end: finished, record };
  } finally {
    stop();
  }
}

/** A result as `nasbench` prints it without --json: its kind's text (shared/kinds/<kind>/cli-text.ts). */
export function resultText(result: TestResult, installHints: readonly string[] = []): string {
  return descriptorOf(result).cliText?.(result, installHints) ?? '';
}

/** The test folders a run could not remove, for the printed result (nothing when it removed them all). */
export function leftBehindOf(end: RunEnd | undefined): { leftBehind?: NonNullable<RunEnd['leftBehind']> } {
  return end?.leftBehind?.length ? { leftBehind: end.leftBehind } : {};
}

/**
 * What the NAS itself did during the test (`nas`, when the run had its login) and what the figures
 * mean (`verdicts`), for the printed result.
 */
export function nasAndVerdictsOf(
  result: { nas?: unknown },
  end: Pick<RunEnd, 'verdicts'>,
): { nas?: unknown; verdicts: NonNullable<RunEnd['verdicts']> } {
  // Always a list, as `quick`'s: a script reads the same keys whether or not anything was found.
  return { ...(result.nas ? { nas: result.nas } : {}), verdicts: end.verdicts ?? [] };
}

/**
 * A command's printed failure: the error in the contract's words, what it measured before it (`partial`),
 * and the test folders its run could not remove.
 */
export function failedRun(kind: string, error: unknown, partial: Record<string, unknown>, end?: RunEnd): CliFailure {
  return { ok: false, kind, error: toAppError(error), partial, ...leftBehindOf(end) };
}

/** The run's error as a thrown error (with its details), for a command that failed. */
export function runError(end: RunEnd): NasbenchError {
  const error = end.error ?? {
    code: 'INTERNAL' as const,
    message: 'The test ended without a result.',
    hint: 'Run it again.',
  };
  return new NasbenchError(error.code, error.message, error.hint, {
    ...(error.details ? { details: error.details } : {}),
  });
}

/**
 * The end of a single-test command (disk, sweep, copy, load), written once: the run's result of
 * `kind` from its end event (the run's error when it did not end done with one), printed as the
 * command's JSON with what the NAS did, the verdicts and the folders left behind, or as the kind's
 * text; a failure printed with what the command measured before it.
 */
export function commandEnd<K extends EndDetails['kind']>(
  kind: K,
  io: CliIo,
  mode: OutputMode,
  finish: (code: number) => void,
) {
  let end: RunEnd | undefined;
  let result: ResultOf<K> | undefined;
  return {
    /** The result; `complete` says whether it is all the command needs (a sweep's grid). */
    resultOf(ended: RunEnd, complete: (found: ResultOf<K>) => boolean = () => true): ResultOf<K> {
      end = ended;
      result = isKind(ended.details, kind) ? (ended.details as ResultOf<K>) : undefined;
      if (ended.state !== 'done' || !result || !complete(result)) throw runError(ended);
      return result;
    },
    print(json: CliSuccess): void {
      const found = result;
      if (!found || !end) throw new Error('commandEnd.print before resultOf');
      const printed = { ...json, ...nasAndVerdictsOf(found, end), ...leftBehindOf(end) };
      finish(printResult(io, mode, printed, () => resultText(found)));
    },
    fail(command: string, error: unknown, partial: (found: ResultOf<K> | undefined) => Record<string, unknown>): void {
      finish(printResult(io, mode, failedRun(command, error, partial(result), end), () => ''));
    },
  };
}
