import { NasbenchError } from '../../../shared/contract/errors';
import type { Spread } from '../../../shared/contract/figure-quality';
import { shellCommand, type NasLogin, type ScratchFolder } from '../ssh';
import { runIperfTest, type IperfSample } from './iperf-client';
import { resolveNasAddress, startRemoteIperfServer } from './remote-server';
import { startIperfServer, type IperfServerTestSummary } from './iperf-server/server';
import { joinNotes, spreadOfRate, unsteadyNote, type RateReading } from './rate-spread';

export interface DiskThroughNetworkResult {
  /** Labelled, because it is neither a pure network nor a pure disk figure (the TerraMaster F4-223 write-up). */
  label: string;
  direction: 'write';
  bytes: number;
  seconds: number;
  bitsPerSecond: number;
  file: string;
  /** How steady the rate was, second by second (absent for a test too short to say). */
  spread?: Spread;
  /** The flag in words when the rate varied more than 10%. */
  note?: string;
}

/** Room for a whole test at 10 Gbit/s; the scratch check refuses the test if that does not fit. */
const assumedBytesPerSecond = 1.25e9;

/**
 * The TerraMaster F4-223 write-up's "network to disk" write test: the NAS's iperf3 server writes what it receives to
 * a file (`iperf3 -s -F FILE`) inside the run's scratch folder, so the figure includes the
 * NAS's disk. The folder and file are removed afterwards, whatever happens.
 */
