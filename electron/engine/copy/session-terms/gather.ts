import path from 'node:path';
import { parseLinuxMountPoints, type MountedShare } from '../mount-table';
import { sessionFromSmbConnectionList, sessionFromStatsharesText } from './client-smb';
import { sessionFromCifsDebugData } from './linux-cifs';
import { sessionFromCifsOptions, sessionFromNfsOptions, sshfsSession } from './mount-options';
import {
  mergeSambaConfigs,
  parseSambaConfig,
  sessionFromSambaConfig,
  pidsOf,
  smbdConfigFile,
  smbPorts,
  type SambaConfig,
} from './samba-config';
import { sessionFromSmbstatus } from './smbstatus';
import { fillUnknowns, type ShareSession } from './terms';

/** Runs a program with arguments (never through a shell): on this computer, or on the NAS over the login. */
export type RunCommand = (
  command: string,
  args: string[],
) => Promise<{ code: number | null; stdout: string; stderr: string }>;

export interface SessionSources {
  platform: NodeJS.Platform;
  runLocal: RunCommand;
  /** The NAS login, when there is one: its smbstatus and Samba config tell what this computer cannot. */
  runOnNas?: RunCommand;
  /** This computer's address on the way to the NAS: picks its own rows out of smbstatus. */
  clientAddress?: string | null;
  /** The NAS's smb.conf when Samba runs with its own (`smbd -s FILE`); otherwise Samba's default and the vendors' paths. */
  nasSambaConfig?: string;
}

/**
 * Where NAS systems keep Samba's configuration, for when `testparm` is not on the login's PATH:
 * Debian, OpenMediaVault, Unraid, TerraMaster and Synology DSM use /etc/samba/smb.conf (DSM keeps
 * its shares in smb.share.conf, Unraid in smb-shares.conf, both included from it); older DSM
 * /usr/syno/etc/smb.conf; QNAP /etc/config/smb.conf; TrueNAS CORE /usr/local/etc/smb4.conf and
 * TrueNAS SCALE /etc/smb4.conf. (tests/fixtures/shares/README.md names the public sources.)
 */
export const sambaConfigPaths = [
  '/etc/samba/smb.conf',
  '/etc/config/smb.conf',
  '/usr/local/etc/smb4.conf',
  '/etc/smb4.conf',
  '/usr/syno/etc/smb.conf',
] as const;

/** Includes are followed this deep: Synology and Unraid include one level. */
const includeDepth = 3;

/** A command's output when it ran and said something; undefined when it is missing, refused or failed. */
async function outputOf(run: RunCommand | undefined, command: string, args: string[]): Promise<string | undefined> {
  if (!run) return undefined;
  const result = await run(command, args).catch(() => undefined);
  return result && result.code === 0 && result.stdout.trim() !== '' ? result.stdout : undefined;
}

/** smb.conf and the files it includes (absolute paths without Samba's %-macros), read as they are written. */
async function readSambaFiles(run: RunCommand, file: string, depth = 0): Promise<SambaConfig | undefined> {
  const text = await outputOf(run, 'cat', [file]);
  if (text === undefined) return undefined;
  const config = parseSambaConfig(text);
  const included: SambaConfig[] = [];
  for (const include of config.includes) {
    if (depth >= includeDepth || !path.posix.isAbsolute(include) || include.includes('%')) continue;
    const next = await readSambaFiles(run, include, depth + 1);
    if (next) included.push(next);
  }
  return mergeSambaConfigs([config, ...included]);
}

/** Samba's configuration as `testparm -s [FILE]` prints it, else the file itself (or the platforms' places) as written. */
async function readSambaConfig(run: RunCommand, file: string | undefined): Promise<SambaConfig | undefined> {
  // testparm -s prints the configuration Samba runs with, defaults resolved and includes followed.
  const tested = await outputOf(run, 'testparm', ['-s', ...(file ? [file] : [])]);
  if (tested !== undefined) return parseSambaConfig(tested);
  for (const path of file ? [file] : sambaConfigPaths) {
    const config = await readSambaFiles(run, path);
    if (config) return config;
  }
  return undefined;
}

/** At most this many smbd processes are asked for their command line: one master, its forks, another instance. */
const smbdProcessesAsked = 16;

/**
 * The config files the NAS's running smbd processes were started with (`smbd -s FILE`, as the lab's,
 * TrueNAS's and some vendors' are), from /proc/PID/cmdline, or `ps` where there is no /proc (FreeBSD);
 * `null` for one started without (Samba's built-in place). Empty when none is found.
 */
async function runningSmbdConfigs(run: RunCommand): Promise<(string | null)[]> {
  const pids = pidsOf((await outputOf(run, 'pidof', ['smbd'])) ?? '');
  const files = new Set<string | null>();
  for (const pid of pids.slice(0, smbdProcessesAsked)) {
    const line =
      (await outputOf(run, 'cat', [`/proc/${pid}/cmdline`])) ??
      (await outputOf(run, 'ps', ['-ww', '-o', 'args=', '-p', pid]));
    if (line !== undefined) files.add(smbdConfigFile(line));
  }
  return [...files];
}

