import { InvalidArgumentError, type Command } from 'commander';
import { HostName } from '../../../shared/connect';
import { NasbenchError, toAppError } from '../../../shared/errors';
import { formatRate } from '../../../shared/units';
import type { Direction } from '../../engine/net/client';
import { runNetworkTest, type Leg, type NetworkTestResult } from '../../engine/net/network-test';
import { shellCommand } from '../../engine/ssh/quote';
import { probeNas } from '../../engine/probe';
import type { NasSession } from '../../engine/ssh/session';
import type { GlobalOptions } from '../engine-session';
import { printProgress, printResult, type CliIo } from '../output';
import { addSshLoginOptions, type SshLoginOptions } from '../ssh-login';
import { withCancelOnCtrlC, withNasSession } from '../with-nas-session';

interface NetOptions extends Omit<SshLoginOptions, 'user'> {
  user?: string;
  streams: number;
  reverse: boolean;
  bidir: boolean;
  time: number;
  bind?: string[];
  target?: string[];
  ports?: number[];
  iperf3Port?: number;
}

/** `nasbench net`: the network test with the built-in iperf3-protocol client. */
export function addNetCommand(program: Command, io: CliIo, finish: (code: number) => void): void {
  const command = program
    .command('net')
    .description('network test: the built-in iperf3 client against iperf3 on the NAS (started over SSH)')
    .option('--streams <n>', 'parallel streams per link', integerIn(1, 128), 1)
    .option('--reverse', 'the NAS sends (download)', false)
    .option('--bidir', 'both directions at once', false)
    .option('--time <seconds>', 'how long to measure', integerIn(1, 3600), 10)
    .option('--bind <addresses>', 'local address per link, comma-separated (multi-link tests)', list(HostName))
    .option('--target <hosts>', 'NAS address per link, comma-separated', list(HostName))
    .option('--ports <ports>', 'iperf3 server port per link, comma-separated', portList)
    .option('--iperf3-port <port>', 'use an iperf3 server already running at --host (no SSH)', integerIn(1, 65535));
  addSshLoginOptions(command);
  // The login is optional here: `--iperf3-port` needs none.
  const user = command.options.find((option) => option.long === '--user');
  if (user) user.mandatory = false;
  command.action(async (options: NetOptions, cmd: Command) => {
    const globals = cmd.optsWithGlobals<GlobalOptions>();
    const direction: Direction = options.bidir ? 'bidir' : options.reverse ? 'download' : 'upload';
    const samples: { t: number; bitsPerSecond: number }[] = [];
    const measure = async (session: NasSession | undefined, signal: AbortSignal) => {
      const result = await runNetworkTest({
        legs: planLegs(options),
        ...(session ? { session } : {}),
        direction,
        streamsPerLeg: options.streams,
        seconds: options.time,
        signal,
        onSample: (sample) => {
          samples.push({ t: sample.t, bitsPerSecond: sample.bitsPerSecond });
          printProgress(io, `${sample.t.toFixed(1).padStart(6)} s  ${formatRate(sample.bitsPerSecond / 8, 'Mb/s')}`);
        },
      });
      const version = session && result.method === 'iperf3' ? await serverVersion(session) : null;
      // Without iperf3 the figure is a lower bound: say how to get the real one on this NAS.
      const hints = session && result.method === 'ssh' ? (await probeNas(session)).installHints : [];
      finish(
        printResult(io, globals, { ...netJson(result, version), ...(hints.length ? { hints } : {}) }, () =>
          describe(result, hints),
        ),
      );
    };
    try {
      const user = options.user;
      if (user) {
        await withNasSession({ ...options, user }, io, globals, ({ session, signal }) => measure(session, signal));
      } else if (options.iperf3Port !== undefined) {
        // A server that already runs needs no login, only Ctrl+C handling.
        await withCancelOnCtrlC(({ signal }) => measure(undefined, signal));
      } else {
        throw new NasbenchError(
          'INVALID_INPUT',
          'Give --user to log in to the NAS, or --iperf3-port for a running server.',
          'Run nasbench net --help.',
        );
      }
    } catch (error) {
      finish(
        printResult(io, globals, { ok: false, kind: 'net', error: toAppError(error), partial: { samples } }, () => ''),
      );
    }
  });
}

/** Pairs up --bind, --target and --ports into legs (one per position; missing ones default). */
function planLegs(options: NetOptions): Leg[] {
  const count = Math.max(options.bind?.length ?? 0, options.target?.length ?? 0, options.ports?.length ?? 0, 1);
  return Array.from({ length: count }, (_unused, index) => {
    const port = options.ports?.[index] ?? options.iperf3Port;
    const bindAddress = options.bind?.[index];
    return {
      target: options.target?.[index] ?? options.host,
      ...(port !== undefined ? { port } : {}),
      ...(bindAddress ? { bindAddress } : {}),
    };
  });
}

function netJson(result: NetworkTestResult, version: string | null) {
  return {
    ok: true as const,
    kind: 'net',
    method: result.method,
    ...(result.method === 'ssh' ? { lowerBound: true, note: result.note } : {}),
    direction: result.direction,
    summary: result.summary,
    streams: result.legs.flatMap((leg) =>
      leg.streams.map((stream) => ({
        localAddress: stream.localAddress,
        remoteAddress: stream.remoteAddress,
        remotePort: stream.remotePort,
        direction: stream.role === 'send' ? 'upload' : 'download',
        bitsPerSecond: (stream.receivedBytes * 8) / leg.seconds,
        bytes: stream.receivedBytes,
        retransmits: stream.retransmits,
      })),
    ),
    legs: result.legs.map(({ streams: _streams, ...leg }) => leg),
    samples: result.samples,
    server: { version },
  };
}

function describe(result: NetworkTestResult, hints: string[]): string {
  const lines = [
    ...(result.note ? [result.note, ...hints] : []),
    `${result.direction}: ${formatRate(result.summary.bitsPerSecond / 8, 'Mb/s')} in ${result.summary.seconds.toFixed(1)} s`,
  ];
  if (result.legs.length > 1) {
    for (const leg of result.legs)
      lines.push(
        `  ${leg.bindAddress ?? 'any'} → ${leg.target}:${leg.port}  ${formatRate(leg.bitsPerSecond / 8, 'Mb/s')}`,
      );
  }
  return lines.join('\n') + '\n';
}

async function serverVersion(session: NasSession): Promise<string | null> {
  const run = await session.run(shellCommand(['iperf3', '--version'])).catch(() => undefined);
  return /iperf\s+(\d+\.\d+(?:\.\d+)?)/.exec(run?.stdout ?? '')?.[1] ?? null;
}

function integerIn(min: number, max: number) {
  return (value: string) => {
    const number = Number(value);
    if (!Number.isInteger(number) || number < min || number > max)
      throw new InvalidArgumentError(`give a whole number from ${min} to ${max}.`);
    return number;
  };
}

function list(schema: typeof HostName) {
  return (value: string) => {
    const items = value.split(',').map((item) => item.trim());
    if (items.some((item) => !schema.safeParse(item).success))
      throw new InvalidArgumentError('give addresses separated by commas.');
    return items;
  };
}

function portList(value: string): number[] {
  return value.split(',').map((item) => integerIn(1, 65535)(item.trim()));
}
