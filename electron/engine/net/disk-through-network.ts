import { randomUUID } from 'node:crypto';
import type { ConnectionManager } from '../connections/manager';
import { runIperfTest, type IperfSample } from './client';
import { startRemoteIperfServer } from './remote-server';

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