/**
 * The configuration the Samba serving this share runs with: the one given, else the running smbd's
 * own (the one listening on the share's port when several instances run), else Samba's default place.
 */
async function servingConfig(run: RunCommand, share: MountedShare, given: string | undefined) {
  if (given !== undefined) return { file: given, config: await readSambaConfig(run, given) };
  const candidates = await runningSmbdConfigs(run);
  const port = share.port ?? 445;
  for (const candidate of candidates) {
    const file = candidate ?? undefined;
    const config = await readSambaConfig(run, file);
    if (config && (candidates.length === 1 || smbPorts(config).includes(port))) return { file, config };
  }
  return { file: undefined, config: await readSambaConfig(run, undefined) };
}

/** What the NAS says: smbstatus for the live session where the login may read it, its Samba config for the rest. */
async function nasSession(share: MountedShare, sources: SessionSources): Promise<ShareSession | null> {
  const run = sources.runOnNas;
  if (!run) return null;
  const { file, config } = await servingConfig(run, share, sources.nasSambaConfig);
  const status = await outputOf(run, 'smbstatus', file ? ['-s', file] : []);
  const live = status === undefined ? null : sessionFromSmbstatus(status, share.share, sources.clientAddress);
  const configured = config ? sessionFromSambaConfig(config, share.share) : null;
  return live ? fillUnknowns(live, configured) : configured;
}

/** The options of the Linux mount at the share's folder, from /proc/mounts. */
async function linuxMountOptions(share: MountedShare, sources: SessionSources): Promise<string | undefined> {
  const table = await outputOf(sources.runLocal, 'cat', ['/proc/mounts']);
  if (table === undefined) return undefined;
  return parseLinuxMountPoints(table).find((mount) => mount.mountPoint === share.localPath)?.options;
}

/** What this computer's OS says of its own SMB session, where it says anything. */
async function clientSmbSession(share: MountedShare, sources: SessionSources, options: string | undefined) {
  if (sources.platform === 'linux' && ['cifs', 'smb3'].includes(share.fsType)) {
    const debugData = await outputOf(sources.runLocal, 'cat', ['/proc/fs/cifs/DebugData']);
    const mountVersion = options === undefined ? null : sessionFromCifsOptions(options).version;
    return debugData === undefined
      ? null
      : sessionFromCifsDebugData(debugData, share.server, share.share, mountVersion);
  }
  if (sources.platform === 'darwin' && share.fsType === 'smbfs') {
    const text = await outputOf(sources.runLocal, '/usr/bin/smbutil', ['statshares', '-m', share.localPath]);
    return text === undefined ? null : sessionFromStatsharesText(text, share.share);
  }
  if (sources.platform === 'win32' && share.protocol === 'smb') {
    const command = 'Get-SmbConnection | Format-List *';
    const text = await outputOf(sources.runLocal, 'powershell.exe', [
      '-NoProfile',
      '-NonInteractive',
      '-Command',
      command,
    ]);
    return text === undefined
      ? null
      : sessionFromSmbConnectionList(text, share.server, share.share.split('/')[0] ?? '');
  }
  return null;
}

/**
 * The terms of the session a share's traffic uses: this computer's own account where its OS gives
 * one (Linux /proc/fs/cifs/DebugData, macOS `smbutil statshares`, Windows `Get-SmbConnection`),
 * else the NAS's (smbstatus, its Samba config), else the mount's options; what one source leaves
 * unknown the next fills in. Only reads: nothing here changes a setting on either machine. Null
 * when no source says anything (a macOS NFS mount, a WebDAV folder).
 */
export async function shareSession(share: MountedShare, sources: SessionSources): Promise<ShareSession | null> {
  const options = sources.platform === 'linux' ? await linuxMountOptions(share, sources) : undefined;
  if (share.protocol === 'sshfs') return sshfsSession(options);
  if (share.protocol === 'nfs') return options === undefined ? null : sessionFromNfsOptions(options);
  if (share.protocol !== 'smb') return null;
  const fromOptions = options === undefined ? null : sessionFromCifsOptions(options);
  const client = await clientSmbSession(share, sources, options);
  // Asked even when the client told everything: the NAS still knows what it requires and how it writes.
  const nas = await nasSession(share, sources);
  const [first, ...rest] = [client, nas, fromOptions].filter((session): session is ShareSession => session !== null);
  if (!first) return null;
  const session = rest.reduce(fillUnknowns, first);
  // A `seal` or `sign` the mount demanded holds whatever a source said: it is this computer's own demand.
  if (fromOptions?.encryption === 'on') return { ...session, encryption: 'on', signing: 'on' };
  if (fromOptions?.signingRequired) return { ...session, signing: 'on', signingRequired: true };
  return session;
}