export async function measureNetworkToDiskWrite(
  session: NasLogin,
  options: {
    folder: string;
    /** Opens a scratch folder in `folder` after checking there is room for `neededBytes`. */
    openScratch(folder: string, neededBytes: number): Promise<ScratchFolder>;
    seconds: number;
    /** The iperf3 the probe found on the NAS (default: iperf3 from its PATH). */
    iperf3Path?: string;
    signal?: AbortSignal;
    onSample?(sample: IperfSample): void;
  },
): Promise<DiskThroughNetworkResult> {
  // The file may grow to what the scratch check made room for, and no further (both ends stop there).
  const plannedBytes = Math.floor(options.seconds * assumedBytesPerSecond);
  const scratch = await options.openScratch(options.folder, plannedBytes);
  try {
    const file = `${scratch.path}/network-to-disk.bin`;
    const host = await resolveNasAddress(session.info.host);
    const server = await startRemoteIperfServer(session, {
      extraArgs: ['-F', file],
      bindAddress: host,
      maxFileBytes: plannedBytes,
      testSeconds: options.seconds,
      ...(options.iperf3Path ? { iperf3Path: options.iperf3Path } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    try {
      const readings: RateReading[] = [];
      const result = await runIperfTest({
        host,
        port: server.port,
        direction: 'upload',
        seconds: options.seconds,
        maxBytes: plannedBytes,
        ...(options.signal ? { signal: options.signal } : {}),
        onSample: (sample) => {
          readings.push({ t: sample.t, rate: sample.bytesPerSecond });
          options.onSample?.(sample);
        },
      });
      return {
        label: 'Network to NAS disk (iperf3 writing to a file on the NAS)',
        direction: 'write',
        bytes: result.bytes,
        seconds: result.seconds,
        bitsPerSecond: result.bitsPerSecond,
        file,
        ...steadiness(readings),
      };
    } finally {
      await server.stop();
    }
  } finally {
    await scratch.remove();
  }
}

export interface DiskToNetworkResult {
  label: string;
  direction: 'read';
  bytes: number;
  seconds: number;
  bitsPerSecond: number;
  fileBytes: number;
  /** A file smaller than the NAS's RAM is likely read from its cache, not its disks. */
  likelyCached: boolean;
  note: string;
  spread?: Spread;
}

/**
 * The TerraMaster F4-223 write-up's "disk to network" read test: the NAS's own iperf3 client sends a file from its
 * disk (`iperf3 -c THIS-COMPUTER -F FILE`) to the built-in server, listening on the address
 * the NAS reaches this computer at. The file is written first, inside the scratch folder. The server
 * listens on the LAN for this one test and takes it only from the NAS's address (its client is bound
 * there, `-B`), held to the test's length: anyone else who connects first is ignored, not measured.
 */
export async function measureDiskToNetworkRead(
  session: NasLogin,
  options: {
    folder: string;
    /** Opens a scratch folder in `folder` after checking there is room for `neededBytes`. */
    openScratch(folder: string, neededBytes: number): Promise<ScratchFolder>;
    seconds: number;
    /** This computer's address as the NAS sees it (the probe's client route). */
    localAddress: string;
    nasMemoryBytes?: number | null;
    /** The iperf3 the probe found on the NAS (default: iperf3 from its PATH). */
    iperf3Path?: string;
    signal?: AbortSignal;
  },
): Promise<DiskToNetworkResult> {
  const fileBytes = Math.min(Math.max(options.seconds * 125e6, 64 * 2 ** 20), 4 * 2 ** 30);
  const scratch = await options.openScratch(options.folder, fileBytes);
  const signal = options.signal ? { signal: options.signal } : {};
  try {
    const file = `${scratch.path}/disk-to-network.bin`;
    const megabytes = Math.ceil(fileBytes / 2 ** 20);
    const written = await session.run(
      shellCommand(['dd', 'if=/dev/urandom', `of=${file}`, 'bs=1048576', `count=${megabytes}`]),
      {
        ...signal,
        timeoutMs: 600_000,
      },
    );
    if (written.code !== 0)
      throw new NasbenchError(
        'DISK_FULL',
        'Could not write the test file on the NAS.',
        written.stderr.trim() || 'Check free space.',
      );
    let summary: IperfServerTestSummary | undefined;
    const readings: RateReading[] = [];
    const nasAddress = await resolveNasAddress(session.info.host);
    const server = await startIperfServer({
      port: 0,
      host: options.localAddress,
      peers: [nasAddress],
      caps: { seconds: options.seconds },
      onSample: (sample) => {
        if (sample.direction === 'receive') readings.push({ t: sample.t, rate: sample.bytesPerSecond });
      },
      onTestEnd: (done) => (summary ??= done),
    });
    try {
      const send = await session.run(
        shellCommand([
          options.iperf3Path ?? 'iperf3',
          '-c',
          options.localAddress,
          '-p',
          String(server.port),
          '-B',
          nasAddress,
          '-F',
          file,
          '-t',
          String(options.seconds),
        ]),
        { ...signal, timeoutMs: (options.seconds + 60) * 1000 },
      );
      if (send.code !== 0 || !summary || summary.error) {
        throw new NasbenchError(
          'UNREACHABLE',
          `The NAS could not send to this computer at ${options.localAddress}:${server.port}.`,
          "Allow NASBench through this computer's firewall for incoming connections, then try again.",
        );
      }
    } finally {
      await server.close();
    }
    const likelyCached = (options.nasMemoryBytes ?? Infinity) > fileBytes;
    const steady = steadiness(readings);
    return {
      label: 'NAS disk to network (iperf3 on the NAS sending a file)',
      direction: 'read',
      bytes: summary.receivedBytes,
      seconds: summary.seconds,
      bitsPerSecond: (summary.receivedBytes * 8) / summary.seconds,
      fileBytes,
      likelyCached,
      note:
        joinNotes(
          likelyCached
            ? 'The file is smaller than the NAS’s memory, so it was probably read from its cache rather than its disks.'
            : 'The file is larger than the NAS’s memory, so most of it came from its disks.',
          steady.note,
        ) ?? '',
      ...(steady.spread ? { spread: steady.spread } : {}),
    };
  } finally {
    await scratch.remove();
  }
}

/** The spread of a through-the-disk rate, second by second, and the flag in words when it varied more than 10%. */
function steadiness(readings: readonly RateReading[]): { spread?: Spread; note?: string } {
  const spread = spreadOfRate(readings);
  const note = unsteadyNote(spread);
  return { ...(spread ? { spread } : {}), ...(note ? { note } : {}) };
}
