import type { Command } from 'commander';
import { NasbenchError, toAppError } from '../../../shared/contract/errors';
import type { z } from 'zod';
import { datagramBytesRange, type NetworkLeg } from '../../../shared/contract/network';
import type { DiskThroughNetworkResult, NetworkResult } from '../../../shared/contract/runs';
import { throughDiskLimit } from '../../../shared/kinds/disk-through-network/limit';
import { formatBytes, formatRate } from '../../../shared/util/units';
import { formatRateWithSpread } from '../../../shared/words/spread';
import { networkResultOf, runNetworkTest } from '../../engine/net';
import { bitRate, byteSize, hostName, integerIn, listOf, port, seconds } from '../arguments';
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
  length?: number[];
  window?: number;
  toDisk?: string;
  fromDisk?: string;
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
      '--length <sizes>',
      'TCP: bytes per write (iperf3 -l, default 128k); a list (4k,64k,128k) runs once per size. ' +
        'UDP: the datagram size (default 1460: one 1500-byte frame)',
      listOf(byteSize(1, 2 ** 20)),
    )
    .option(
      '--window <bytes>',
      "TCP: the socket buffer at the NAS's end (iperf3 -w); this computer's end keeps its system's tuning",
      byteSize(4096, 256 * 2 ** 20),
    )
    .option('--to-disk <dir>', "the NAS's iperf3 writes what it receives into a file in DIR on the NAS")
    .option('--from-disk <dir>', "the NAS's iperf3 sends a file it lays out in DIR on the NAS")
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
      const disk = diskSettings(options);
      const tcp = tcpSettings(options, udp !== undefined);
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
                direction: disk ? (disk.way === 'to-disk' ? 'upload' : 'download') : direction,
                streams: options.streams,
                seconds: options.time,
                legs,
                latency: options.latency,
                ...(options.connection ? { connection: options.connection } : {}),
                ...(udp ? { udp } : {}),
                ...tcp,
                ...(disk ? { disk } : {}),
              });
            // Several write sizes or the disks: each step draws its own lines; the first of a step is its figure.
            const drawn = (series: string) =>
              disk
                ? series.endsWith('total')
                : (tcp.lengths?.length ?? 0) > 1
                  ? series.endsWith(figure)
                  : series === figure;
            const { end, record } = await runToEnd(engine, start, {
              signal,
              onEvent: (event) =>
                event.kind === 'sample' && drawn(event.series) && onSample(event.t, event.bytesPerSecond * 8),
            });
            const results = record?.results ?? [];
            const result = resultsOfKind(results, 'network')[0];
            if (end.state !== 'done' || !result) throw runError(end);
            const nas = record?.environment.nas ?? null;
            const version = result.method === 'iperf3' ? (nas?.tools.iperf3?.version ?? null) : null;
            printNet(io, globals, finish, result, samples, version, nas, end.verdicts, {
              byLength: resultsOfKind(results, 'network'),
              through: resultsOfKind(results, 'disk-through-network')[0],
            });
          },
        );
      } else if (disk) {
        throw new NasbenchError(
          'INVALID_INPUT',
          `--${disk.way} runs iperf3 and fio on the NAS, so it needs --user.`,
          'Add --user (and the login options) to the command.',
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
            ...(tcp.lengths?.[0] ? { blockBytes: tcp.lengths[0] } : {}),
            ...(tcp.windowBytes ? { windowBytes: tcp.windowBytes } : {}),
            signal,
            onSample: (sample) => onSample(sample.t, sample.bitsPerSecond),
          });
          const result = networkResultOf(measured, options.streams, {
            blockBytes: tcp.lengths?.[0],
            windowBytes: tcp.windowBytes,
          });
          printNet(io, globals, finish, result, samples, null, null, undefined, { byLength: [result] });
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

/** --udp with its rate and datagram size; a rate without --udp is refused (TCP here is never paced). */
function udpSettings(options: NetOptions): { bitsPerSecond: number; datagramBytes: number } | undefined {
  if (!options.udp) {
    if (options.bitrate === undefined) return undefined;
    throw new NasbenchError(
      'INVALID_INPUT',
      '--bitrate belongs to a UDP test; the TCP test always sends as fast as the link allows.',
      'Add --udp, or leave out --bitrate.',
    );
  }
  const [datagramBytes, ...more] = options.length ?? [1460];
  if (more.length || options.window !== undefined)
    throw new NasbenchError(
      'INVALID_INPUT',
      'A UDP test takes one --length (its datagram size) and no --window.',
      'Give one size with --udp, e.g. --length 1460, or test TCP for a list of write sizes.',
    );
  if (datagramBytes === undefined || datagramBytes < datagramBytesRange.min || datagramBytes > datagramBytesRange.max)
    throw new NasbenchError(
      'INVALID_INPUT',
      `A UDP datagram holds ${datagramBytesRange.min} to ${datagramBytesRange.max} bytes.`,
      'Give --length within that, e.g. 1460 for one 1500-byte frame.',
    );
  return { bitsPerSecond: options.bitrate ?? 1e6, datagramBytes };
}

