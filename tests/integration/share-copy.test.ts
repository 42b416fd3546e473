import { rm } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { runShareCopy } from '../../electron/engine/copy';
import { nasExec } from '../lab/lab';
import { tempDir } from '../unit/helpers';
import { connectedEngine, lab } from './lab-login';

const MiB = 2 ** 20;
const GiB = 2 ** 30;
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
      // The Wi-Fi stand-in leg, as Compare connections over it would ask: the share goes over leg a instead.
      aboutLink: { interface: lab.legs.slow.hostIf, localAddress: lab.legs.slow.host, name: 'Wi-Fi' },
      onSample: (sample) => samples.push(sample.bytesPerSecond),
    });
    expect(result.share).toMatchObject({ fsType: 'fuse.sshfs', server: lab.clientMount.server });
    // Its real path, from this computer's own mount and routing tables: the NAS's address and leg a's interface.
    expect(result.path).toEqual({
      kind: 'network-share',
      server: lab.legs.a.nas,
      protocol: 'sshfs',
      interface: lab.legs.a.hostIf,
      localAddress: lab.legs.a.host,
      serverAddress: lab.legs.a.nas,
      // sshfs is SFTP inside SSH: every byte is both authenticated and encrypted, always.
      session: expect.objectContaining({ protocol: 'sshfs', signing: 'on', encryption: 'on' }),
    });
    expect(result.pathNote).toMatch(new RegExp(`mounted over ${lab.legs.a.hostIf}, not over the Wi-Fi link`));
    expect(result.notes[0]).toBe(result.pathNote);
    // statfs sees FUSE; the mount table says which FUSE file system.
    expect(result.fileSystem).toMatch(/^fuse/);
    expect(result.roundTripIdentical).toBe(true);
    const write = result.tests.find((test) => test.op === 'write');
    const read = result.tests.find((test) => test.op === 'read');
    for (const test of [write, read]) {
      expect(test?.bytesPerSecond).toBeGreaterThan(1e6);
      // Every figure says how steady it was and which caches could have served it. 64 MiB is far below twice
      // the NAS's RAM, so whatever this side did, the NAS's own cache is never claimed bypassed.
      expect(test?.spread?.relative).toBeGreaterThanOrEqual(0);
      expect(test?.cache?.nas).not.toBe('bypassed');
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

  it('with no size given, writes until the rate holds steady (at least 1 GiB), and says how it was sized', async () => {
    const before = nasExec(['find', lab.share]).stdout;
    const result = await runShareCopy({ dir: lab.clientMount.path });
    const write = result.tests.find((test) => test.op === 'write');
    const read = result.tests.find((test) => test.op === 'read');
    expect(write?.fileSize).toBeGreaterThanOrEqual(GiB);
    expect(write?.fileSize).toBeLessThanOrEqual(4 * GiB);
    // The whole file is read back, and each figure has its spread.
    expect(read?.fileSize).toBe(write?.fileSize);
    for (const test of [write, read]) {
      expect(test?.bytesPerSecond).toBeLessThan(legBytesPerSecond * 1.02);
      expect(test?.spread?.basis).toBe('samples');
    }
    // Each of the three ways the sizing ends, as the note words it (a busy machine may keep the rate from settling).
    expect(result.notes.join(' ')).toMatch(
      /^.*Sized to settle \(at least 1\.00 GiB\)\. The write(?: ran until its rate held steady|’s rate had not held steady by [\d.]+ GiB| was stopped)/,
    );
    expect(nasExec(['find', lab.share]).stdout).toBe(before);
    console.log(
      `share copy sized to settle over sshfs: wrote ${((write?.fileSize ?? 0) / GiB).toFixed(2)} GiB at ` +
        `${((write?.bytesPerSecond ?? 0) / 1e6).toFixed(1)} MB/s ±${((write?.spread?.relative ?? 0) * 100).toFixed(1)}%`,
    );
  }, 300_000);

  it('calls a folder on this computer’s own disk that, in the result and its notes', async () => {
    const dir = await tempDir('share-copy-local');
    try {
      const result = await runShareCopy({ dir, fileSize: 8 * MiB });
      expect(result.path).toMatchObject({ kind: 'local-disk', server: null, interface: null });
      expect(result.pathNote).toMatch(/own disk, not on a NAS/);
      expect(result.notes[0]).toBe(result.pathNote);
      // Here the "NAS" is this computer: direct I/O on its own ext4 disk bypasses the only cache there is.
      for (const test of result.tests)
        expect(test.cache).toEqual(
          test.direct ? { client: 'bypassed', nas: 'bypassed' } : { client: 'buffered', nas: 'may-serve' },
        );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
