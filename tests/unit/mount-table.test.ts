import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  listMountedShares,
  offerShares,
  parseLinuxMounts,
  parseMacMounts,
  parseUncPath,
  parseWindowsNetUse,
  shareOfFolder,
  sharesOfNas,
} from '../../electron/engine/copy';

const fixture = (name: string) => readFileSync(path.join(__dirname, '../fixtures/mounts', name), 'utf8');

describe('Linux /proc/mounts', () => {
  const shares = parseLinuxMounts(fixture('linux-shares.txt'));

  it('finds cifs, smb3, nfs, nfs4 and sshfs shares and nothing else', () => {
    expect(shares.map((share) => [share.fsType, share.localPath])).toEqual([
      ['cifs', '/mnt/photo'],
      ['cifs', '/home/anna/NAS videos'],
      ['smb3', '/mnt/backup'],
      ['nfs', '/mnt/media'],
      ['nfs4', '/mnt/archive'],
      ['nfs4', '/srv/tank'],
      ['fuse.sshfs', '/home/anna/sshfs-nas'],
      ['fuse.sshfs', '/home/anna/unraid-home'],
      ['fuse', '/mnt/omv'],
    ]);
  });

  it('reads server, share, address and user, undoing the octal escapes', () => {
    expect(shares[0]).toEqual({
      localPath: '/mnt/photo',
      server: '192.168.1.20',
      share: 'photo',
      fsType: 'cifs',
      protocol: 'smb',
      address: '192.168.1.20',
      user: 'anna',
    });
    expect(shares[1]).toMatchObject({ server: 'DiskStation', share: 'Family Videos', address: '192.168.1.20' });
    expect(shares[2]).toMatchObject({ server: 'truenas.home.lan', share: 'backup/anna', address: 'fd00::20' });
    expect(shares[4]).toMatchObject({ server: 'nas.local', share: '/volume1/archive', protocol: 'nfs' });
    expect(shares[5]).toMatchObject({ server: 'fd00::20', share: '/mnt/tank/data', address: 'fd00::20' });
    expect(shares[6]).toMatchObject({ server: '192.168.1.20', share: '/volume1/homes/anna', user: 'anna' });
    expect(shares[7]).toMatchObject({ server: 'unraid', share: '', protocol: 'sshfs' });
    expect(shares[8]).toMatchObject({ server: 'omv.lan', user: 'root', protocol: 'sshfs' });
  });

  it('reads the real fuse.sshfs line of the lab share mounted over the lab link', () => {
    // Captured with the lab up: `sshfs nbtest@198.18.1.2:/srv/nasbench-lab/share /run/nasbench-lab-mnt/share`.
    const real = parseLinuxMounts(fixture('linux-sshfs-lab.txt'));
    expect(real).toEqual([
      {
        localPath: '/run/nasbench-lab-mnt/share',
        server: '198.18.1.2',
        share: '/srv/nasbench-lab/share',
        fsType: 'fuse.sshfs',
        protocol: 'sshfs',
        user: 'nbtest',
      },
    ]);
    expect(offerShares(real, { addresses: ['198.18.1.2'], names: [] })).toEqual([{ ...real[0], onNas: true }]);
    expect(offerShares(real, { addresses: ['198.18.2.2'], names: ['nas'] })).toEqual([{ ...real[0], onNas: false }]);
  });

  it('reads real cifs and nfs4 lines captured on other machines', () => {
    expect(parseLinuxMounts(fixture('linux-public-captures.txt'))).toEqual([
      {
        localPath: '/mnt/test',
        server: '10.10.22.143',
        share: 'test',
        fsType: 'cifs',
        protocol: 'smb',
        address: '10.10.22.143',
        user: 'ITS-Admin',
      },
      {
        localPath: '/mnt/t',
        server: '192.168.124.26',
        share: '/export',
        fsType: 'nfs4',
        protocol: 'nfs',
        address: '192.168.124.26',
      },
      {
        localPath: '/nfs',
        server: '10.1.24.250',
        share: '/nfs',
        fsType: 'nfs4',
        protocol: 'nfs',
        address: '10.1.24.250',
      },
    ]);
  });

  it('finds no share in the real mount table of this build machine', () => {
    const real = fixture('linux-this-machine.txt');
    expect(real).toContain(' ext4 ');
    expect(parseLinuxMounts(real)).toEqual([]);
  });
});

