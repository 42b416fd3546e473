import type { NodeSSH } from 'node-ssh';
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { Client, ClientChannel } from 'ssh2';
import { NasbenchError } from '../../../shared/contract/errors';
import { execOnChannel } from './exec';
import type { HostKey } from './host-key';
import { KeptOutput, lineSplitter, maxKeptChars, maxLineChars, type LineSplitter } from './lines';
import {
  commandForAnyLoginShell,
  endCommandScript,
  leaderOf,
  loginPrintsTooMuch,
  maxLoginChatterBytes,
  StdoutFrame,
  type CommandLeader,
} from './login-shell';
import { shellCommand } from './quote';

export interface RemoteCommandOptions {
  signal?: AbortSignal;
  /** Ends the command with TIMEOUT after this long (default: the session's command timeout). */
  timeoutMs?: number;
  /**
   * Each line of stdout as it arrives (a line past 1 Mi characters is passed on cut); stdout is then
   * not kept. Without a reader, stdout is kept (up to 16 Mi characters) and returned.
   */
  onStdoutLine?(line: string): void;
  /** Each line of stderr, as for stdout: stderr is then not kept. */
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
  /** What was kept of each (empty where a line reader took it). */
  stdout: string;
  stderr: string;
  /**
   * Present when some output was not kept whole: a line past 1 Mi characters was cut, or more
   * than 16 Mi characters came. A caller that reads an output as a whole must not read it then.
   */
  truncated?: { stdout: boolean; stderr: boolean };
}

export interface LoginInfo {
  host: string;
  port: number;
  username: string;
  hostKey: HostKey;
}

/**
 * A connected NAS. Every remote command is a POSIX `sh` command line built from quoted pieces,
 * runs under /bin/sh whatever the user's login shell is (login-shell.ts), in its own process group
 * (OpenSSH starts each command as one; under Dropbear login-shell.ts makes one, with setsid), and can
 * be cancelled: cancel kills the whole group on the NAS — or, with no group and no setsid, the
 * command and every process below it — so no fio or iperf3 is left behind. What the
 * login shell's rc files print never reaches the caller; more than a few MiB of it before a command
 * fails that command with LOGIN_PRINTS_TOO_MUCH, and connecting runs one to find such a login at
 * once. What a command prints is bounded too: a line reader's lines are not kept, and what is kept
 * is capped (lines.ts), the result saying when it is not whole.
 */
