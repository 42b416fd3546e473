import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findSharePath, type SharePathSources } from '../../electron/engine/copy/share-path';
import { folderNote, linkNote, pathNote } from '../../shared/kinds/copy/share-path';
import { parseLinuxRouteGet, parseMacRouteGet, splitScope } from '../../electron/engine/copy/route-lookup';

/**
 * The share's real path (issue #15): mount table → server and protocol → address → route → local
 * interface, on real captures of this machine's /proc/mounts (the lab share over sshfs) and of
 * `ip route get` for the lab's legs (tests/fixtures/mounts/README.md).
 */

const fixture = (name: string) => readFileSync(path.join(__dirname, '../fixtures/mounts', name), 'utf8');
const labMounts = fixture('linux-sshfs-lab.txt');
const publicMounts = fixture('linux-public-captures.txt');

/** `ip route get ADDR` as captured here, one answer per address (each starts with the address, or `local ADDR`). */
const routeAnswers = new Map(
  fixture('linux-ip-route-get.txt')
    .split(/\n(?=\S)/)
    .map((answer) => [answer.replace(/^local /, '').split(' ')[0] ?? '', answer] as const),
);

/** A Linux computer whose tables are the captures; `ran` records what was looked up. */
function linuxComputer(mounts: string, names: Record<string, string> = {}) {
  const ran: string[] = [];
  const sources: SharePathSources = {
    platform: 'linux',
    readFile: (file) => (file === '/proc/mounts' ? Promise.resolve(mounts) : Promise.reject(new Error(file))),
    run: (program, args) => {
      ran.push([program, ...args].join(' '));
      const answer = program === 'ip' && args[0] === 'route' ? routeAnswers.get(args[2] ?? '') : undefined;
      return answer ? Promise.resolve(answer) : Promise.reject(new Error('RTNETLINK answers: Network is unreachable'));
    },
    realpath: (folder) => Promise.resolve(folder),
    fileSystemOf: () => Promise.resolve(undefined),
    resolve: (name) => Promise.resolve(names[name] ?? null),
    localAddressFor: () => Promise.resolve(null),
  };
  return { sources, ran };
}

describe('the route to a share’s server', () => {
  it('reads the interface and source address from real `ip route get` answers', () => {
    expect(parseLinuxRouteGet(routeAnswers.get('198.18.1.2') ?? '')).toEqual({
      interface: 'nbh-a',
      localAddress: '198.18.1.1',
    });
    expect(parseLinuxRouteGet(routeAnswers.get('198.18.3.2') ?? '')).toEqual({
      interface: 'nbh-w',
      localAddress: '198.18.3.1',
    });
    expect(parseLinuxRouteGet(routeAnswers.get('127.0.0.1') ?? '')).toEqual({
      interface: 'lo',
      localAddress: '127.0.0.1',
    });
    expect(parseLinuxRouteGet(routeAnswers.get('::1') ?? '')).toEqual({ interface: 'lo', localAddress: '::1' });
    expect(parseLinuxRouteGet('RTNETLINK answers: Network is unreachable')).toBeNull();
  });

  it('reads macOS `route -n get` and link-local scopes', () => {
    const mac = [
      '   route to: 192.168.1.20',
      'destination: 192.168.1.0',
      '  interface: en0',
      '      flags: <UP,DONE,CLONING>',
    ];
    expect(parseMacRouteGet(mac.join('\n'))).toEqual({ interface: 'en0' });
    expect(parseMacRouteGet('route: writing to routing socket: not in table')).toBeNull();
    expect(splitScope('[fe80::1%en0]')).toEqual({ address: 'fe80::1', scope: 'en0' });
    expect(splitScope('192.0.2.1')).toEqual({ address: '192.0.2.1', scope: null });
  });
});

