import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  parseLinuxMounts,
  parseSambaConfig,
  parseSmbConnections,
  sessionFromSambaConfig,
  shareBelowFuseMount,
  parseLinuxMountPoints,
  shareSession,
  smbdConfigFile,
  type MountedShare,
  type RunCommand,
} from '../../electron/engine/copy';

/**
 * shareSession asks this computer, then the NAS, then the mount options, through the command
 * runners it is given. Here those runners answer with recorded outputs (tests/fixtures/shares and
 * mounts, README.md there): what is asked, in which order, and what the answers add up to.
 */

const shares = (name: string) => readFileSync(path.join(__dirname, '../fixtures/shares', name), 'utf8');
const mounts = (name: string) => readFileSync(path.join(__dirname, '../fixtures/mounts', name), 'utf8');

/** A machine whose commands answer from recordings; anything not recorded fails as a missing program does. */
function machine(answers: Record<string, string>, asked: string[]): RunCommand {
  return (command, args) => {
    const line = [command, ...args].join(' ');
    asked.push(line);
    const stdout = answers[line];
    return Promise.resolve(
      stdout === undefined
        ? { code: 127, stdout: '', stderr: `${command}: not found` }
        : { code: 0, stdout, stderr: '' },
    );
  };
}

/** Everything shareSession may run: each only reads. */
const readOnly = [
  /^cat \/proc\/mounts$/,
  /^cat \/proc\/fs\/cifs\/DebugData$/,
  /^cat \/(etc|usr)\/\S*smb\S*\.conf$/,
  /^smbstatus( -s \S+)?$/,
  /^pidof smbd$/,
  /^cat \/proc\/\d+\/cmdline$/,
  /^ps -ww -o args= -p \d+$/,
  /^testparm -s( \S+)?$/,
  /^\/usr\/bin\/smbutil statshares -m .+$/,
  /^powershell\.exe -NoProfile -NonInteractive -Command Get-SmbConnection \| Format-List \*$/,
];
const onlyReads = (asked: readonly string[]) => asked.every((line) => readOnly.some((pattern) => pattern.test(line)));