export class NasLogin {
  constructor(
    private readonly ssh: NodeSSH,
    readonly info: LoginInfo,
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
    let leader: CommandLeader | undefined;
    let leaderKnown: () => void = () => undefined;
    const leaderArrived = new Promise<void>((resolve) => (leaderKnown = resolve));
    let channel: ClientChannel | undefined;
    let stopped: NasbenchError | undefined;
    const frame = new StdoutFrame();
    // What a line reader takes is not kept as well: a day-long reader would keep every line it read.
    const stdoutLines = options.onStdoutLine ? lineSplitter(options.onStdoutLine) : null;
    const kept = { stdout: new KeptOutput(), stderr: new KeptOutput() };
    // A chunk may end inside a UTF-8 character (a folder named 名前): decode across chunks.
    const stdoutText = new StringDecoder('utf8');
    let stderrBeforeLeader = 0;
    let cutBeforeLeader = 0;
    const stderr: LineSplitter = lineSplitter((text) => {
      if (leader === undefined) {
        // Before our marker, stderr is the rc files' (a .bashrc that prints): not the command's.
        leader = leaderOf(text);
        if (leader) leaderKnown();
        cutBeforeLeader = stderr.cutLines;
        return;
      }
      if (options.onStderrLine) options.onStderrLine(text);
      else kept.stderr.push(`${text}\n`);
    });

    let ended: Promise<void> = Promise.resolve();
    const stop = (reason: NasbenchError) => {
      if (stopped) return;
      stopped = reason;
      // A cancel can arrive before the command has told us its process group: wait for it.
      const known = Promise.race([leaderArrived, new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
      ended = known.then(() => this.endCommand(leader)).finally(() => channel?.close());
    };
    // The login's start-up files are still printing: nothing of ours has started, so there is
    // nothing to end on the NAS; reading on would only take the time and memory it warns of.
    const refuseChatter = (bytes: number) => {
      if (stopped) return;
      stopped = loginPrintsTooMuch(bytes);
      channel?.close();
    };
    // A stopped command settles once what ends it on the NAS has run (a second and more), not when its
    // own channel closes at the first TERM: a caller that closes the connection then (the CLI after
    // Ctrl+C) would cut that script short, before its KILL.
    const settleStopped = async (reason: NasbenchError): Promise<never> => {
      await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, endCommandBoundMs).unref())]);
      throw reason;
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
      const end = await execOnChannel(this.client(), commandForAnyLoginShell(line), {
        onChannel: (opened) => {
          channel = opened;
        },
        ...(options.stdin ? { stdin: options.stdin } : {}),
        onStdout: (chunk) => {
          const ours = frame.push(chunk);
          if (!frame.started && frame.droppedBytes > maxLoginChatterBytes) return refuseChatter(frame.droppedBytes);
          if (ours.length === 0) return;
          if (options.onStdoutData) options.onStdoutData(ours);
          else if (stdoutLines) stdoutLines.push(ours);
          else kept.stdout.push(stdoutText.write(ours));
        },
        onStderr: (chunk) => {
          if (leader === undefined) {
            stderrBeforeLeader += chunk.length;
            if (stderrBeforeLeader > maxLoginChatterBytes) return refuseChatter(stderrBeforeLeader);
          }
          stderr.push(chunk);
        },
      });
      stdoutLines?.end();
      kept.stdout.push(stdoutText.end());
      stderr.end();
      if (stopped) throw stopped;
      if (!frame.started) throw loginShellRefused(end.firstStdout, end.firstStderr);
      const cut = {
        stdout: kept.stdout.truncated || (stdoutLines?.cutLines ?? 0) > 0,
        stderr: kept.stderr.truncated || stderr.cutLines > cutBeforeLeader,
      };
      return {
        code: end.code,
        signal: end.signal,
        stdout: kept.stdout.text,
        stderr: kept.stderr.text,
        ...(cut.stdout || cut.stderr ? { truncated: cut } : {}),
      };
    } catch (error) {
      // The stopped command's own end above too: it settles once what ends it has run.
      if (stopped) return await settleStopped(stopped);
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
    return wholeStdout(result, 'A command on the NAS');
  }

  /**
   * Runs one command that does nothing, to find at connect a login whose start-up files print
   * without end before every command (LOGIN_PRINTS_TOO_MUCH). Any other failure is left for the
   * first real command to report, in its own words, as before.
   */
  async checkLogin(timeoutMs = 20_000): Promise<void> {
    try {
      await this.run(':', { timeoutMs });
    } catch (error) {
      if (error instanceof NasbenchError && error.code === 'LOGIN_PRINTS_TOO_MUCH') throw error;
    }
  }

  /**
   * One round trip over the login connection, in milliseconds: a request any SSH server answers at
   * once and that changes nothing (cancelling a port forward this connection never asked for; the
   * server says it has none). No command runs on the NAS and nothing is logged at its usual level,
   * unlike a stream of new TCP connections, which some NASes count as a login attack.
   */
  async roundTrip(): Promise<number> {
    const client = this.client();
    // A tiny request must not wait for Nagle's algorithm behind the connection's other traffic.
    client.setNoDelay(true);
    const sentAt = performance.now();
    await new Promise<void>((resolve, reject) => {
      try {
        client.unforwardIn('127.0.0.1', 9, () => resolve());
      } catch (error) {
        reject(linkLost(error));
      }
    });
    return performance.now() - sentAt;
  }

  /**
   * A stream to a listener on the NAS itself — a unix socket, or a port on its loopback — carried by
   * this SSH connection (OpenSSH's direct-streamlocal, SSH's direct-tcpip), so that nothing on the
   * NAS listens on its network for it. Rejects with a {@link TunnelRefused} saying whether the SSH
   * server refuses such streams at all (its settings, or a kind it does not know) or only found
   * nothing listening there.
   */
  openTunnel(to: NasListener): Promise<ClientChannel> {
    const client = this.client();
    return new Promise((resolve, reject) => {
      const opened = (error: (Error & { reason?: number | string }) | undefined, channel: ClientChannel) => {
        if (!error) resolve(channel);
        else reject(new TunnelRefused(error.reason === connectFailed ? 'nothing-listening' : 'refused', error.message));
      };
      try {
        if ('socketPath' in to) client.openssh_forwardOutStreamLocal(to.socketPath, opened);
        else client.forwardOut('127.0.0.1', 0, '127.0.0.1', to.port, opened);
      } catch (error) {
        reject(linkLost(error));
      }
    });
  }

  isConnected(): boolean {
    return this.ssh.isConnected();
  }

  close(): void {
    this.ssh.dispose();
  }

  /** TERM first, then KILL a second later, for the whole process group of a command (or its process tree). */
  private async endCommand(leader: CommandLeader | undefined): Promise<void> {
    const id = leader && ('group' in leader ? leader.group : leader.pid);
    if (!leader || id === undefined || !Number.isInteger(id) || id <= 1 || !this.ssh.isConnected()) return;
    const ignore = () => undefined;
    try {
      await execOnChannel(this.client(), commandForAnyLoginShell(endCommandScript(leader)), {
        onStdout: ignore,
        onStderr: ignore,
      });
    } catch {
      // The connection went: nothing can reach the NAS to kill with (the watchdogs end the servers).
    }
  }

  /** The SSH connection, or LINK_LOST when it has gone. */
  private client(): Client {
    const client = this.ssh.connection;
    if (!client || !this.ssh.isConnected()) throw linkLost(new Error('not connected'));
    return client;
  }
}