describe('what a copy folder really is', () => {
  it('the lab share over sshfs: a network share on 198.18.1.2, reached over nbh-a from 198.18.1.1', async () => {
    const { sources, ran } = linuxComputer(labMounts);
    await expect(findSharePath('/run/nasbench-lab-mnt/share/photos', sources)).resolves.toEqual({
      kind: 'network-share',
      server: '198.18.1.2',
      protocol: 'sshfs',
      interface: 'nbh-a',
      localAddress: '198.18.1.1',
      serverAddress: '198.18.1.2',
    });
    expect(ran).toEqual(['ip route get 198.18.1.2']);
  });

  it('a cifs share: the route goes to the address the mount recorded (addr=), not a name lookup', async () => {
    const { sources, ran } = linuxComputer(publicMounts);
    const found = await findSharePath('/mnt/test', sources);
    expect(found).toMatchObject({ kind: 'network-share', protocol: 'smb', serverAddress: '10.10.22.143' });
    // Not routable from here: the interface stays unknown rather than guessed.
    expect(found).toMatchObject({ interface: null, localAddress: null });
    expect(ran[0]).toBe('ip route get 10.10.22.143');
  });

  it('a share named by a host that does not resolve: the server is named, its address and way unknown', async () => {
    const mounts = 'diskstation:/volume1/photos /mnt/photos nfs4 rw,relatime,vers=4.1 0 0\n';
    const { sources, ran } = linuxComputer(mounts);
    await expect(findSharePath('/mnt/photos', sources)).resolves.toEqual({
      kind: 'network-share',
      server: 'diskstation',
      protocol: 'nfs',
      interface: null,
      localAddress: null,
      serverAddress: null,
    });
    expect(ran).toEqual([]);
  });

  it('a host name that resolves is routed by its address', async () => {
    const mounts = 'nas.lan:/srv/share /mnt/nas nfs4 rw,relatime,vers=4.2 0 0\n';
    const { sources } = linuxComputer(mounts, { 'nas.lan': '198.18.3.2' });
    await expect(findSharePath('/mnt/nas', sources)).resolves.toMatchObject({
      kind: 'network-share',
      server: 'nas.lan',
      serverAddress: '198.18.3.2',
      interface: 'nbh-w',
    });
  });

  it('a folder on this computer’s own disk or in its memory is called that', async () => {
    const { sources } = linuxComputer(labMounts);
    await expect(findSharePath('/home/anna/test', sources)).resolves.toMatchObject({
      kind: 'local-disk',
      server: null,
    });
    await expect(findSharePath('/dev/shm/test', sources)).resolves.toMatchObject({ kind: 'memory' });
    // The mount point itself is not a prefix match for a sibling folder.
    await expect(findSharePath('/run/nasbench-lab-mnt/shared', sources)).resolves.toMatchObject({ kind: 'local-disk' });
  });
});

describe('what the path means for the figures, in words', () => {
  const lab = {
    kind: 'network-share',
    server: '198.18.1.2',
    protocol: 'sshfs',
    interface: 'nbh-a',
    localAddress: '198.18.1.1',
  } as const;

  it('a Wi-Fi comparison with the share mounted over the Ethernet link says so', () => {
    const wifi = { interface: 'nbh-w', localAddress: '198.18.3.1', name: 'Wi-Fi' };
    expect(linkNote(lab, wifi)).toBe(
      'The share is mounted over nbh-a, not over the Wi-Fi link (nbh-w) this comparison is about: ' +
        'its copy figures are nbh-a’s, not the Wi-Fi link’s.',
    );
    expect(linkNote(lab, { ...wifi, interface: 'nbh-a' })).toBeNull();
    expect(linkNote(lab, { ...wifi, name: 'Virtual link' })).toMatch(
      /not over the Virtual link \(nbh-w\) .* not the Virtual link’s\.$/,
    );
    // Only addresses known: compared by address.
    expect(linkNote({ ...lab, interface: null }, { ...wifi, interface: null })).toMatch(
      /^The share is mounted over the local address 198\.18\.1\.1/,
    );
    expect(linkNote({ ...lab, interface: null, localAddress: null }, wifi)).toBeNull();
  });

  it('a folder that is no share says its figures are not a NAS’s', () => {
    const none = { server: null, protocol: null, interface: null, localAddress: null };
    expect(folderNote({ kind: 'local-disk', ...none })).toMatch(/own disk, not on a NAS/);
    expect(folderNote({ kind: 'memory', ...none })).toMatch(/memory \(tmpfs\), not on a NAS/);
    expect(folderNote(lab)).toBeNull();
    // One answer for the result and the plan preview: the folder's note, else the other link's, else none.
    const wifi = { interface: 'nbh-w', localAddress: null, name: 'Wi-Fi' };
    expect(pathNote({ kind: 'local-disk', ...none }, wifi)).toBe(folderNote({ kind: 'local-disk', ...none }));
    expect(pathNote(lab, wifi)).toBe(linkNote(lab, wifi));
    expect(pathNote(lab)).toBeNull();
    expect(
      linkNote({ kind: 'local-disk', ...none }, { interface: 'nbh-w', localAddress: null, name: 'Wi-Fi' }),
    ).toBeNull();
  });
});
