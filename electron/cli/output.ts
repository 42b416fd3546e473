import type { AppError } from '../../shared/contract/errors';
import type { LeftBehind } from '../../shared/contract/run-events';
import { leftBehindWords } from '../../shared/words/left-behind';

/** Where the CLI writes; passed in so tests can run the CLI in-process. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: NodeJS.ProcessEnv;
}

/** Exit status per ../shared/cli-contract.md. */
export const exitCode = { ok: 0, failed: 1, usage: 2 } as const;

/** Every printed object has `ok` and `kind`; failures carry `error` and what was measured so far in `partial`. */
export type CliSuccess = { ok: true; kind: string } & Record<string, unknown>;
export type CliFailure = {
  ok: false;
  kind: string;
  error: AppError;
  partial?: Record<string, unknown>;
  leftBehind?: LeftBehind[];
};

export interface OutputMode {
  json: boolean;
}

/**
 * Prints the final result: with --json exactly one JSON object on stdout, otherwise the
 * human text (errors always say what happened and what to do next).
 */
export function printResult(io: CliIo, mode: OutputMode, result: CliSuccess | CliFailure, human: () => string): number {
  if (mode.json) {
    io.stdout(JSON.stringify(result) + '\n');
  } else if (result.ok) {
    io.stdout(human());
  } else {
    io.stderr(`Error (${result.error.code}): ${result.error.message}\nWhat to do: ${result.error.hint}\n`);
  }
  const left = Array.isArray(result.leftBehind) ? (result.leftBehind as LeftBehind[]) : [];
  if (!mode.json) for (const folder of left) io.stderr(`${leftBehindWords(folder)}\n`);
  return result.ok ? exitCode.ok : exitCode.failed;
}

/** Progress lines go to stderr so that stdout stays one clean JSON object. */
export function printProgress(io: CliIo, text: string): void {
  io.stderr(text + '\n');
}