describe('shareSession on Linux', () => {
  const labMounts = mounts('linux-smbnetfs-lab.txt');
  const smbnetfs = parseLinuxMountPoints(labMounts).find((mount) => mount.fsType === 'fuse.smbnetfs');
  const shareOf = (folder: string): MountedShare => {
    const share = smbnetfs && shareBelowFuseMount(smbnetfs, folder);
    if (!share) throw new Error(`no share at ${folder}`);
    return share;
  };
  const lab = '/tmp/nbx-smb/smb.conf';
  const nasAnswers = {
    [`smbstatus -s ${lab}`]: shares('samba-smbstatus-lab-smbnetfs.txt'),
    [`testparm -s ${lab}`]: shares('samba-testparm-lab.txt'),
  };

  it('an smbnetfs share: the client cannot tell, the NAS’s smbstatus and config can', async () => {
    const asked: string[] = [];
    const session = await shareSession(shareOf('/tmp/nbx-smb/mnt/198.19.77.2/secure/run'), {
      platform: 'linux',
      runLocal: machine({ 'cat /proc/mounts': labMounts }, asked),
      runOnNas: machine(nasAnswers, asked),
      clientAddress: '198.19.77.1',
      nasSambaConfig: lab,
    });
    // The config alone knows no dialect; smbstatus's live session adds the one negotiated.
    const configured = sessionFromSambaConfig(parseSambaConfig(shares('samba-testparm-lab.txt')), 'secure');
    expect(configured.version).toBeNull();
    expect(session).toEqual({ ...configured, version: '3.1.1' });
    expect(session).toMatchObject({ signing: 'on', encryption: 'on', source: 'nas' });
    expect(asked).toEqual(['cat /proc/mounts', `testparm -s ${lab}`, `smbstatus -s ${lab}`]);
  });

  it('without a NAS login nothing can tell an smbnetfs share’s terms', async () => {
    const asked: string[] = [];
    const runLocal = machine({ 'cat /proc/mounts': labMounts }, asked);
    const share = shareOf('/tmp/nbx-smb/mnt/198.19.77.2/share');
    await expect(shareSession(share, { platform: 'linux', runLocal })).resolves.toBeNull();
  });

  it('a NAS login that may not run smbstatus or testparm: the Samba config file at a vendor’s path', async () => {
    const asked: string[] = [];
    // As on a QNAP: nothing at Debian's path, the config at /etc/config/smb.conf.
    const runOnNas = machine(
      { 'cat /etc/config/smb.conf': shares('linux-cifs-smb.conf-global-encryption.txt') },
      asked,
    );
    const share: MountedShare = { ...shareOf('/tmp/nbx-smb/mnt/198.19.77.2/share'), share: 'files' };
    const runLocal = machine({ 'cat /proc/mounts': labMounts }, asked);
    const session = await shareSession(share, { platform: 'linux', runLocal, runOnNas });
    expect(session).toMatchObject({
      version: '3.1.1',
      signing: 'on',
      signingRequired: true,
      encryption: 'on',
      source: 'nas',
    });
    expect(asked).toEqual([
      'cat /proc/mounts',
      'pidof smbd',
      'testparm -s',
      'cat /etc/samba/smb.conf',
      'cat /etc/config/smb.conf',
      'smbstatus',
    ]);
    expect(onlyReads(asked)).toBe(true);
  });

  it('no config given: the running smbd’s own (`smbd -s FILE`), the one on the share’s port among several instances', async () => {
    // The lab NAS's processes as recorded: three Sambas (main on 445, signed on 4455, lowpower), each `-D -s FILE`.
    const processes = JSON.parse(shares('samba-smbd-processes-lab.json')) as {
      pidof: string;
      cmdlines: Record<string, string>;
    };
    const main = '/run/nasbench-lab/smb/main/smb.conf';
    const signed = '/run/nasbench-lab/smb/signed/smb.conf';
    const answers = {
      'pidof smbd': processes.pidof,
      ...Object.fromEntries(
        Object.entries(processes.cmdlines).map(([pid, line]) => [`cat /proc/${pid}/cmdline`, line]),
      ),
      [`testparm -s ${main}`]: shares('samba-testparm-lab.txt'),
      [`testparm -s ${signed}`]: shares('samba-testparm-lab-signed-4455.txt'),
      [`smbstatus -s ${main}`]: shares('samba-smbstatus-lab-smbnetfs.txt'),
      // What /etc/samba/smb.conf says on such a NAS is Debian's stock file: never the one serving the share.
      'testparm -s': shares('samba-testparm-debian-default.txt'),
    };
    const secure = shareOf('/tmp/nbx-smb/mnt/198.19.77.2/secure/run');
    const onMain: string[] = [];
    const session = await shareSession(secure, {
      platform: 'linux',
      runLocal: machine({ 'cat /proc/mounts': labMounts }, onMain),
      runOnNas: machine(answers, onMain),
      clientAddress: '198.19.77.1',
    });
    // `smb encrypt = required` on [secure] alone is named for that share, as on the lab's running Samba.
    expect(session).toMatchObject({ encryption: 'on', signing: 'on', version: '3.1.1', source: 'nas' });
    expect(onMain).toContain(`smbstatus -s ${main}`);
    expect(onMain).not.toContain('smbstatus');
    expect(onlyReads(onMain)).toBe(true);
    // The same share on the signing Samba's port: its config, which requires signing everywhere.
    const onSigned: string[] = [];
    const signedSession = await shareSession(
      { ...shareOf('/tmp/nbx-smb/mnt/198.19.77.2/share'), port: 4455 },
      {
        platform: 'linux',
        runLocal: machine({ 'cat /proc/mounts': labMounts }, onSigned),
        runOnNas: machine(answers, onSigned),
      },
    );
    expect(signedSession).toMatchObject({ signing: 'on', signingRequired: true, source: 'nas' });
    expect(onSigned).toContain(`smbstatus -s ${signed}`);
  });

  it('a cifs mount: DebugData first, the mount options add the transfer sizes', async () => {
    // The mountinfo line of that capture, in /proc/mounts' layout: device, mount point, type, its options.
    const options = shares('linux-cifs-mountinfo-2.23.txt').split('\n')[1] ?? '';
    const procMounts = `//vm1/cifs /mnt/vm1_smb cifs ${options} 0 0\n`;
    const [share] = parseLinuxMounts(procMounts);
    if (!share) throw new Error('the cifs line did not parse');
    const asked: string[] = [];
    const runLocal = machine(
      { 'cat /proc/mounts': procMounts, 'cat /proc/fs/cifs/DebugData': shares('linux-cifs-debugdata-2.23.txt') },
      asked,
    );
    expect(await shareSession(share, { platform: 'linux', runLocal })).toEqual({
      protocol: 'smb',
      version: '2.1',
      signing: 'unknown',
      signingRequired: false,
      encryption: 'unknown',
      rsize: 1048576,
      wsize: 1048576,
      source: 'client',
    });
    // DebugData unreadable and no NAS: the mount options are all there is.
    const bare = machine({ 'cat /proc/mounts': procMounts }, []);
    await expect(shareSession(share, { platform: 'linux', runLocal: bare })).resolves.toMatchObject({
      source: 'mount-options',
      version: '2.1',
    });
  });

  it('a cifs mount with `seal`: this computer’s own demand holds', async () => {
    const procMounts = mounts('linux-public-captures.txt');
    const [share] = parseLinuxMounts(procMounts);
    if (!share) throw new Error('the cifs line did not parse');
    const runLocal = machine({ 'cat /proc/mounts': procMounts }, []);
    await expect(shareSession(share, { platform: 'linux', runLocal })).resolves.toMatchObject({
      encryption: 'on',
      signing: 'on',
      rsize: 4194304,
    });
  });

  it('NFS and sshfs mounts: their options are their terms, and nothing else is asked', async () => {
    const asked: string[] = [];
    const procMounts = mounts('linux-public-captures.txt');
    const nfs = parseLinuxMounts(procMounts).find((share) => share.localPath === '/nfs');
    if (!nfs) throw new Error('no nfs line');
    const runLocal = machine({ 'cat /proc/mounts': procMounts }, asked);
    await expect(shareSession(nfs, { platform: 'linux', runLocal })).resolves.toMatchObject({
      protocol: 'nfs',
      version: '4.2',
      rsize: 1048576,
    });
    const [sshfs] = parseLinuxMounts(mounts('linux-sshfs-lab.txt'));
    if (!sshfs) throw new Error('no sshfs line');
    await expect(shareSession(sshfs, { platform: 'linux', runLocal })).resolves.toMatchObject({
      protocol: 'sshfs',
      encryption: 'on',
    });
    expect(asked).toEqual(['cat /proc/mounts', 'cat /proc/mounts']);
  });
});

