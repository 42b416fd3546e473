import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  parseCifsDebugData,
  parseLinuxMountPoints,
  parseSambaConfig,
  parseSmbstatus,
  sessionFromCifsDebugData,
  sessionFromCifsOptions,
  sessionFromNfsOptions,
  sessionFromSambaConfig,
  sessionFromSmbConnectionList,
  sessionFromSmbstatus,
  sessionFromStatsharesText,
  smbDialect,
} from '../../electron/engine/copy';
import { ShareSession } from '../../shared/contract/figure-quality';

/**
 * Issue #32, "the session's terms": each source's captured output read into the contract's
 * `path.session`. Every input is real output (tests/fixtures/shares/README.md); the expected terms
 * are what that output says, checked by hand against the tool's source where noted.
 */

const shares = (name: string) => readFileSync(path.join(__dirname, '../fixtures/shares', name), 'utf8');
const mounts = (name: string) => readFileSync(path.join(__dirname, '../fixtures/mounts', name), 'utf8');

describe('dialect spellings', () => {
  it('reads every tool’s way of writing a dialect as the contract writes it', () => {
    const spellings = ['0x311', 'SMB3_11', 'SMB_3.1.1', '3.1.1', '3.11', 'SMB3'];
    expect(spellings.map(smbDialect)).toEqual(Array(spellings.length).fill('3.1.1'));
    expect(['0x302', 'SMB3_02', 'SMB_3.02', 'SMB_3.0.2', '3.02'].map(smbDialect)).toEqual(Array(5).fill('3.0.2'));
    expect(['0x210', 'SMB2_10', 'SMB2', 'SMB_2.1'].map(smbDialect)).toEqual(Array(4).fill('2.1'));
    expect(['NT1', 'SMB_1', '1.0', '1.5'].map(smbDialect)).toEqual(Array(4).fill('1'));
    // "default" and "3" are ranges the client negotiates within, not a dialect.
    expect(['default', '3', '', 'SMB4'].map(smbDialect)).toEqual([null, null, null, null]);
  });
});

describe('Linux cifs: /proc/fs/cifs/DebugData and the mount options', () => {
  it('a session the server encrypts for every share (Samba `server smb encrypt = required` in [global])', () => {
    const session = sessionFromCifsDebugData(
      shares('linux-cifs-debugdata-global-encryption.txt'),
      '192.168.1.80',
      'files',
    );
    expect(session).toEqual({
      protocol: 'smb',
      version: '3.1.1',
      signing: 'on',
      signingRequired: true,
      encryption: 'on',
      rsize: null,
      wsize: null,
      source: 'client',
    });
    expect(ShareSession.parse(session)).toEqual(session);
  });

  it('a share that alone requires encryption: the session is not encrypted, the share is', () => {
    const text = shares('linux-cifs-debugdata-share-encryption.txt');
    const [files] = parseCifsDebugData(text);
    expect(files).toMatchObject({
      server: '192.168.1.80',
      share: 'files',
      sessionEncrypted: false,
      shareEncrypted: true,
    });
    expect(sessionFromCifsDebugData(text, '192.168.1.80', 'files/sub/folder')).toMatchObject({ encryption: 'on' });
    // IPC$ is no share anyone mounts; another server's share is not this one.
    expect(parseCifsDebugData(text).map((terms) => terms.share)).toEqual(['files']);
    expect(sessionFromCifsDebugData(text, '192.168.1.81', 'files')).toBeNull();
  });

  it('a signed SMB 3.0.2 session that is not encrypted (CIFS 2.41, marks both)', () => {
    expect(sessionFromCifsDebugData(shares('linux-cifs-debugdata-dfs-signed.txt'), 'cvxdfavb1', 'NAME1')).toMatchObject(
      {
        version: '3.0.2',
        signing: 'on',
        signingRequired: true,
        encryption: 'off',
      },
    );
  });

  it('older layouts: the dialect and the server’s signing mode, encryption not marked (so unknown)', () => {
    expect(sessionFromCifsDebugData(shares('linux-cifs-debugdata-2.23.txt'), 'vm1', 'cifs')).toMatchObject({
      version: '2.1',
      // SecMode 0x1: the server offers signing but does not require it. Whether this computer asked
      // for it (the `sign` mount option) DebugData of this age does not say, so signing stays unknown.
      signing: 'unknown',
      signingRequired: false,
      encryption: 'unknown',
    });
    // A Synology share mounted twice, over SMB 2.0.2 and 3.0.2: the mount's own vers= picks the connection.
    const synology = shares('linux-cifs-debugdata-synology-4.9.txt');
    expect(parseCifsDebugData(synology).map((terms) => terms.version)).toEqual(['2.0.2', '3.0.2']);
    expect(sessionFromCifsDebugData(synology, '192.168.86.40', 'GBXShare', '3.0.2')).toMatchObject({
      version: '3.0.2',
    });
    expect(sessionFromCifsDebugData(synology, '192.168.86.40', 'GBXShare')).toMatchObject({ version: '2.0.2' });
  });

  it('reads dialect, seal and transfer sizes from real cifs mount options', () => {
    const [cifs] = parseLinuxMountPoints(mounts('linux-public-captures.txt'));
    expect(sessionFromCifsOptions(cifs?.options ?? '')).toEqual({
      protocol: 'smb',
      version: '3.1.1',
      signing: 'on',
      signingRequired: null,
      encryption: 'on',
      rsize: 4194304,
      wsize: 4194304,
      source: 'mount-options',
    });
    // No sign or seal: the server may still require them, so they stay unknown.
    const options = shares('linux-cifs-mountinfo-2.23.txt').split('\n')[1] ?? '';
    expect(sessionFromCifsOptions(options)).toMatchObject({
      version: '2.1',
      signing: 'unknown',
      encryption: 'unknown',
      rsize: 1048576,
      wsize: 1048576,
    });
  });
});

