import { stat } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runIperfTest } from '../../electron/engine/net/iperf-client';
import { measureThroughDisk } from '../../electron/engine/net/disk-through-network';
import { startRemoteIperfServer } from '../../electron/engine/net/remote-server';
import { shellCommand } from '../../electron/engine/ssh/quote';
import type { NasLogin } from '../../electron/engine/ssh/login';
import { connectedEngine, errorOf, lab, labSession, scratchOpener } from './lab-login';

/**
 * Disk through network: the NAS's iperf3 server writes what it receives to a file, and that
 * file stops at the planned size whatever the sender does, so a runaway sender cannot fill the NAS.
 */

const mib = 1024 * 1024;
/** Ports of our own, above those other lab tests use. */
const ports = { runaway: 5380, planned: 5385 };

let session: NasLogin;
let folder = '';
beforeAll(async () => {
  session = await labSession();
  folder = (await session.output(['mktemp', '-d', `${lab.share}/file-cap.XXXXXX`])).trim();
});
afterAll(async () => {
  await session.run(shellCommand(['rm', '-rf', folder]));
  session.close();
});

/** The lab NAS shares this machine's file system. */
async function fileBytes(file: string): Promise<number> {
  return (await stat(file)).size;
}

describe('the file the NAS writes in a disk-through-network test', () => {
  it('stops at the planned size when the sender does not stop (the server ends, the file is not larger)', async () => {
    const file = `${folder}/runaway.bin`;
    const server = await startRemoteIperfServer(session, {
      firstPort: ports.runaway,
      bindAddress: lab.legs.a.nas,
      maxFileBytes: 2 * mib,
      testSeconds: 3,
      extraArgs: ['-F', file],
    });
    // No byte limit on this side: it sends for 3 s at 1 Gbit/s, far more than 2 MiB.
    const outcome = await errorOf(
      runIperfTest({ host: lab.legs.a.nas, port: server.port, direction: 'upload', seconds: 3 }),
    );
    expect(['LINK_LOST', 'UNREACHABLE']).toContain(outcome.code);
    await server.exited;
    expect(await fileBytes(file)).toBe(2 * mib);
  }, 30_000);

  it('a timed test with maxBytes ends once the planned bytes are sent; the file holds what the NAS received', async () => {
    const file = `${folder}/planned.bin`;
    const planned = 8 * mib + 12_345;
    const server = await startRemoteIperfServer(session, {
      firstPort: ports.planned,
      bindAddress: lab.legs.a.nas,
      maxFileBytes: planned,
      testSeconds: 10,
      extraArgs: ['-F', file],
    });
    const started = performance.now();
    const result = await runIperfTest({
      host: lab.legs.a.nas,
      port: server.port,
      direction: 'upload',
      seconds: 10,
      maxBytes: planned,
    });
    // 8 MiB take well under a second at 1 Gbit/s: the byte limit, not the 10 s, ended it.
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(result.streams[0]?.sentBytes).toBe(planned);
    // As with iperf3 -n, what was still in flight at TEST_END is neither counted nor written.
    expect(result.bytes).toBeLessThanOrEqual(planned);
    expect(result.bytes).toBeGreaterThan(planned / 2);
    await server.exited;
    expect(await fileBytes(file)).toBe(result.bytes);
  }, 30_000);

  it('the engine’s network-to-disk write test still runs end to end', async () => {
    const { engine, sessionId } = await connectedEngine('file-cap');
    try {
      const result = await measureThroughDisk(engine.connections.session(sessionId), {
        way: 'to-disk',
        openScratch: scratchOpener(engine, sessionId),
        folder: lab.share,
        seconds: 1,
        fileBytes: 125e6,
      });
      expect(result.bytes).toBeGreaterThan(0);
      expect(result.bitsPerSecond).toBeGreaterThan(0);
    } finally {
      await engine.shutdown();
    }
  }, 60_000);
});
