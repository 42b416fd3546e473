/** One line of BSD's or macOS's `mount`, taken apart: `SOURCE on /MOUNT/POINT (OPTIONS)`. */
export interface MountLine {
  source: string;
  mountPoint: string;
  /** What the line's last parentheses hold: `zfs, local, nfsv4acls`. */
  options: string;
}

const lineBreak = /[\n\r\u2028\u2029]/;

/**
 * `SOURCE on /MOUNT/POINT (OPTIONS)`: the options are in the parentheses that end the line, the
 * source ends at the first ` on /`; both names may hold spaces. Found by index, not by one
 * regular expression with a lazy source, which tries the rest of the line again at each ` on /`
 * (quadratic on a crafted share name). Null for any other shape, and where the names hold a line
 * break (\r, U+2028), as `.` in those expressions never matched one.
 */
export function splitMountLine(line: string): MountLine | null {
  if (!line.endsWith(')')) return null;
  const open = line.lastIndexOf('(');
  if (open < 1 || line[open - 1] !== ' ') return null;
  const names = line.slice(0, open - 1);
  const on = names.indexOf(' on /', 1);
  if (on < 0 || lineBreak.test(names)) return null;
  return { source: names.slice(0, on), mountPoint: names.slice(on + 4), options: line.slice(open + 1, -1) };
}
