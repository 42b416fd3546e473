import { NasbenchError } from '../../../shared/contract/errors';

/**
 * sshd runs every command through the user's login shell (`$SHELL -c "<command>"`), and NAS users
 * have all kinds: bash, BusyBox ash, zsh, csh/tcsh, fish. Their quoting rules differ (fish reads
 * `\\` and `\'` inside single quotes, csh cannot hold a line break or `!` safely, old csh strips
 * the eighth bit), so a sh command line sent as it is works on some and breaks on others.
 *
 * What we send is the one line every one of those shells reads the same way:
 *
 *     exec /bin/sh -c '<boot>' nasbench '<script, encoded>' \\
 *
 * Both quoted parts contain only printable ASCII other than `'`, `\`, `!` and `@`, which every
 * shell above keeps literal inside single quotes; an unquoted `\\` is one backslash in all of
 * them. `<boot>` (plain sh) turns each `@` of the encoded script into that backslash and lets
 * `printf %b` restore the octal escapes `\0NNN`, then runs the script under `/bin/sh`. So the
 * script always runs under /bin/sh, whatever the login shell is.
 *
 * rc files (`~/.bashrc`, which Debian's bash reads even for `ssh host cmd`, `config.fish`,
 * `.cshrc`) may print before our command starts. `<boot>` prints a marker line on stdout and the
 * process group id on stderr before anything of ours runs; everything before those markers is
 * the rc files' and never reaches a parser.
 */

/** Printed on stdout before the script starts: what came before it was printed by rc files. */
export const STDOUT_START = '@@nasbench-start';
/** Printed on stderr with the command's process group id, before the script starts. */
export const PGID_MARKER = '@@nasbench-pgid:';
/** Printed instead when the command leads no process group and cannot be made to: its process id. */
export const PID_MARKER = '@@nasbench-pid:';