/** Where a tunnel leads on the NAS: a unix socket (by its full path), or a port on the NAS's loopback. */
export type NasListener = { socketPath: string } | { port: number };

/** The longest a stopped command waits for the script that ends it (it takes a second, or nothing once the link is gone). */
const endCommandBoundMs = 10_000;

/** SSH's CHANNEL_OPEN_FAILURE reason when the server tried and found nothing listening (RFC 4254 5.1). */
const connectFailed = 2;

/** A tunnel the NAS's SSH server would not open: refused by its settings or kind, or nothing was listening. */
export class TunnelRefused extends Error {
  constructor(
    readonly why: 'refused' | 'nothing-listening',
    message: string,
  ) {
    super(message);
  }
}

/**
 * The stdout of a command that is read as a whole (a probe, a listing): PARSE_ERROR when not all
 * of it was kept, rather than half of it read as if it were all. `what` names the command.
 */
export function wholeStdout(result: RemoteCommandResult, what: string): string {
  if (!result.truncated?.stdout) return result.stdout;
  throw new NasbenchError(
    'PARSE_ERROR',
    `${what} printed more than NASBench reads (a line over ${mebi(maxLineChars)} or over ${mebi(maxKeptChars)} in all), ` +
      'so its output was not used.',
    'Something on the NAS prints far more than it should (a file system with a huge number of mounts, a broken ' +
      'tool): run the command by hand on the NAS to see what it prints.',
  );
}

const mebi = (chars: number) => `${chars / (1024 * 1024)} MiB`;

function cancelledError(reason: unknown): NasbenchError {
  return reason instanceof NasbenchError
    ? reason
    : new NasbenchError('CANCELLED', 'The test was cancelled.', 'Start it again when you are ready.');
}

/**
 * The login shell never ran our command: the account has no shell for commands (/sbin/nologin,
 * /bin/false, a menu) or /bin/sh is missing. Its own words, if any, are in the output.
 */
function loginShellRefused(stdout: string, stderr: string): NasbenchError {
  const said = `${stderr}\n${stdout}`.trim().split('\n').at(-1)?.slice(0, 200) ?? '';
  return new NasbenchError(
    'PERMISSION_DENIED',
    `The NAS accepted the login but did not run NASBench's commands${said ? ` ("${said}")` : ''}.`,
    'This user may not run commands over SSH. On Synology and QNAP log in as a user in the administrators ' +
      'group; elsewhere give the user a login shell (for example /bin/sh) and check that SSH allows commands.',
  );
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
