import type { Command } from 'commander';
import { NasbenchError, toAppError } from '../../../shared/contract/errors';
import type { z } from 'zod';
import { datagramBytesRange, type NetworkLeg } from '../../../shared/contract/network';
import type { NetworkResult } from '../../../shared/contract/runs';
import { formatRate } from '../../../shared/util/units';
import { networkResultOf, runNetworkTest } from '../../engine/net';
import { bitRate, hostName, integerIn, listOf, port, seconds } from '../arguments';
import { withConnectedEngine, withEngine, type GlobalOptions } from '../engine-session';
import type { Verdict } from '../../../shared/contract/verdict';
import { nasAndVerdictsOf, resultText, runError, runToEnd } from '../front-door';
import { printProgress, printResult, type CliIo } from '../output';
import { addSshLoginOptions, type SshLoginOptions } from '../ssh-login';
import { resultsOfKind } from '../../../shared/kinds';
import type { NasFacts } from '../../../shared/contract/probe';

interface NetOptions extends Omit<SshLoginOptions, 'user'> {
  user?: string;
  connection?: string;
  streams: number;
  reverse: boolean;
  bidir: boolean;
  latency: boolean;
  udp: boolean;
  bitrate?: number;
  length?: number;
  time: number;
  bind?: string[];
  target?: string[];
  ports?: number[];
  iperf3Port?: number;
}

type Direction = 'upload' | 'download' | 'bidir';

