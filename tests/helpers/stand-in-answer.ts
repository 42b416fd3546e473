import type { RemoteCommandOptions, RemoteCommandResult } from '../../electron/engine/ssh/login';

/**
 * A stand-in NAS's answer as NasLogin gives it: stdout through the command's line reader when it
 * has one (stdout is then not kept), else as the result's stdout.
 */
export function answerAsSession(
  options: RemoteCommandOptions | undefined,
  stdout: string,
  rest: Partial<Omit<RemoteCommandResult, 'stdout'>> = {},
): Promise<RemoteCommandResult> {
  const reader = options?.onStdoutLine;
  if (reader) {
    const lines = stdout.split('\n');
    if (lines.at(-1) === '') lines.pop();
    for (const line of lines) reader(line);
  }
  return Promise.resolve({ code: 0, signal: null, stderr: '', ...rest, stdout: reader ? '' : stdout });
}
