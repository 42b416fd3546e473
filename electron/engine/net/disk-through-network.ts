import { randomUUID } from 'node:crypto';
import { NasbenchError } from '../../../shared/errors';
import type { ConnectionManager } from '../connections/manager';
import { shellCommand } from '../ssh/quote';
import { runIperfTest, type IperfSample } from './client';
import { startRemoteIperfServer } from './remote-server';
import { startIperfServer, type IperfServerTestSummary } from './server';

export interface DiskThroughNetworkResult {
  /** Labelled, because it is neither a pure network nor a pure disk figure (seed 000). */
  label: string;
  direction: 'write';
  bytes: number;
  seconds: number;
  bitsPerSecond: number;
  file: string;
}

/** Room for a whole test at 10 Gbit/s; the scratch check refuses the test if that does not fit. */
const assumedBytesPerSecond = 1.25e9;

/**
 * Seed 000's "network to disk" write test: the NAS's iperf3 server writes what it receives to
 * a file (`iperf3 -s -F FILE`) inside the run's scratch folder, so the figure includes the
 * NAS's disk. The folder and file are removed afterwards, whatever happens.
 */
export async function measureNetworkToDiskWrite(
  connections: ConnectionManager,
  options: {
    sessionId: string;
    folder: string;
    seconds: number;
    signal?: AbortSignal;
    onSample?(sample: IperfSample): void;
  },
): Promise<DiskThroughNetworkResult> {
  const session = connections.session(options.sessionId);
  const runId = randomUUID();
  const scratch = await connections.openScratch(
    options.sessionId,
    options.folder,
    runId,
    options.seconds * assumedBytesPerSecond,
  );
  try {
    const file = `${scratch.path}/network-to-disk.bin`;
    const server = await startRemoteIperfServer(session, {
      extraArgs: ['-F', file],
      ...(options.signal ? { signal: options.signal } : {}),
    });
    try {
      const result = await runIperfTest({
        host: session.info.host,
        port: server.port,
        direction: 'upload',
        seconds: options.seconds,
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.onSample ? { onSample: options.onSample } : {}),
      });
      return {
        label: 'Network to NAS disk (iperf3 writing to a file on the NAS)',
        direction: 'write',
        bytes: result.bytes,
        seconds: result.seconds,
        bitsPerSecond: result.bitsPerSecond,
        file,
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
}

/**
 * Seed 000's "disk to network" read test: the NAS's own iperf3 client sends a file from its
 * disk (`iperf3 -c THIS-COMPUTER -F FILE`) to the built-in server, listening on the address
 * the NAS reaches this computer at. The file is written first, inside the scratch folder.
 */
export async function measureDiskToNetworkRead(
  connections: ConnectionManager,
  options: {
    sessionId: string;
    folder: string;
    seconds: number;
    /** This computer's address as the NAS sees it (the probe's client route). */
    localAddress: string;
    nasMemoryBytes?: number | null;
    signal?: AbortSignal;
  },
): Promise<DiskToNetworkResult> {
  const session = connections.session(options.sessionId);
  const fileBytes = Math.min(Math.max(options.seconds * 125e6, 64 * 2 ** 20), 4 * 2 ** 30);
  const scratch = await connections.openScratch(options.sessionId, options.folder, randomUUID(), fileBytes);
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
    const server = await startIperfServer({
      port: 0,
      host: options.localAddress,
      onTestEnd: (done) => (summary ??= done),
    });
    try {
      const send = await session.run(
        shellCommand([
          'iperf3',
          '-c',
          options.localAddress,
          '-p',
          String(server.port),
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
    return {
      label: 'NAS disk to network (iperf3 on the NAS sending a file)',
      direction: 'read',
      bytes: summary.receivedBytes,
      seconds: summary.seconds,
      bitsPerSecond: (summary.receivedBytes * 8) / summary.seconds,
      fileBytes,
      likelyCached,
      note: likelyCached
        ? 'The file is smaller than the NAS’s memory, so it was probably read from its cache rather than its disks.'
        : 'The file is larger than the NAS’s memory, so most of it came from its disks.',
    };
  } finally {
    await scratch.remove();
  }
}