describe('macOS mount', () => {
  const shares = parseMacMounts(fixture('macos-mount.txt'));

  it('finds smbfs, nfs, afpfs, webdav and macFUSE shares, skipping local disks', () => {
    expect(shares.map((share) => [share.protocol, share.localPath])).toEqual([
      ['smb', '/Volumes/home'],
      ['smb', '/Volumes/Family Videos'],
      ['smb', '/Volumes/public'],
      ['smb', '/Volumes/Multimedia-1'],
      ['nfs', '/Volumes/archive'],
      ['nfs', '/private/nfs/media'],
      ['afp', '/Volumes/photo'],
      ['webdav', '/Volumes/webdav'],
      ['sshfs', '/Users/anna/nas'],
    ]);
  });

  it('decodes URL-encoded share names and drops the domain from the user', () => {
    expect(shares[0]).toMatchObject({ server: 'DiskStation._smb._tcp.local', share: 'home', user: 'anna' });
    expect(shares[1]).toMatchObject({ server: '192.168.1.20', share: 'Family Videos' });
    expect(shares[3]).toMatchObject({ server: 'qnap', share: 'Multimedia', user: 'anna' });
    expect(shares[2]).toMatchObject({ server: 'truenas.local', user: 'GUEST' });
    expect(shares[7]).toMatchObject({ server: '192.168.1.20', share: '/webdav' });
  });
});

describe('Windows net use', () => {
  const shares = parseWindowsNetUse(fixture('windows-net-use.txt'));

  it('finds mapped drives and UNC connections, whatever their status, and skips IPC$', () => {
    expect(shares.map((share) => [share.localPath, share.server, share.share, share.protocol])).toEqual([
      ['Z:', 'DISKSTATION', 'video', 'smb'],
      ['Y:', '192.168.1.20', 'backup', 'smb'],
      ['X:', 'truenas.home.lan', 'Family Videos', 'smb'],
      ['\\\\nas\\homes', 'nas', 'homes', 'smb'],
      ['W:', 'nas', 'DavWWWRoot', 'webdav'],
    ]);
  });

  it('reads UNC paths the user picks directly', () => {
    expect(parseUncPath('\\\\nas\\photos\\2024')).toEqual({ server: 'nas', share: 'photos' });
    expect(parseUncPath('C:\\Users')).toBeUndefined();
    expect(shareOfFolder('\\\\nas\\photos\\2024', [], 'win32')).toMatchObject({ server: 'nas', share: 'photos' });
    expect(shareOfFolder('z:\\films\\old', shares, 'win32')).toMatchObject({ server: 'DISKSTATION' });
  });
});

describe('real captures from a Mac and a Windows PC (published with bug reports)', () => {
  it('reads an sshfs mount on osxfuse from macOS `mount`', () => {
    // From a macOS user's report in ericpruitt/sshfsexec#2 (2016), unchanged.
    expect(parseMacMounts(fixture('macos-public-capture.txt'))).toEqual([
      {
        localPath: '/Users/umar/Development/mount',
        server: 'devmount',
        share: '/var/www/files/',
        fsType: 'osxfusefs',
        protocol: 'sshfs',
      },
    ]);
  });

  it('reads `net use` with an unavailable drive and a provider wrapped under a long share name', () => {
    // From wakatime/wakatime-cli#619 (2022), a Windows user's output, unchanged (the page kept LF line ends).
    expect(parseWindowsNetUse(fixture('windows-net-use-public-capture.txt'))).toEqual([
      { localPath: 'I:', server: '192.168.0.10', share: 'Documentos', fsType: 'smb', protocol: 'smb' },
      { localPath: 'J:', server: '192.168.68.110', share: 'Desenvolvimento', fsType: 'smb', protocol: 'smb' },
    ]);
  });
});

