import { describe, expect, it } from 'vitest';
import { runShareCopy } from '../../electron/engine/copy';
import { nasExec } from '../lab/lab';
import { connectedEngine, lab } from './lab-login';

const MiB = 2 ** 20;
/** Leg a's ground truth: a 1 Gbit/s token bucket is at most 125 MB/s of anything, SSH and SFTP included. */
const legBytesPerSecond = 1e9 / 8;

/**
 * The share copy engine on a real network share: the lab share mounted over sshfs through leg a
 * (`lab.sh up` mounts it at `lab.clientMount.path`), as a user mounts their NAS. The figures must
 * carry the link's limit, and every file the test wrote must be gone from the NAS afterwards.
 */
describe('the share copy test on a share mounted over the lab link', () => {
  it('is listed as a mounted sshfs share on the lab NAS', async () => {
    const { engine, sessionId } = await connectedEngine('share-copy-list', 'web');
    const offered = await engine.handlers.listMountedShares({
      nas: { addresses: [lab.clientMount.server], names: [] },
    });
    expect(offered[0]).toMatchObject({
      localPath: lab.clientMount.path,
      fsType: 'fuse.sshfs',
      protocol: 'sshfs',
      server: lab.clientMount.server,
      share: lab.clientMount.remotePath,
      onNas: true,
    });
    // Another NAS's address: the share is still listed, not marked.
    const other = await engine.handlers.listMountedShares({ nas: { addresses: ['198.18.2.2'], names: [] } });
    expect(other.find((share) => share.localPath === lab.clientMount.path)?.onNas).toBe(false);
    await engine.dispatch('disconnectNas', { sessionId });
    await engine.shutdown();
  });

  it('writes and reads back 64 MiB byte-exact at no more than the link allows, and leaves nothing on the NAS', async () => {
    const before = nasExec(['find', lab.share]).stdout;
    const samples: number[] = [];
    const result = await runShareCopy({
      dir: lab.clientMount.path,
      fileSize: 64 * MiB,
      checksum: true,
      onSample: (sample) => samples.push(sample.bytesPerSecond),
    });
    expect(result.share).toMatchObject({ fsType: 'fuse.sshfs', server: lab.clientMount.server });
    // statfs sees FUSE; the mount table says which FUSE file system.
    expect(result.fileSystem).toMatch(/^fuse/);
    expect(result.roundTripIdentical).toBe(true);
    const write = result.tests.find((test) => test.op === 'write');
    const read = result.tests.find((test) => test.op === 'read');
    for (const test of [write, read]) {
      expect(test?.bytesPerSecond).toBeGreaterThan(1e6);
      // The link is in the path: nothing crosses a 1 Gbit/s bucket faster than 125 MB/s (2% for the clock).
      expect(test?.bytesPerSecond).toBeLessThan(legBytesPerSecond * 1.02);
    }
    // sshfs has no O_DIRECT of its own to give: what the read means is said, not assumed.
    expect(read?.method).toMatch(/\S/);
    expect(samples.length).toBeGreaterThan(2);
    expect(nasExec(['find', lab.share]).stdout).toBe(before);
    console.log(
      `share copy over sshfs (leg a, 1 Gbit/s): write ${((write?.bytesPerSecond ?? 0) / 1e6).toFixed(1)} MB/s, ` +
        `read ${((read?.bytesPerSecond ?? 0) / 1e6).toFixed(1)} MB/s (${read?.direct ? 'direct' : 'buffered'})`,
    );
  }, 120_000);
});
