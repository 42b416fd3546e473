import { smbDialect, unknownSession, withEncryptionSigning, type ShareSession } from './terms';

/**
 * The NAS's Samba configuration, as `testparm -s` prints it or as smb.conf is written: sections in
 * brackets, `name = value` lines (`name=value` on Synology), `#` and `;` comments, a trailing
 * backslash continuing a line. Names are compared as Samba compares them: case, spaces and
 * underscores do not matter, and a few old names mean the same parameter.
 */
export interface SambaConfig {
  global: Map<string, string>;
  /** Share sections by lower-case name. */
  shares: Map<string, Map<string, string>>;
  /** `include = /path` lines, in order: Synology, Unraid and others keep the shares in included files. */
  includes: string[];
}

/** Old or short names of the parameters read here, as testparm would print them. */
const synonyms: Record<string, string> = {
  smbencrypt: 'serversmbencrypt',
  protocol: 'servermaxprotocol',
  maxprotocol: 'servermaxprotocol',
  minprotocol: 'serverminprotocol',
};

function parameterKey(name: string): string {
  const key = name.toLowerCase().replace(/[\s_]+/g, '');
  return synonyms[key] ?? key;
}

export function parseSambaConfig(text: string): SambaConfig {
  const config: SambaConfig = { global: new Map(), shares: new Map(), includes: [] };
  let section = config.global;
  const joined = text.replace(/\\\r?\n/g, ' ');
  for (const raw of joined.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const heading = /^\[(.+)\]$/.exec(line);
    if (heading?.[1] !== undefined) {
      const name = heading[1].trim().toLowerCase();
      section = name === 'global' ? config.global : (config.shares.get(name) ?? new Map<string, string>());
      if (name !== 'global') config.shares.set(name, section);
      continue;
    }
    const equals = line.indexOf('=');
    if (equals < 1) continue;
    const key = parameterKey(line.slice(0, equals));
    const value = line.slice(equals + 1).trim();
    if (key === 'include') config.includes.push(value);
    else section.set(key, value);
  }
  return config;
}

/** Several files read as one (smb.conf and the files it includes): later files add sections and settings. */
export function mergeSambaConfigs(configs: readonly SambaConfig[]): SambaConfig {
  const merged: SambaConfig = { global: new Map(), shares: new Map(), includes: [] };
  for (const config of configs) {
    for (const [key, value] of config.global) merged.global.set(key, value);
    for (const [name, share] of config.shares) {
      merged.shares.set(name, new Map([...(merged.shares.get(name) ?? []), ...share]));
    }
    merged.includes.push(...config.includes);
  }
  return merged;
}

const yes = (value: string | undefined) => ['yes', 'true', '1', 'on'].includes(value?.toLowerCase() ?? '');

/** `server signing`: mandatory/required signs everything; any other value leaves it to the client. */
function signingTerms(value: string | undefined): Pick<ShareSession, 'signing' | 'signingRequired'> {
  const setting = value?.toLowerCase();
  if (setting === 'mandatory' || setting === 'required') return { signing: 'on', signingRequired: true };
  return { signing: 'unknown', signingRequired: false };
}

/** `server smb encrypt` (or `smb encrypt`): required encrypts everything, off nothing, the rest is the client's choice. */
function encryptionTerm(value: string | undefined): ShareSession['encryption'] | undefined {
  const setting = value?.toLowerCase();
  if (setting === undefined) return undefined;
  if (['required', 'mandatory', 'force'].includes(setting)) return 'on';
  if (['off', 'disabled', 'no', 'false'].includes(setting)) return 'off';
  return 'unknown';
}

/** A share's section: by its name, else `[homes]` for a user's own folder (Samba serves it under the user's name). */
export function shareSection(config: SambaConfig, share: string): Map<string, string> | undefined {
  const name = share.split('/')[0]?.toLowerCase() ?? '';
  return config.shares.get(name) ?? config.shares.get('homes');
}

/**
 * The terms Samba's configuration sets for one share. The dialect is what client and server
 * negotiate, so only its ceiling (`server max protocol`, SMB 3.1.1 unless set) is known, unless
 * the NAS allows a single one. `smb encrypt = required` encrypts, and so signs, everything; signing
 * alone is global (`server signing`). `sync always = yes` makes every write wait for the disk.
 */
export function sessionFromSambaConfig(config: SambaConfig, share: string): ShareSession {
  const section = shareSection(config, share);
  const setting = (key: string) => section?.get(key) ?? config.global.get(key);
  const max = smbDialect(config.global.get('servermaxprotocol') ?? 'SMB3');
  const min = smbDialect(config.global.get('serverminprotocol'));
  // Encryption is set globally or per share; a share's own `required` wins over a global default.
  const shareEncryption = encryptionTerm(section?.get('serversmbencrypt'));
  const globalEncryption = encryptionTerm(config.global.get('serversmbencrypt'));
  const encryption =
    globalEncryption === 'on' || shareEncryption === 'on' ? 'on' : (shareEncryption ?? globalEncryption ?? 'unknown');
  return withEncryptionSigning({
    ...unknownSession('smb', 'nas'),
    ...signingTerms(config.global.get('serversigning')),
    version: min !== null && min === max ? max : null,
    encryption,
    versionAtMost: max,
    syncWrites: yes(setting('syncalways')),
  });
}

/**
 * The config file in an smbd command line — /proc/PID/cmdline (arguments split by NUL) or `ps`'s
 * args — as Samba reads its options: `-s FILE`, `-sFILE`, `--configfile=FILE`, `--configfile FILE`;
 * null when it names none.
 */
export function smbdConfigFile(commandLine: string): string | null {
  const args = commandLine.split(/[\0\s]+/).filter(Boolean);
  for (const [index, arg] of args.entries()) {
    if (arg === '-s' || arg === '--configfile') return args[index + 1] ?? null;
    if (arg.startsWith('--configfile=')) return arg.slice('--configfile='.length) || null;
    if (/^-s./.test(arg)) return arg.slice(2);
  }
  return null;
}

/** The process ids `pidof` printed, in its order. */
export function pidsOf(pidofOutput: string): string[] {
  return pidofOutput.split(/\s+/).filter((pid) => /^\d+$/.test(pid));
}

/** The ports a Samba configuration listens on (`smb ports`; Samba's default is 445 and 139). */
export function smbPorts(config: SambaConfig): number[] {
  return (config.global.get('smbports') ?? '445 139')
    .split(/[\s,]+/)
    .map(Number)
    .filter(Number.isInteger);
}