describe('NFS mount options', () => {
  it('reads the negotiated version, the security flavour and the transfer sizes', () => {
    const nfs = parseLinuxMountPoints(mounts('linux-public-captures.txt')).filter((mount) => mount.fsType === 'nfs4');
    expect(nfs.map((mount) => sessionFromNfsOptions(mount.options))).toEqual([
      expect.objectContaining({ protocol: 'nfs', version: '4.2', signing: 'off', encryption: 'off', rsize: 524288 }),
      expect.objectContaining({ version: '4.2', rsize: 1048576, wsize: 1048576, source: 'mount-options' }),
    ]);
    expect(sessionFromNfsOptions('rw,vers=4.1,sec=krb5p,rsize=65536')).toMatchObject({
      signing: 'on',
      encryption: 'on',
    });
    expect(sessionFromNfsOptions('rw,sync,vers=3,sec=krb5i')).toMatchObject({ signing: 'on', syncWrites: true });
  });
});

describe('macOS smbutil statshares', () => {
  it('SMB 3.1.1 with a signing algorithm negotiated but no SIGNING_ON: not signed, and encryption OFF', () => {
    expect(sessionFromStatsharesText(shares('macos-statshares-smb311.txt'), 'SharedDir')).toEqual({
      protocol: 'smb',
      version: '3.1.1',
      signing: 'off',
      signingRequired: false,
      encryption: 'off',
      rsize: null,
      wsize: null,
      source: 'client',
    });
  });

  it('macOS 10.15 writes SMB_3.02 and prints no cipher line: encryption stays unknown', () => {
    expect(sessionFromStatsharesText(shares('macos-statshares-catalina.txt'), 'MyPassport')).toMatchObject({
      version: '3.0.2',
      signing: 'off',
      encryption: 'unknown',
    });
  });
});

describe('Windows Get-SmbConnection | Format-List *', () => {
  it('an encrypted SMB 3.1.1 connection counts as signed (encryption protects every message)', () => {
    const text = shares('windows-get-smbconnection-fl-azure.txt');
    const server = 'entraazfiles1.file.core.windows.net';
    expect(sessionFromSmbConnectionList(text, server, 'EntraAzFilesShare')).toMatchObject({
      version: '3.1.1',
      signing: 'on',
      signingRequired: null,
      encryption: 'on',
      source: 'client',
    });
    expect(sessionFromSmbConnectionList(text, server, 'other')).toBeNull();
  });
});

describe('the NAS: testparm -s and smb.conf', () => {
  it('the lab’s share that requires encryption, and its plain share (testparm prints smb encrypt as server smb encrypt)', () => {
    const config = parseSambaConfig(shares('samba-testparm-lab.txt'));
    expect(sessionFromSambaConfig(config, 'secure')).toEqual({
      protocol: 'smb',
      version: null,
      signing: 'on',
      signingRequired: false,
      encryption: 'on',
      rsize: null,
      wsize: null,
      source: 'nas',
      versionAtMost: '3.1.1',
      syncWrites: false,
    });
    expect(sessionFromSambaConfig(config, 'share')).toMatchObject({ signing: 'unknown', encryption: 'unknown' });
  });

  it('`server signing = mandatory` (testparm prints required) signs every share; min and max protocol bound the dialect', () => {
    const config = parseSambaConfig(shares('samba-testparm-lab-signing-required.txt'));
    expect(sessionFromSambaConfig(config, 'share')).toMatchObject({
      signing: 'on',
      signingRequired: true,
      version: null,
      versionAtMost: '3.1.1',
    });
    const single = parseSambaConfig('[global]\n\tserver min protocol = SMB2_10\n\tserver max protocol = SMB2\n');
    expect(sessionFromSambaConfig(single, 'any')).toMatchObject({ version: '2.1', versionAtMost: '2.1' });
  });

  it('Debian’s stock config sets nothing: Samba’s defaults, and [homes] for a user’s own share', () => {
    const config = parseSambaConfig(shares('samba-testparm-debian-default.txt'));
    expect(config.shares.has('homes')).toBe(true);
    expect(sessionFromSambaConfig(config, 'anna')).toMatchObject({
      signing: 'unknown',
      signingRequired: false,
      encryption: 'unknown',
      versionAtMost: '3.1.1',
    });
  });

  it('reads smb.conf as written (not through testparm): global or per-share encryption', () => {
    const global = parseSambaConfig(shares('linux-cifs-smb.conf-global-encryption.txt'));
    expect(sessionFromSambaConfig(global, 'files')).toMatchObject({
      encryption: 'on',
      signing: 'on',
      signingRequired: true,
      version: '3.1.1',
    });
    const perShare = parseSambaConfig(shares('linux-cifs-smb.conf-share-encryption.txt'));
    expect(perShare.global.get('serversmbencrypt')).toBeUndefined();
    expect(sessionFromSambaConfig(perShare, 'files')).toMatchObject({ encryption: 'on' });
    expect(parseSambaConfig('[global]\nsync always=yes\ninclude=/etc/samba/smb.share.conf\n')).toMatchObject({
      includes: ['/etc/samba/smb.share.conf'],
    });
  });
});