describe('shareSession on macOS and Windows', () => {
  it('macOS: smbutil statshares for the mount point', async () => {
    const asked: string[] = [];
    const share: MountedShare = {
      localPath: '/Volumes/SharedDir',
      server: '20.50.1.20',
      share: 'SharedDir',
      fsType: 'smbfs',
      protocol: 'smb',
    };
    const runLocal = machine(
      { '/usr/bin/smbutil statshares -m /Volumes/SharedDir': shares('macos-statshares-smb311.txt') },
      asked,
    );
    await expect(shareSession(share, { platform: 'darwin', runLocal })).resolves.toMatchObject({
      version: '3.1.1',
      signing: 'off',
      encryption: 'off',
      source: 'client',
    });
    expect(asked).toEqual(['/usr/bin/smbutil statshares -m /Volumes/SharedDir']);
  });

  it('Windows: Get-SmbConnection for the mapped drive’s server and share', async () => {
    const asked: string[] = [];
    const [share] = parseSmbConnections(shares('windows-get-smbconnection-fl-azure.txt'));
    if (!share) throw new Error('no connection');
    const command = 'powershell.exe -NoProfile -NonInteractive -Command Get-SmbConnection | Format-List *';
    const runLocal = machine({ [command]: shares('windows-get-smbconnection-fl-azure.txt') }, asked);
    await expect(shareSession({ ...share, localPath: 'Z:' }, { platform: 'win32', runLocal })).resolves.toMatchObject({
      version: '3.1.1',
      encryption: 'on',
      signing: 'on',
    });
    expect(onlyReads(asked)).toBe(true);
  });

  it('a macOS NFS mount or a WebDAV folder: nothing tells their terms', async () => {
    const runLocal = machine({}, []);
    const nfs: MountedShare = { localPath: '/Volumes/a', server: 'nas', share: '/a', fsType: 'nfs', protocol: 'nfs' };
    await expect(shareSession(nfs, { platform: 'darwin', runLocal })).resolves.toBeNull();
    await expect(shareSession({ ...nfs, protocol: 'webdav' }, { platform: 'darwin', runLocal })).resolves.toBeNull();
  });
});

describe('smbdConfigFile', () => {
  it('reads the config file of an smbd command line in each way Samba takes it, NULs or blanks between', () => {
    expect(smbdConfigFile('smbd\0-D\0-s\0/run/nasbench-lab/smb/main/smb.conf\0')).toBe(
      '/run/nasbench-lab/smb/main/smb.conf',
    );
    expect(smbdConfigFile('/usr/local/sbin/smbd --daemon --configfile=/usr/local/etc/smb4.conf')).toBe(
      '/usr/local/etc/smb4.conf',
    );
    expect(smbdConfigFile('smbd --foreground --configfile /etc/smb4.conf')).toBe('/etc/smb4.conf');
    expect(smbdConfigFile('smbd -s/etc/samba/alt.conf')).toBe('/etc/samba/alt.conf');
    expect(smbdConfigFile('/usr/sbin/smbd --foreground --no-process-group')).toBeNull();
  });
});