/** Characters every login shell keeps literal between single quotes; all else is written as `@0NNN`. */
const literal = /^[A-Za-z0-9 _./,:=+%^&*()[\]{}<>|;"#~$?`-]$/;

/** The script as bytes, with every byte outside {@link literal} written as `@` and four octal digits. */
export function encodeForLoginShell(script: string): string {
  if (script.includes('\0')) throw new Error('A NUL byte cannot be passed to a remote command.');
  let encoded = '';
  for (const byte of Buffer.from(script, 'utf8')) {
    const char = String.fromCharCode(byte);
    encoded += byte < 0x80 && literal.test(char) ? char : `@0${byte.toString(8).padStart(3, '0')}`;
  }
  return encoded;
}

/**
 * The sh that decodes and runs the script. `$$` is this sh, which replaced the login shell; killing
 * `-$$` ends everything the script starts when `$$` leads a process group. OpenSSH starts each
 * command as one; Dropbear (embedded NAS firmwares) runs it in its own connection's group, so the
 * kill found no group and a cancelled command ran on. There `setsid`, which keeps the PID when it
 * is not a group leader (util-linux and BusyBox alike), makes it one before the script starts.
 * Where there is no setsid either, the marker says so ({@link PID_MARKER}): the command and its
 * children are then ended by their process ids ({@link endCommandScript}).
 */
const boot = [
  'g=',
  `m=${PGID_MARKER}`,
  `kill -0 -$$ 2>/dev/null || { command -v setsid >/dev/null 2>&1 && g=setsid || m=${PID_MARKER}; }`,
  'echo $m$$ >&2',
  `echo ${STDOUT_START}`,
  's=$(printf %s "$1" | sed "s/@/$2$2/g")',
  'exec $g /bin/sh -c "$(printf %b "$s")"',
].join('; ');

/** How a running command can be ended: its process group, or only its process and what it started. */
export type CommandLeader = { group: number } | { pid: number };

/** The leader a stderr line announces, if it is the boot's marker. */
export function leaderOf(line: string): CommandLeader | undefined {
  const id = (marker: string) => (line.startsWith(marker) ? Number(line.slice(marker.length)) : Number.NaN);
  const group = id(PGID_MARKER);
  if (Number.isInteger(group)) return { group };
  const pid = id(PID_MARKER);
  return Number.isInteger(pid) ? { pid } : undefined;
}

/**
 * The sh that ends a command: its process group's members (or, without a group, its process) and
 * every process below them, found from /proc (or `ps` elsewhere). All are stopped first, so that none
 * can start another or lose its parent while they are gathered, then sent TERM and CONT (so they can
 * close their files); a second later whatever is left of them and below them is stopped and killed.
 * Found again then, not only the first list: fio, told to stop while it lays out its file, still
 * starts its job, which leaves fio's group (its own setsid) and ran on, orphaned, for the rest of the
 * test once fio itself was killed (traced in the lab, ps every 0.1 s around a Ctrl+C, on the Dropbear
 * without setsid).
 */
export function endCommandScript(leader: CommandLeader): string {
  const processes =
    'if [ -r /proc/self/stat ]; then cat /proc/[0-9]*/stat 2>/dev/null | awk \'{ pid = $1; sub(/.*\\) /, ""); print pid, $2, $3 }\'; ' +
    'else ps -ax -o pid= -o ppid= -o pgid=; fi';
  // Each line "pid ppid pgid"; prints the live processes of the group, the root and the known, and all below them.
  const below =
    'awk -v group="$g" -v root="$r" -v known="$1" -v self=$$ \'' +
    '{ alive[$1] = 1; kids[$2] = kids[$2] " " $1; if (group != "" && $3 == group) queue = queue " " $1 } ' +
    'END { queue = queue " " root " " known; while (queue != "") { n = split(queue, ids, " "); queue = ""; ' +
    'for (i = 1; i <= n; i++) { id = ids[i]; if (id in seen || id == self || id <= 1) continue; seen[id] = 1; ' +
    "if (id in alive) print id; if (id in kids) queue = queue kids[id] } } }'";
  const group = 'group' in leader ? `-${leader.group}` : '';
  return [
    'group' in leader ? `g=${leader.group}; r=` : `g=; r=${leader.pid}`,
    `tree() { { ${processes}; } | ${below}; }`,
    'all=$(tree "")',
    '[ -n "$all" ] || exit 0',
    'kill -STOP $all 2>/dev/null',
    'all=$(tree "$all")',
    'kill -STOP $all 2>/dev/null',
    `kill -TERM $all ${group} 2>/dev/null`,
    'kill -CONT $all 2>/dev/null',
    'sleep 1',
    'all=$(tree "$all")',
    '[ -n "$all" ] || exit 0',
    'kill -STOP $all 2>/dev/null',
    `kill -KILL $all $(tree "$all") ${group} 2>/dev/null`,
    'true',
  ].join('\n');
}

/** The command line to send over SSH for a POSIX sh script, whatever the user's login shell is. */
export function commandForAnyLoginShell(script: string, shell = '/bin/sh'): string {
  const bootFor = shell === '/bin/sh' ? boot : boot.replace('exec $g /bin/sh -c', `exec $g ${shell} -c`);
  return `exec ${shell} -c '${bootFor}' nasbench '${encodeForLoginShell(script)}' \\\\`;
}

const markerLine = Buffer.from(STDOUT_START);

/**
 * Drops what came before the {@link STDOUT_START} line in a byte stream (rc-file chatter), then
 * passes every later byte through as it arrives. Binary-safe: lines are found in bytes, and only
 * a line that is exactly the marker counts.
 */
export class StdoutFrame {
  /** The current line so far, kept only while it could still become the marker; null once started. */
  private partial: Buffer | null = Buffer.alloc(0);
  /** False while inside a line that can no longer be the marker (until its line break). */
  private atLineStart = true;
  private dropped = 0;

  /** The part of `chunk` that belongs to the command (empty until the marker has passed). */
  push(chunk: Buffer): Buffer {
    if (this.partial === null) return chunk;
    this.dropped += chunk.length;
    const seen = Buffer.concat([this.partial, chunk]);
    let from = 0;
    for (let end = seen.indexOf(0x0a, from); end !== -1; end = seen.indexOf(0x0a, from)) {
      if (this.atLineStart && seen.subarray(from, end).equals(markerLine)) {
        this.partial = null;
        const ours = seen.subarray(end + 1);
        this.dropped -= ours.length;
        return ours;
      }
      from = end + 1;
      this.atLineStart = true;
    }
    const rest = seen.subarray(from);
    if (this.atLineStart && markerLine.subarray(0, rest.length).equals(rest)) {
      this.partial = Buffer.from(rest);
    } else {
      this.partial = Buffer.alloc(0);
      this.atLineStart = false;
    }
    return Buffer.alloc(0);
  }

  /** Bytes that came before the command's own output: the rc files' and the marker line. */
  get droppedBytes(): number {
    return this.dropped;
  }

  /** True once the marker has arrived: the command itself ran. */
  get started(): boolean {
    return this.partial === null;
  }
}

/**
 * The most a login's start-up files may print before NASBench's marker (every command pays it
 * again). A welcome banner is a few hundred bytes; past this the login cannot be used, and saying
 * so at once beats reading on for minutes and holding it all in memory.
 */
export const maxLoginChatterBytes = 4 * 1024 * 1024;

/** The error for a login whose start-up files print more than {@link maxLoginChatterBytes} before each command. */
export function loginPrintsTooMuch(bytes: number): NasbenchError {
  return new NasbenchError(
    'LOGIN_PRINTS_TOO_MUCH',
    `Your login on the NAS prints more than ${Math.floor(bytes / 1e6)} MB before each command, before NASBench's own ` +
      'command can start: NASBench cannot use it, and stopped reading there.',
    "Something in this user's shell start-up files (~/.bashrc, ~/.profile, ~/.cshrc, ~/.config/fish/config.fish, or " +
      '/etc/bash.bashrc and /etc/profile for everyone) prints on every command, also on commands run over SSH without ' +
      'a terminal. Let it print only in interactive shells: in ~/.bashrc put it below the line ' +
      '`[[ $- == *i* ]] || return` (csh: inside `if ( $?prompt ) then … endif`; fish: inside ' +
      '`if status is-interactive … end`). Or log in as another user.',
    { details: { bytesRead: bytes } },
  );
}