describe('the NAS: smbstatus', () => {
  it('reads both tables of a real Samba 4.17 smbstatus', () => {
    const status = parseSmbstatus(shares('samba-smbstatus-lab-smbnetfs.txt'));
    expect(status.sessions).toHaveLength(3);
    expect(status.sessions[0]).toEqual({
      pid: '13282',
      machine: '198.19.77.1',
      protocol: 'SMB3_11',
      encryption: 'partial(AES-128-GCM)',
      signing: 'partial(AES-128-GMAC)',
    });
    expect(status.shares.map((share) => [share.service, share.pid, share.encryption])).toEqual([
      ['IPC$', '13261', '-'],
      ['secure', '13282', 'AES-128-GCM'],
      ['share', '13278', '-'],
    ]);
  });

  it('smbnetfs on the lab shares: the plain share is neither signed nor encrypted, the other is both', () => {
    const text = shares('samba-smbstatus-lab-smbnetfs.txt');
    expect(sessionFromSmbstatus(text, 'share', '198.19.77.1')).toMatchObject({
      version: '3.1.1',
      signing: 'off',
      signingRequired: false,
      encryption: 'off',
      source: 'nas',
    });
    expect(sessionFromSmbstatus(text, 'secure', '198.19.77.1')).toMatchObject({ signing: 'on', encryption: 'on' });
    expect(sessionFromSmbstatus(text, 'share', '198.19.77.99')).toBeNull();
    // gvfs opened both shares again beside smbnetfs: two connections per share, each pair agreeing.
    const gvfs = shares('samba-smbstatus-lab-gvfs.txt');
    expect(parseSmbstatus(gvfs).shares.filter((row) => row.service === 'secure')).toHaveLength(2);
    expect(sessionFromSmbstatus(gvfs, 'secure', '198.19.77.1')).toMatchObject({ signing: 'on', encryption: 'on' });
    expect(sessionFromSmbstatus(gvfs, 'share', '198.19.77.1')).toMatchObject({ signing: 'off', encryption: 'off' });
  });

  it('with `server signing = mandatory` every session signs in full', () => {
    const text = shares('samba-smbstatus-lab-signing-required.txt');
    expect(sessionFromSmbstatus(text, 'secure')).toMatchObject({
      signing: 'on',
      signingRequired: true,
      encryption: 'on',
    });
    // Two clients on `share`, SMB 3.1.1 and 3.0.2: they agree on signing, not on the dialect.
    expect(sessionFromSmbstatus(text, 'share')).toMatchObject({ version: null, signing: 'on', signingRequired: true });
  });

  it('clients that chose their own terms: SMB 2.1, signing demanded, encryption demanded', () => {
    const text = shares('samba-smbstatus-lab-clients.txt');
    const status = parseSmbstatus(text);
    expect(status.sessions.map((session) => smbDialect(session.protocol))).toContain('2.1');
    // The share's row cannot tell a client's own encryption from Samba's; the session's partial mark stays unknown.
    const encryptedByClient = status.sessions.find((session) => session.pid === '13473');
    expect(encryptedByClient).toMatchObject({ encryption: 'partial(AES-128-GCM)', signing: 'AES-128-GMAC' });
    expect(sessionFromSmbstatus(text, 'share')).toMatchObject({ encryption: 'unknown', version: null });
  });

  it('a Samba 4.15 capture from a user (Ubuntu): SMB 3.1.1, signed only partly, so not signed', () => {
    const status = parseSmbstatus(shares('samba-smbstatus-ubuntu-4.15.txt'));
    expect(status.sessions).toEqual([
      {
        pid: '102616',
        machine: '192.168.11.3',
        protocol: 'SMB3_11',
        encryption: '-',
        signing: 'partial(AES-128-CMAC)',
      },
    ]);
    // That capture had no share table: no row names a share, so no session is claimed for one.
    expect(sessionFromSmbstatus(shares('samba-smbstatus-ubuntu-4.15.txt'), 'movies')).toBeNull();
  });
});
