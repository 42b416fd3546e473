import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testFolderChoices } from '../../shared/kinds/disk/words';
import { probeThisComputer, probeNas } from '../../electron/engine/probe';
import type { ProbeProgress } from '../../shared/contract/connect';
import { NasFacts } from '../../shared/contract/probe';
import { connectedEngine, lab, labSession } from './lab-login';

/** The volume that holds a path: the mount point that is its longest prefix. */
function volumeOf(facts: NasFacts, path: string) {
  return facts.volumes
    .filter(
      (volume) =>
        path === volume.mount || path.startsWith(volume.mount.endsWith('/') ? volume.mount : `${volume.mount}/`),
    )
    .sort((a, b) => b.mount.length - a.mount.length)[0];
}

describe('probe of the lab NAS', () => {
  it('reports its links with addresses, RAM, the share volume with free space, and tool versions', async () => {
    const session = await labSession();
    const facts = NasFacts.parse(await probeNas(session));
    session.close();
    for (const leg of [lab.legs.a, lab.legs.b, lab.legs.slow]) {
      const link = facts.interfaces.find((entry) => entry.name === leg.nasIf);
      expect(link?.addresses).toContain(leg.nas);
      expect(link?.state).toBe('up');
      // A veth: no hardware port behind it, so the 10 Gb/s it reports is a placeholder.
      expect(link).toMatchObject({ virtual: true, mtu: leg.nasMtu });
    }
    expect(facts.memoryBytes).toBeGreaterThan(1024 ** 3);
    expect(facts.cpu.cores).toBeGreaterThanOrEqual(1);
    const share = volumeOf(facts, lab.share);
    expect(share?.freeBytes).toBeGreaterThan(0);
    expect(share?.sizeBytes).toBeGreaterThan(share?.freeBytes ?? 0);
    const tiny = facts.volumes.find((volume) => volume.mount === lab.tiny);
    expect(tiny).toMatchObject({ fsType: 'tmpfs', sizeBytes: lab.tinyBytes });
    expect(facts.tools.fio?.version).toMatch(/^3\.\d+/);
    expect(facts.tools.iperf3?.version).toMatch(/^3\.\d+/);
    expect(facts.os.vendor).toBe('linux');
    // The folders this login can write in: the share first (OMV keeps shares at /srv/…/SHARE), then the
    // tiny volume, then the home folder; root's folders beside them (field, home) are not offered.
    expect(testFolderChoices(facts).map((choice) => choice.folder)[0]).toBe(lab.share);
    expect(facts.folders).toContainEqual({ path: lab.tiny, kind: 'share' });
    expect(facts.folders?.at(-1)?.kind).toBe('home');
    expect(facts.folders?.map((folder) => folder.path)).not.toContain(path.dirname(lab.share));
    for (const folder of facts.folders ?? []) expect(folder.path).not.toMatch(/\/(field|home|notools-bin)$/);
    // The lab's disk is this machine's: a VM's virtio disk (vda), no drive class, so no ceiling is named for it.
    const drives = facts.disks?.drives ?? [];
    expect(drives.length).toBeGreaterThan(0);
    for (const drive of drives) expect(drive.name).not.toMatch(/^(loop|zram|ram|dm-)/);
    expect(drives.find((drive) => drive.name.startsWith('vd'))?.kind).toBe('virtual');
  });

  it('tells a NAS without fio and iperf3 apart, with an install hint', async () => {
    const session = await labSession({ username: lab.users.notools.name });
    const facts = await probeNas(session);
    session.close();
    expect(facts.tools).toEqual({ fio: null, iperf3: null });
    expect(facts.installHints.join(' ')).toMatch(/fio/);
    expect(facts.installHints.join(' ')).toMatch(/apt|install/i);
  });

  it("names the client's interface and address that route to each leg", async () => {
    for (const leg of [lab.legs.a, lab.legs.b, lab.legs.slow]) {
      const client = await probeThisComputer(leg.nas);
      expect(client.route).toMatchObject({ interface: leg.hostIf, localAddress: leg.host, type: 'virtual' });
      expect(client.memoryBytes).toBeGreaterThan(0);
      // This machine's own drives, read once: swap in RAM (zram) and loop files are no drive.
      expect(Array.isArray(client.drives)).toBe(true);
      expect(client.drives?.map((drive) => drive.name).filter((name) => /^(zram|loop|ram)/.test(name))).toEqual([]);
    }
  });

  it('the engine says each part of the probe as it starts and ends, for the status shown meanwhile', async () => {
    const { engine, sessionId } = await connectedEngine('probe-stages');
    const said: ProbeProgress[] = [];
    engine.onEvent((event, payload) => event === 'probeProgress' && said.push(payload));
    try {
      await engine.handlers.probeNas({ sessionId });
    } finally {
      await engine.shutdown();
    }
    expect(said.every((progress) => progress.sessionId === sessionId)).toBe(true);
    // The NAS and this computer side by side, then the link once both are read; all three done at the end.
    expect(said[0]?.running).toEqual(['nas']);
    expect(said[1]?.running).toEqual(['nas', 'this-computer']);
    const linkStarts = said.findIndex((progress) => progress.running.includes('link'));
    expect(said[linkStarts]?.done.sort()).toEqual(['nas', 'this-computer']);
    expect(said.at(-1)).toMatchObject({ running: [], done: expect.arrayContaining(['nas', 'this-computer', 'link']) });
    expect(said.at(-1)?.done).toHaveLength(3);
  });
});