/** TCP's write sizes (one test each) and socket buffer; none for UDP, whose --length is its datagram. */
function tcpSettings(options: NetOptions, udp: boolean): { lengths?: number[]; windowBytes?: number } {
  if (udp) return {};
  return {
    ...(options.length ? { lengths: options.length } : {}),
    ...(options.window !== undefined ? { windowBytes: options.window } : {}),
  };
}

/** --to-disk or --from-disk: one NAS folder, one stream to the address logged in at, TCP only. */
function diskSettings(options: NetOptions): { folder: string; way: 'to-disk' | 'from-disk' } | undefined {
  const folder = options.toDisk ?? options.fromDisk;
  if (folder === undefined) return undefined;
  const way = options.toDisk !== undefined ? 'to-disk' : 'from-disk';
  const clash =
    options.toDisk !== undefined && options.fromDisk !== undefined
      ? '--to-disk and --from-disk'
      : options.bidir || options.reverse
        ? `--${way} and --${options.bidir ? 'bidir' : 'reverse'}`
        : options.udp
          ? `--${way} and --udp`
          : options.streams !== 1 || options.bind || options.target || options.ports
            ? `--${way} and --streams, --bind, --target or --ports`
            : (options.length?.length ?? 0) > 1
              ? `--${way} and a list of --length`
              : null;
  if (clash)
    throw new NasbenchError(
      'INVALID_INPUT',
      `${clash} do not go together: the test through the disks is one TCP stream, one way, at one write size.`,
      `Run --${way} on its own (--to-disk: this computer sends; --from-disk: the NAS sends).`,
    );
  return { folder, way };
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
  more: { byLength: NetworkResult[]; through?: DiskThroughNetworkResult | undefined },
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
    ...(result.blockBytes ? { lengthBytes: result.blockBytes } : {}),
    ...(result.windowBytes ? { windowBytes: result.windowBytes } : {}),
    ...(more.byLength.length > 1 ? { byLength: more.byLength.map(lengthRow) } : {}),
    ...(more.through ? { disk: diskFigures(more.through) } : {}),
    ...nasAndVerdictsOf(result, { verdicts }),
  };
  const text = () =>
    more.through
      ? `${throughDiskLimit(more.through)?.text ?? `${formatRate(more.through.bitsPerSecond / 8, 'MB/s')}: ${more.through.label}`}\n`
      : more.byLength.length > 1
        ? more.byLength.map((row) => `${lengthLine(row)}\n`).join('')
        : resultText(result, hints);
  finish(printResult(io, globals, json, text));
}

/** One row of the write-size table (the bonded 2.5 GbE write-up's 4K/64K/128K): its size, rate and spread. */
function lengthRow(result: NetworkResult) {
  const retransmits = result.legs.flatMap((leg) => leg.streams ?? []).map((stream) => stream.retransmits);
  return {
    lengthBytes: result.blockBytes ?? 128 * 1024,
    bitsPerSecond: result.summary.bitsPerSecond,
    ...(result.summary.spread ? { spread: result.summary.spread } : {}),
    retransmits: retransmits.every((count) => count === null)
      ? null
      : retransmits.reduce<number>((sum, count) => sum + (count ?? 0), 0),
  };
}

function lengthLine(result: NetworkResult): string {
  const size = formatBytes(result.blockBytes ?? 128 * 1024).padStart(9);
  return `${size} writes  ${formatRateWithSpread(result.summary.bitsPerSecond / 8, 'Mb/s', result.summary.spread)}`;
}

/** The contract's `disk` object: the figure through the disks, the two alone beside it, and which set the pace. */
function diskFigures(through: DiskThroughNetworkResult) {
  const limit = throughDiskLimit(through);
  return {
    way: through.direction === 'write' ? 'to-disk' : 'from-disk',
    dir: through.folder ?? null,
    file: through.file ?? null,
    bytesPerSecond: through.bitsPerSecond / 8,
    bytes: through.bytes,
    seconds: through.seconds,
    ...(through.spread ? { spread: through.spread } : {}),
    likelyCached: through.likelyCached ?? null,
    networkAlone: through.alone ? { bytesPerSecond: through.alone.networkBytesPerSecond } : null,
    disksAlone: through.alone?.disks ?? null,
    limit: limit?.limit ?? null,
    text: limit?.text ?? null,
    ...(through.note ? { note: through.note } : {}),
  };
}
