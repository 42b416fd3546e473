import type { Readable } from 'node:stream';
import type { Client, ClientChannel } from 'ssh2';

export interface ExecHandlers {
  stdin?: Readable;
  onChannel?(channel: ClientChannel): void;
  onStdout(chunk: Buffer): void;
  onStderr(chunk: Buffer): void;
}

/** How a command ended, and the start of what it printed (for an error message when it never ran). */
export interface ExecEnd {
  code: number | null;
  signal: string | null;
  firstStdout: string;
  firstStderr: string;
}

/** What is kept of each stream for {@link ExecEnd}: enough for a shell's refusal, never a transfer. */
const keptBytes = 16 * 1024;

/**
 * One command on its own SSH channel, its output handed over as it arrives and not kept. node-ssh's
 * execCommand also keeps all of it as text, so a command that streams (the SSH network test's `dd`)
 * held every byte it sent in memory: 10 s at 1 Gbit/s ended the app with "Invalid string length".
 */
export function execOnChannel(client: Client, command: string, handlers: ExecHandlers): Promise<ExecEnd> {
  return new Promise((resolve, reject) => {
    client.once('error', reject);
    const opened = (error: Error | undefined, channel: ClientChannel) => {
      client.removeListener('error', reject);
      if (error) {
        reject(error);
        return;
      }
      handlers.onChannel?.(channel);
      const first = { stdout: [] as Buffer[], stderr: [] as Buffer[], stdoutBytes: 0, stderrBytes: 0 };
      channel.on('data', (chunk: Buffer) => {
        if (first.stdoutBytes < keptBytes) first.stdout.push(chunk.subarray(0, keptBytes - first.stdoutBytes));
        first.stdoutBytes += chunk.length;
        handlers.onStdout(chunk);
      });
      channel.stderr.on('data', (chunk: Buffer) => {
        if (first.stderrBytes < keptBytes) first.stderr.push(chunk.subarray(0, keptBytes - first.stderrBytes));
        first.stderrBytes += chunk.length;
        handlers.onStderr(chunk);
      });
      if (handlers.stdin) handlers.stdin.pipe(channel, { end: true });
      else channel.end();
      let code: number | null = null;
      let signal: string | null = null;
      channel.on('exit', (exitCode: number | null, exitSignal?: string) => {
        code = exitCode ?? null;
        signal = exitSignal ?? null;
      });
      channel.on('close', () =>
        resolve({
          code,
          signal,
          firstStdout: Buffer.concat(first.stdout).toString('utf8'),
          firstStderr: Buffer.concat(first.stderr).toString('utf8'),
        }),
      );
    };
    try {
      client.exec(command, opened);
    } catch (error) {
      client.removeListener('error', reject);
      reject(error as Error);
    }
  });
}
