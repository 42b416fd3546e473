import type { NodeSSH } from 'node-ssh';
import type { Readable } from 'node:stream';
import type { ClientChannel } from 'ssh2';
import { NasbenchError } from '../../../shared/errors';
import type { HostKey } from './host-key';
import { lineSplitter } from './lines';
import { shellCommand, shellQuote } from './quote';

export interface RemoteCommandOptions {
  signal?: AbortSignal;
  /** Ends the command with TIMEOUT after this long (default: the session's command timeout). */
  timeoutMs?: number;
  onStdoutLine?(line: string): void;
  onStderrLine?(line: string): void;
  /** Raw stdout, for binary data (then stdout is not collected as text). */
  onStdoutData?(chunk: Buffer): void;
  /** Fed to the command's standard input. */
  stdin?: Readable;
}

export interface RemoteCommandResult {
  /** null when the command was ended by a signal. */
  code: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
}

export interface SessionInfo {
  host: string;
  port: number;
  username: string;
  hostKey: HostKey;
}

const pgidMarker = '@@nasbench-pgid:';

/**
 * A connected NAS. Every remote command is a POSIX `sh` command line built from quoted
 * pieces, runs in its own process group (sshd starts each command as a session leader), and
 * can be cancelled: cancel kills the whole group on the NAS, so no fio or iperf3 is left behind.
 */
export class NasSession {
  constructor(
    private readonly ssh: NodeSSH,
    readonly info: SessionInfo,
    private readonly commandTimeoutMs = 120_000,
  ) {}

  /**
   * Runs a program with arguments (each quoted), or a command line the caller built with
   * shellQuote/shellCommand. Resolves with the exit code; only failures of the connection
   * itself, cancel and timeout reject.
   */
  async run(command: string | readonly string[], options: RemoteCommandOptions = {}): Promise<RemoteCommandResult> {
    const line = typeof command === 'string' ? command : shellCommand(command);
    options.signal?.throwIfAborted();
    // $$ is the process group of everything the command starts: remember it to kill them all.
    const wrapped = `printf '%s%s\\n' ${shellQuote(pgidMarker)} "$$" >&2; exec /bin/sh -c ${shellQuote(line)}`;
    let pgid: number | undefined;
    let pgidKnown: () => void = () => undefined;
    const pgidArrived = new Promise<void>((resolve) => (pgidKnown = resolve));
    let channel: ClientChannel | undefined;
    let stopped: NasbenchError | undefined;
    const stdout = lineSplitter((text) => options.onStdoutLine?.(text));
    const stderr = lineSplitter((text) => {
      if (pgid === undefined && text.startsWith(pgidMarker)) {
        pgid = Number(text.slice(pgidMarker.length));
        pgidKnown();
      } else options.onStderrLine?.(text);
    });
    let stderrText = '';

    const stop = (reason: NasbenchError) => {
      if (stopped) return;
      stopped = reason;
      // A cancel can arrive before the command has told us its process group: wait for it.
      const known = Promise.race([pgidArrived, new Promise((resolve) => setTimeout(resolve, 5000))]);
      void known.then(() => this.killGroup(pgid)).finally(() => channel?.close());
    };
    const onAbort = () => stop(cancelledError(options.signal?.reason));
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const timeoutMs = options.timeoutMs ?? this.commandTimeoutMs;
    const timer = setTimeout(
      () =>
        stop(
          new NasbenchError(
            'TIMEOUT',
            `A command on the NAS did not finish within ${Math.round(timeoutMs / 1000)} s.`,
            'The NAS may be overloaded; try again.',
          ),
        ),
      timeoutMs,
    );

    try {
      const result = await this.ssh.execCommand(wrapped, {
        noTrim: true,
        onChannel: (opened) => {
          channel = opened;
        },
        ...(options.stdin ? { stdin: options.stdin } : {}),
        onStdout: options.onStdoutData ?? ((chunk) => stdout.push(chunk.toString('utf8'))),
        onStderr: (chunk) => {
          const text = chunk.toString('utf8');
          stderrText += text;
          stderr.push(text);
        },
      });
      stdout.end();
      stderr.end();
      if (stopped) throw stopped;
      return {
        code: result.code,
        signal: result.signal,
        stdout: result.stdout,
        stderr: stderrText
          .split('\n')
          .filter((text) => !text.startsWith(pgidMarker))
          .join('\n'),
      };
    } catch (error) {
      if (stopped) throw stopped;
      throw linkLost(error);
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  /** Runs a command and returns its stdout, failing with the given error when it exits non-zero. */
  async output(command: string | readonly string[], options: RemoteCommandOptions = {}): Promise<string> {
    const result = await this.run(command, options);
    if (result.code !== 0) {
      throw new NasbenchError(
        'INTERNAL',
        `A command on the NAS failed (exit ${result.code ?? result.signal}).`,
        result.stderr.trim().slice(0, 300) || 'Try again.',
      );
    }
    return result.stdout;
  }

  isConnected(): boolean {
    return this.ssh.isConnected();
  }

  close(): void {
    this.ssh.dispose();
  }

  /** TERM first, then KILL a second later, for the whole process group of a command. */
  private async killGroup(pgid: number | undefined): Promise<void> {
    if (pgid === undefined || !Number.isInteger(pgid) || pgid <= 1 || !this.ssh.isConnected()) return;
    const group = `-${pgid}`;
    await this.ssh
      .execCommand(`kill -TERM ${group} 2>/dev/null; sleep 1; kill -KILL ${group} 2>/dev/null; true`)
      .catch(() => undefined);
  }
}

function cancelledError(reason: unknown): NasbenchError {
  return reason instanceof NasbenchError
    ? reason
    : new NasbenchError('CANCELLED', 'The test was cancelled.', 'Start it again when you are ready.');
}

function linkLost(error: unknown): NasbenchError {
  if (error instanceof NasbenchError) return error;
  return new NasbenchError(
    'LINK_LOST',
    'The SSH connection to the NAS was lost.',
    'Check the network connection to the NAS and try again.',
    { cause: error },
  );
}
