import type { MountedShare } from './mount-table';

/** `\\server\share\folder` → server and share; undefined for anything else. */
export function parseUncPath(path: string): { server: string; share: string } | undefined {
  const match = /^\\\\([^\\/?]+)\\([^\\/]+)(?:\\.*)?$/.exec(path.trim());
  if (!match?.[1] || !match[2]) return undefined;
  return { server: match[1], share: match[2] };
}

/** A share Windows reaches by its UNC path alone: no drive letter, the path is where it is. */
export function uncShare(server: string, share: string): MountedShare {
  return { localPath: `\\\\${server}\\${share}`, server, share, fsType: 'smb', protocol: 'smb' };
}

/**
 * Mapped drives and UNC connections in Windows' `net use` output, and in PowerShell's
 * `Get-SmbMapping` table (Status, Local Path, Remote Path: the same shape without the provider
 * column). The column titles and status words are translated on non-English Windows, so lines
 * are read by their shape: an optional status, an optional drive letter, the UNC path, then two
 * or more spaces.
 */
export function parseWindowsNetUse(text: string): MountedShare[] {
  const shares: MountedShare[] = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((line, index) => {
    const start = line.indexOf('\\\\');
    if (start < 0) return;
    const drive = /(?:^|\s)([A-Za-z]:)\s*$/.exec(line.slice(0, start))?.[1];
    // A long remote name pushes the provider column onto the next line.
    const nextLine = lines[index + 1] ?? '';
    const wrapped = nextLine.includes('\\\\') ? '' : nextLine.trim();
    // A remote name that fills its column is followed by one space only: take known providers off first.
    const rest = line.slice(start).replace(/\s(Microsoft Windows Network|Web Client Network|NFS Network)\s*$/i, '  $1');
    const [remote = '', network = wrapped] = rest.split(/\s{2,}/);
    // Format-Table cuts a value too long for its column and ends it with an ellipsis: that name is not the share's.
    if (/(\.\.\.|…)$/.test(remote.trim())) return;
    // WebDAV connections look like \\nas@SSL@5006\DavWWWRoot.
    const unc = parseUncPath(remote.trim());
    if (!unc || unc.share.toUpperCase() === 'IPC$') return;
    const webdav = /web\s*client/i.test(network) || unc.server.includes('@');
    // WebDAV names carry @SSL@port after the host; a name that is nothing but that names no server.
    const at = unc.server.indexOf('@');
    const server = at < 0 ? unc.server : unc.server.slice(0, at);
    if (server === '') return;
    shares.push({
      localPath: drive ? drive.toUpperCase() : remote.trim(),
      server,
      share: unc.share,
      fsType: webdav ? 'webdav' : 'smb',
      protocol: webdav ? 'webdav' : 'smb',
    });
  });
  return shares;
}

/**
 * A PowerShell table (`Get-SmbConnection`'s default view) as rows of its columns. The dashes under
 * the titles mark where each column starts; property names are never translated, so titles can be
 * looked up by name.
 */
export function parsePowerShellTable(text: string): Record<string, string>[] {
  const lines = text.split(/\r?\n/);
  const dashAt = lines.findIndex((line) => /^-+(\s+-+)*\s*$/.test(line) && line.trim() !== '');
  const titles = lines[dashAt - 1];
  if (dashAt < 1 || titles === undefined) return [];
  const starts = [...(lines[dashAt] ?? '').matchAll(/-+/g)].map((match) => match.index);
  const cell = (line: string, column: number) => line.slice(starts[column], starts[column + 1]).trim();
  const names = starts.map((_start, column) => cell(titles, column));
  return lines
    .slice(dashAt + 1)
    .filter((line) => line.trim() !== '')
    .map((line) => Object.fromEntries(names.map((name, column) => [name, cell(line, column)])));
}

/**
 * PowerShell's `Format-List` output (`Get-SmbConnection | Format-List *`): one record per block
 * of `Name : value` lines; a value too long for the console continues on indented lines.
 */
export function parsePowerShellList(text: string): Record<string, string>[] {
  const records: Record<string, string>[] = [];
  let record: Record<string, string> | undefined;
  let last: string | undefined;
  for (const line of text.split(/\r?\n/)) {
    const field = /^(\w+)\s*:\s?(.*)$/.exec(line);
    if (field?.[1] !== undefined) {
      if (!record) {
        record = {};
        records.push(record);
      }
      last = field[1];
      record[last] = (field[2] ?? '').trim();
    } else if (line.trim() === '') {
      record = undefined;
      last = undefined;
    } else if (record && last !== undefined && /^\s/.test(line)) {
      record[last] = `${record[last] ?? ''}${line.trim()}`;
    }
  }
  return records;
}

/** The SMB connections `Get-SmbConnection` lists (its table or `Format-List *`), as shares reached by UNC path. */
export function parseSmbConnections(text: string): MountedShare[] {
  // Blanks that stay on the line: `^\s*` under /m runs over every blank line below each line start.
  const table = /^[^\S\n\r\u2028\u2029]*-{4,}/m.test(text);
  const rows = table ? parsePowerShellTable(text) : parsePowerShellList(text);
  return rows.flatMap((row) => {
    const server = row.ServerName;
    const share = row.ShareName;
    if (!server || !share || share.toUpperCase() === 'IPC$') return [];
    const user = row.UserName;
    return [{ ...uncShare(server, share), ...(user ? { user } : {}) }];
  });
}