/** `nasbench net`: the network test with the built-in iperf3 client, as the app's network test runs it. */
export function addNetCommand(program: Command, io: CliIo, finish: (code: number) => void): void {
  const command = program
    .command('net')
    .description('network test: the built-in iperf3 client against iperf3 -s started on the NAS over SSH')
    .option('--streams <n>', 'parallel streams per link', integerIn(1, 128), 1)
    .option('--reverse', 'the NAS sends (download)', false)
    .option('--bidir', 'both directions at once', false)
    .option('--latency', 'also measure the delay to the NAS while idle and while the test loads the link', false)
    .option(
      '--connection <name>',
      'what you call this connection, e.g. "Cable" or "Wi-Fi" (default: from the interface)',
    )
    .option('--udp', "iperf3's UDP mode: datagrams at --bitrate, with loss and jitter", false)
    .option(
      '--bitrate <bits>',
      'UDP: target rate of each stream in bits per second (100M, 1G; default 1M as iperf3)',
      bitRate(8_000, 100e9),
    )
    .option(
      '--length <bytes>',
      'UDP: datagram size in bytes (default 1460: one 1500-byte frame)',
      integerIn(datagramBytesRange.min, datagramBytesRange.max),
    )
    .option('--time <seconds>', 'how long to measure', seconds(3600), 10)
    .option('--bind <addresses>', 'local address per link, comma-separated (multi-link tests)', listOf(hostName))
    .option('--target <hosts>', 'NAS address per link, comma-separated', listOf(hostName))
    .option('--ports <ports>', 'iperf3 server port per link, comma-separated', listOf(port))
    .option('--iperf3-port <port>', 'use an iperf3 server already running at --host (no SSH)', port);
  addSshLoginOptions(command);
  // The login is optional here: `--iperf3-port` needs none.
  const user = command.options.find((option) => option.long === '--user');
  if (user) user.mandatory = false;
  command.action(async (options: NetOptions, cmd: Command) => {
    const globals = cmd.optsWithGlobals<GlobalOptions>();
    const direction: Direction = options.bidir ? 'bidir' : options.reverse ? 'download' : 'upload';
    const samples: { t: number; bitsPerSecond: number }[] = [];
    const onSample = (t: number, bitsPerSecond: number) => {
      samples.push({ t, bitsPerSecond });
      printProgress(io, `${t.toFixed(1).padStart(6)} s  ${formatRate(bitsPerSecond / 8, 'Mb/s')}`);
    };
    try {
      const udp = udpSettings(options);
      const login = options.user;
      if (login) {
        await withConnectedEngine(
          { ...options, user: login },
          globals,
          io.env,
          async ({ engine, sessionId, signal }) => {
            // One line per leg, and their sum when there are several: the sum is the figure.
            const legs = planLegs(options);
            const figure = legs.length > 1 ? 'total' : 'leg-1';
            const start = () =>
              engine.handlers.startNetworkRun({
                sessionId,
                direction,
                streams: options.streams,
                seconds: options.time,
                legs,
                latency: options.latency,
                ...(options.connection ? { connection: options.connection } : {}),
                ...(udp ? { udp } : {}),
              });
            const { end, record } = await runToEnd(engine, start, {
              signal,
              onEvent: (event) =>
                event.kind === 'sample' && event.series === figure && onSample(event.t, event.bytesPerSecond * 8),
            });
            const result = resultsOfKind(record?.results ?? [], 'network')[0];
            if (end.state !== 'done' || !result) throw runError(end);
            const nas = record?.environment.nas ?? null;
            const version = result.method === 'iperf3' ? (nas?.tools.iperf3?.version ?? null) : null;
            printNet(io, globals, finish, result, samples, version, nas, end.verdicts);
          },
        );
      } else if (options.latency) {
        throw new NasbenchError(
          'INVALID_INPUT',
          '--latency times the delay over the SSH login to the NAS, so it needs --user.',
          'Add --user (and the login options) to the command.',
        );
      } else if (options.iperf3Port !== undefined) {
        // A server that already runs needs no login and no NAS session: the client alone.
        await withEngine(globals, io.env, async ({ signal }) => {
          const measured = await runNetworkTest({
            legs: planLegs(options).map((leg) => ({ ...leg, port: leg.port ?? options.iperf3Port })),
            direction,
            streamsPerLeg: options.streams,
            seconds: options.time,
            ...(udp ? { udp } : {}),
            signal,
            onSample: (sample) => onSample(sample.t, sample.bitsPerSecond),
          });
          printNet(io, globals, finish, networkResultOf(measured, options.streams), samples, null, null, undefined);
        });
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

/** --udp with its rate and datagram size; a rate or size without --udp is refused (TCP here is never paced). */
function udpSettings(options: NetOptions): { bitsPerSecond: number; datagramBytes: number } | undefined {
  if (!options.udp) {
    if (options.bitrate === undefined && options.length === undefined) return undefined;
    throw new NasbenchError(
      'INVALID_INPUT',
      '--bitrate and --length belong to a UDP test; the TCP test always sends as fast as the link allows.',
      'Add --udp, or leave out --bitrate and --length.',
    );
  }
  return { bitsPerSecond: options.bitrate ?? 1e6, datagramBytes: options.length ?? 1460 };
}

/** Pairs up --bind, --target and --ports into legs (one per position; missing ones default). */
function planLegs(options: NetOptions): z.input<typeof NetworkLeg>[] {
  const count = Math.max(options.bind?.length ?? 0, options.target?.length ?? 0, options.ports?.length ?? 0, 1);
  return Array.from({ length: count }, (_unused, index) => {
    const legPort = options.ports?.[index];
    const bindAddress = options.bind?.[index];
    return {
      target: options.target?.[index] ?? options.host,
      ...(legPort !== undefined ? { port: legPort } : {}),
      ...(bindAddress ? { bindAddress } : {}),
    };
  });
}

function printNet(
  io: CliIo,
  globals: GlobalOptions,
  finish: (code: number) => void,
  result: NetworkResult,
  samples: { t: number; bitsPerSecond: number }[],
  version: string | null,
  nas: NasFacts | null,
  verdicts: Verdict[] | undefined,
): void {
  // A test over SSH (iperf3 missing) lists how to install iperf3 on the NAS.
  const hints = result.method === 'ssh' ? (nas?.installHints ?? []) : [];
  const json = {
    ok: true as const,
    kind: 'net',
    method: result.method,
    ...(result.method === 'ssh' ? { lowerBound: true, note: result.note } : {}),
    direction: result.direction,
    summary: result.summary,
    streams: result.legs.flatMap((leg) =>
      (leg.streams ?? []).map((stream) => ({
        localAddress: stream.localAddress,
        remoteAddress: stream.remoteAddress,
        remotePort: stream.remotePort,
        direction: stream.direction,
        bitsPerSecond: (stream.bytes * 8) / leg.seconds,
        bytes: stream.bytes,
        retransmits: stream.retransmits,
      })),
    ),
    legs: result.legs.map(({ streams: _streams, ...leg }) => leg),
    ...(result.latency ? { latency: result.latency } : {}),
    ...(result.udp ? { udp: result.udp } : {}),
    samples,
    server: { version },
    ...(hints.length ? { hints } : {}),
    ...nasAndVerdictsOf(result, { verdicts }),
  };
  finish(printResult(io, globals, json, () => resultText(result, hints)));
}
