import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  findFolderShare,
  listMountedShares,
  parseGvfsFolderName,
  parseLinuxMountPoints,
  parseLinuxMounts,
  parseSmbConnections,
  parseWindowsNetUse,
  shareBelowFuseMount,
  sharesInsideFuseMounts,
  type SharePathSources,
} from '../../electron/engine/copy';

/**
 * Issue #32, "every way people mount a share": the shares inside gvfs and smbnetfs mounts (real
 * captures from Samba in a namespace of this machine) and Windows' PowerShell views of its shares
 * (captures published by their users); tests/fixtures/mounts/README.md says where each came from.
 */

const fixture = (name: string) => readFileSync(path.join(__dirname, '../fixtures/mounts', name), 'utf8');
const labMounts = parseLinuxMountPoints(fixture('linux-gvfs-lab.txt'));
const gvfsFolders = fixture('linux-gvfs-folders-lab.txt').trim().split('\n');

describe('shares inside one FUSE mount (gvfs, smbnetfs)', () => {
  const smbnetfs = labMounts.find((mount) => mount.fsType === 'fuse.smbnetfs');
  const gvfs = labMounts.find((mount) => mount.fsType === 'fuse.gvfsd-fuse');

  it('the mount table lists only the FUSE mounts themselves, not the shares inside them', () => {
    expect(smbnetfs).toMatchObject({ device: 'smbnetfs', mountPoint: '/tmp/nbx-smb/mnt' });
    expect(gvfs).toMatchObject({ device: 'gvfsd-fuse', mountPoint: '/tmp/nbx-smb/run/gvfs' });
    // The lab's sshfs share was mounted too when this was captured: it is the only share a line names.
    expect(parseLinuxMounts(fixture('linux-gvfs-lab.txt')).map((share) => share.fsType)).toEqual(['fuse.sshfs']);
  });

  it('reads an smbnetfs folder’s server and share from the two folders below the mount point', () => {
    if (!smbnetfs) throw new Error('no smbnetfs line in the capture');
    expect(shareBelowFuseMount(smbnetfs, '/tmp/nbx-smb/mnt/198.19.77.2/share/run-1/file.bin')).toEqual({
      localPath: '/tmp/nbx-smb/mnt/198.19.77.2/share',
      server: '198.19.77.2',
      share: 'share',
      fsType: 'fuse.smbnetfs',
      protocol: 'smb',
    });
    // The mount point and a server's folder are above any share.
    expect(shareBelowFuseMount(smbnetfs, '/tmp/nbx-smb/mnt')).toBeUndefined();
    expect(shareBelowFuseMount(smbnetfs, '/tmp/nbx-smb/mnt/198.19.77.2')).toBeUndefined();
    expect(shareBelowFuseMount(smbnetfs, '/tmp/nbx-smb/mntx/198.19.77.2/share')).toBeUndefined();
  });

  it('reads gvfs’s real folder names, with and without a user', () => {
    expect(gvfsFolders.map((name) => parseGvfsFolderName(name, '/tmp/nbx-smb/run/gvfs'))).toEqual([
      {
        localPath: '/tmp/nbx-smb/run/gvfs/smb-share:server=198.19.77.2,share=secure,user=root',
        server: '198.19.77.2',
        share: 'secure',
        fsType: 'fuse.gvfsd-fuse',
        protocol: 'smb',
        user: 'root',
      },
      {
        localPath: '/tmp/nbx-smb/run/gvfs/smb-share:server=198.19.77.2,share=share',
        server: '198.19.77.2',
        share: 'share',
        fsType: 'fuse.gvfsd-fuse',
        protocol: 'smb',
      },
    ]);
  });

  it('a folder deep in a gvfs share is on that share; other gvfs backends keep their protocol', () => {
    if (!gvfs) throw new Error('no gvfsd-fuse line in the capture');
    // A path published in a public script (tests/fixtures/mounts/README.md), below this machine's gvfs mount.
    const published = 'smb-share:server=sipeo-nas.local,share=nas/Datasets/UrbanAtlas/PRISM';
    expect(shareBelowFuseMount(gvfs, `${gvfs.mountPoint}/${published}`)).toMatchObject({
      server: 'sipeo-nas.local',
      share: 'nas',
      localPath: `${gvfs.mountPoint}/smb-share:server=sipeo-nas.local,share=nas`,
    });
    expect(parseGvfsFolderName('sftp:host=nas.local,user=anna', '/run/user/1000/gvfs')).toMatchObject({
      protocol: 'sshfs',
      server: 'nas.local',
      user: 'anna',
    });
    expect(parseGvfsFolderName('dav:host=nas,ssl=false,prefix=%2Fwebdav', '/g')).toMatchObject({
      protocol: 'webdav',
      share: '/webdav',
    });
    // A phone or a camera is not a share; an smb-share without its share name is not one either.
    expect(parseGvfsFolderName('mtp:host=Google_Pixel_8_1A2B3C', '/g')).toBeUndefined();
    expect(parseGvfsFolderName('smb-share:server=nas', '/g')).toBeUndefined();
  });

  it('lists the shares inside both mounts, asking smbnetfs’s servers for theirs and skipping IPC$', async () => {
    const folders: Record<string, string[]> = {
      '/tmp/nbx-smb/run/gvfs': gvfsFolders,
      '/tmp/nbx-smb/mnt': ['198.19.77.2'],
      '/tmp/nbx-smb/mnt/198.19.77.2': ['IPC$', 'secure', 'share'],
    };
    const asked: string[] = [];
    const readDir = (folder: string) => {
      asked.push(folder);
      const names = folders[folder];
      return names ? Promise.resolve(names) : Promise.reject(new Error(`ENOENT ${folder}`));
    };
    const shares = await sharesInsideFuseMounts(labMounts, readDir);
    expect(shares.map((share) => [share.fsType, share.localPath])).toEqual([
      ['fuse.smbnetfs', '/tmp/nbx-smb/mnt/198.19.77.2/secure'],
      ['fuse.smbnetfs', '/tmp/nbx-smb/mnt/198.19.77.2/share'],
      ['fuse.gvfsd-fuse', '/tmp/nbx-smb/run/gvfs/smb-share:server=198.19.77.2,share=secure,user=root'],
      ['fuse.gvfsd-fuse', '/tmp/nbx-smb/run/gvfs/smb-share:server=198.19.77.2,share=share'],
    ]);
    expect(asked).toEqual(['/tmp/nbx-smb/mnt', '/tmp/nbx-smb/mnt/198.19.77.2', '/tmp/nbx-smb/run/gvfs']);
    // A folder that cannot be listed offers nothing, and the list goes on.
    await expect(sharesInsideFuseMounts(labMounts, () => Promise.reject(new Error('EIO')))).resolves.toEqual([]);
  });

  it('asks smbnetfs for the NAS by name and address when its top lists no server (no NetBIOS browsing)', async () => {
    // As smbnetfs answers without browsing: an empty top, yet a server's folder opens when named.
    const folders: Record<string, string[]> = {
      '/tmp/nbx-smb/mnt': [],
      '/tmp/nbx-smb/mnt/198.19.77.2': ['IPC$', 'share'],
      '/tmp/nbx-smb/run/gvfs': [],
    };
    const asked: string[] = [];
    const readDir = (folder: string) => {
      asked.push(folder);
      const names = folders[folder];
      return names ? Promise.resolve(names) : Promise.reject(new Error(`ENOENT ${folder}`));
    };
    expect(await sharesInsideFuseMounts(labMounts, readDir)).toEqual([]);
    asked.length = 0;
    const shares = await sharesInsideFuseMounts(labMounts, readDir, [
      'DiskStation',
      '198.19.77.2',
      'fe80::1',
      '../x',
      '..',
      '.',
      '',
    ]);
    expect(shares.map((share) => [share.server, share.localPath])).toEqual([
      ['198.19.77.2', '/tmp/nbx-smb/mnt/198.19.77.2/share'],
    ]);
    // The name was asked too (it found nothing here); an IPv6 address, a path, "." or ".." never becomes a folder name.
    expect(asked).toEqual([
      '/tmp/nbx-smb/mnt',
      '/tmp/nbx-smb/mnt/DiskStation',
      '/tmp/nbx-smb/mnt/198.19.77.2',
      '/tmp/nbx-smb/run/gvfs',
    ]);
  });

  it('listMountedShares offers them beside the mount table’s shares when the source can list folders', async () => {
    const source = {
      platform: 'linux' as const,
      readFile: () => Promise.resolve(fixture('linux-gvfs-lab.txt')),
      run: () => Promise.reject(new Error('not used on Linux')),
      readDir: (folder: string) => Promise.resolve(folder.endsWith('/gvfs') ? gvfsFolders : []),
    };
    expect((await listMountedShares(source)).map((share) => share.share)).toEqual([
      '/srv/nasbench-lab/share',
      'secure',
      'share',
    ]);
    const { readDir: _unused, ...withoutReadDir } = source;
    expect((await listMountedShares(withoutReadDir)).map((share) => share.share)).toEqual(['/srv/nasbench-lab/share']);
  });

  it('findFolderShare names the share of a folder inside the smbnetfs mount', async () => {
    const sources: SharePathSources = {
      platform: 'linux',
      readFile: () => Promise.resolve(fixture('linux-smbnetfs-lab.txt')),
      run: () => Promise.reject(new Error('no routes here')),
      realpath: (folder) => Promise.resolve(folder),
      fileSystemOf: () => Promise.resolve(undefined),
      resolve: () => Promise.resolve(null),
      localAddressFor: () => Promise.resolve(null),
    };
    await expect(findFolderShare('/tmp/nbx-smb/mnt/198.19.77.2/share/x', sources)).resolves.toMatchObject({
      server: '198.19.77.2',
      share: 'share',
      protocol: 'smb',
    });
    await expect(findFolderShare('/home', sources)).resolves.toBeUndefined();
  });
});