describe('linking shares to a NAS', () => {
  const linux = parseLinuxMounts(fixture('linux-shares.txt'));
  const mac = parseMacMounts(fixture('macos-mount.txt'));
  const windows = parseWindowsNetUse(fixture('windows-net-use.txt'));

  it('matches by address (also the addr= option) and by name, whatever the spelling', () => {
    const nas = { addresses: ['192.168.1.20'], names: ['DiskStation.local'] };
    expect(sharesOfNas(linux, nas).map((share) => share.localPath)).toEqual([
      '/mnt/photo',
      '/home/anna/NAS videos',
      '/mnt/media',
      '/mnt/archive',
      '/home/anna/sshfs-nas',
    ]);
    expect(sharesOfNas(mac, nas).map((share) => share.localPath)).toEqual([
      '/Volumes/home',
      '/Volumes/Family Videos',
      '/private/nfs/media',
      '/Volumes/photo',
      '/Volumes/webdav',
      '/Users/anna/nas',
    ]);
    expect(sharesOfNas(windows, nas).map((share) => share.localPath)).toEqual(['Z:', 'Y:']);
  });

  it('offers the NAS’s shares first, marked, and every other share after them', () => {
    const offered = offerShares(linux, { addresses: ['fd00::20'], names: [] });
    expect(offered.map((share) => [share.localPath, share.onNas])).toEqual([
      ['/mnt/backup', true],
      ['/srv/tank', true],
      ...linux
        .filter((share) => !['/mnt/backup', '/srv/tank'].includes(share.localPath))
        .map((share) => [share.localPath, false]),
    ]);
    expect(offerShares(linux, undefined).every((share) => !share.onNas)).toBe(true);
  });

  it('matches IPv6 addresses and never matches an address against a name', () => {
    const truenas = { addresses: ['FD00::20'], names: ['truenas'] };
    expect(sharesOfNas(linux, truenas).map((share) => share.localPath)).toEqual(['/mnt/backup', '/srv/tank']);
    expect(sharesOfNas(linux, { addresses: [], names: ['192.168.1.20'] })).toEqual([]);
  });

  it('finds the share a folder is on: the longest mount point wins', () => {
    expect(shareOfFolder('/mnt/photo/2024/summer', linux, 'linux')).toMatchObject({ share: 'photo' });
    expect(shareOfFolder('/mnt/photo/local/x', linux, 'linux')).toMatchObject({ share: 'photo' });
    expect(shareOfFolder('/mnt/photography', linux, 'linux')).toBeUndefined();
    expect(shareOfFolder('/home/anna/NAS videos/clips', linux, 'linux')).toMatchObject({ share: 'Family Videos' });
  });

  it('reads each platform’s table from its own source, never through a shell', async () => {
    const calls: string[] = [];
    const source = (platform: NodeJS.Platform) => ({
      platform,
      readFile: async (file: string) => (calls.push(file), fixture('linux-shares.txt')),
      run: async (program: string, args: string[]) => {
        calls.push([program, ...args].join(' '));
        return program === 'net' ? fixture('windows-net-use.txt') : fixture('macos-mount.txt');
      },
    });
    expect(await listMountedShares(source('linux'))).toHaveLength(9);
    expect(await listMountedShares(source('darwin'))).toHaveLength(9);
    expect(await listMountedShares(source('win32'))).toHaveLength(5);
    expect(calls).toEqual(['/proc/mounts', '/sbin/mount', 'net use']);
    const failing = { ...source('linux'), readFile: () => Promise.reject(new Error('EACCES')) };
    expect(await listMountedShares(failing)).toEqual([]);
  });
});

describe('garbage in the mount table', () => {
  const lineParts = fc.constantFrom(
    '//',
    '\\\\',
    ':',
    '@',
    '[',
    ']',
    ' on ',
    ' (',
    ')',
    ',',
    '=',
    '\\040',
    '%',
    '%zz',
    ' cifs ',
    ' nfs4 ',
    ' fuse.sshfs ',
    'sshfs#',
    ' smbfs',
    'Z:',
    'IPC$',
    '\t',
    '\r',
    '  ',
  );
  const garbage = fc.array(fc.oneof(lineParts, fc.string(), fc.string({ unit: 'binary' })), { maxLength: 12 });

  it('reads a WebDAV name with no host before @ as no share at all (found by this property test)', () => {
    expect(parseWindowsNetUse('\\\\@\\ fuse.sshfs ')).toEqual([]);
  });

  it('never throws and always returns shares with the required fields', () => {
    fc.assert(
      fc.property(
        fc.array(
          garbage.map((parts) => parts.join('')),
          { maxLength: 8 },
        ),
        (lines) => {
          const text = lines.join('\n');
          for (const parse of [parseLinuxMounts, parseMacMounts, parseWindowsNetUse]) {
            for (const share of parse(text)) {
              expect(typeof share.localPath).toBe('string');
              expect(typeof share.server).toBe('string');
              expect(share.server.length).toBeGreaterThan(0);
            }
          }
          parseUncPath(text);
        },
      ),
      { numRuns: 500 },
    );
  });
});