describe('Windows shares in PowerShell', () => {
  it('reads Get-SmbMapping’s table with the `net use` reader: status, drive letter, UNC path', () => {
    expect(parseWindowsNetUse(fixture('windows-get-smbmapping-public-capture.txt'))).toEqual([
      { localPath: 'Z:', server: '127.0.0.1', share: 'c$', fsType: 'smb', protocol: 'smb' },
      { localPath: 'Y:', server: 'storage3', share: 'scanning', fsType: 'smb', protocol: 'smb' },
    ]);
    expect(parseWindowsNetUse(fixture('windows-new-smbmapping-azure-public-capture.txt'))).toEqual([
      {
        localPath: 'Z:',
        server: 'entraazfiles1.file.core.windows.net',
        share: 'entraazfilesshare',
        fsType: 'smb',
        protocol: 'smb',
      },
    ]);
  });

  it('skips a remote path Format-Table cut short: its share name would be wrong', () => {
    const cut =
      'Status Local Path Remote Path\n------ ---------- -----------\nOK     Z:         \\\\nas\\a-very-long-sh...\n';
    expect(parseWindowsNetUse(cut)).toEqual([]);
  });

  it('reads Get-SmbConnection’s table: each connection a share reached by its UNC path', () => {
    const shares = parseSmbConnections(fixture('windows-get-smbconnection-public-capture.txt'));
    expect(shares.map((share) => [share.localPath, share.server, share.share, share.user])).toEqual([
      ['\\\\192.168.11.2\\movies', '192.168.11.2', 'movies', 'ECRONIC-AW14\\Ecronic'],
      ['\\\\192.168.11.2\\personal', '192.168.11.2', 'personal', 'ECRONIC-AW14\\Ecronic'],
      ['\\\\192.168.11.2\\torrent', '192.168.11.2', 'torrent', 'ECRONIC-AW14\\Ecronic'],
      ['\\\\192.168.11.2\\tvshows', '192.168.11.2', 'tvshows', 'ECRONIC-AW14\\Ecronic'],
    ]);
  });

  it('reads Get-SmbConnection | Format-List * the same way', () => {
    const list = readFileSync(
      path.join(__dirname, '../fixtures/shares/windows-get-smbconnection-fl-azure.txt'),
      'utf8',
    );
    expect(parseSmbConnections(list)).toEqual([
      {
        localPath: '\\\\entraazfiles1.file.core.windows.net\\entraazfilesshare',
        server: 'entraazfiles1.file.core.windows.net',
        share: 'entraazfilesshare',
        fsType: 'smb',
        protocol: 'smb',
        user: 'AzureAD\\<>',
      },
    ]);
  });
});
