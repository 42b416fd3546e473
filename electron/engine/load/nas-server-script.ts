import { shellQuote, underWatchdog } from '../ssh';

/** What the script prints on stdout: the private folder it made, then that fio's socket is there. */
export const folderLine = 'nasbench-fio-folder ';
export const listeningLine = 'nasbench-fio-listening';

/** Exit codes the script ends with before fio starts, each a reason the NAS cannot take part. */
export const scriptRefusals = { noPrivatePlace: 96, noMktemp: 97 } as const;

/**
 * The longest folder the socket's folder is made in: `<it>/nasbench-fio.XXXXXX/fio.sock` must fit in
 * `sun_path` (108 bytes on Linux, 104 on the BSDs), with room to spare.
 */
export const longestPlaceLength = 60;

/**
 * The sh script that runs fio's server on the NAS for one load run, listening only on a unix socket
 * in a folder of its own: made by `mktemp -d` (mode 700, the login's alone), in /tmp or else the
 * login's TMPDIR, whichever is short enough for a socket's path and is a place where no other account
 * can rename that folder and put one of its own in its stead (sticky, as /tmp is, or writable by its
 * owner only; owned by root or the login). fio's server makes its socket open to everyone (it sets
 * umask 0 to bind), so the folder's mode is the only lock: no other account and no container on the
 * NAS can reach it, and it listens on no address at all, loopback included.
 *
 * fio works in the run's scratch folder. The socket's folder goes when the script ends — fio stopped,
 * the run cancelled (the group's TERM), or the watchdog ending fio after `seconds` when the link or
 * this app is gone.
 */
export function nasFioServerScript(fio: string, scratchPath: string, seconds: number): string {
  const server = `${shellQuote(fio)} --server=sock:"$nb_dir/fio.sock"`;
  const ready = [
    'nb_wait=0',
    // fio binds in milliseconds; `sleep 0.1` is not POSIX (a sleep without fractions takes a whole second).
    'while [ ! -S "$nb_dir/fio.sock" ] && [ "$nb_wait" -lt 100 ] && kill -0 $server 2>/dev/null; do ' +
      'sleep 0.1 2>/dev/null || sleep 1; nb_wait=$((nb_wait + 1)); done',
    `[ -S "$nb_dir/fio.sock" ] && echo ${listeningLine}`,
  ];
  return [
    `cd ${shellQuote(scratchPath)} || exit 1`,
    'nb_private_place() {',
    '  case $1 in /*) ;; *) return 1 ;; esac',
    `  [ "\${#1}" -le ${longestPlaceLength} ] && [ -d "$1" ] && [ -w "$1" ] || return 1`,
    // Mode, links, owner's uid: `ls -ldnL` is POSIX; a trailing + or . (ACL, SELinux) is left over.
    '  set -- $(ls -ldnL "$1" 2>/dev/null)',
    '  [ "$3" = 0 ] || [ "$3" = "$(id -u)" ] || return 1',
    '  case $1 in d????????[tT]*) return 0 ;; d????w*|d???????w*) return 1 ;; d*) return 0 ;; esac',
    '  return 1',
    '}',
    'nb_place=',
    'for nb_try in /tmp "${TMPDIR:-}"; do',
    '  if nb_private_place "$nb_try"; then nb_place=$nb_try; break; fi',
    'done',
    `[ -n "$nb_place" ] || exit ${scriptRefusals.noPrivatePlace}`,
    `nb_dir=$(mktemp -d "$nb_place/nasbench-fio.XXXXXX" 2>/dev/null) && [ -d "$nb_dir" ] || exit ${scriptRefusals.noMktemp}`,
    // A signal ends the script through exit, so the EXIT trap removes the folder on every way out.
    `trap 'rm -rf "$nb_dir"' EXIT`,
    "trap 'exit 129' HUP",
    "trap 'exit 130' INT",
    "trap 'exit 143' TERM",
    'chmod 700 "$nb_dir" || exit 1',
    `echo "${folderLine}$nb_dir"`,
    ...underWatchdog(server, seconds, ready),
  ].join('\n');
}

/**
 * The socket's folder as the script printed it, or null when the line is not one: a folder the
 * script made (`…/nasbench-fio.XXXXXX`) whose socket's path fits in `sun_path`.
 */
export function socketFolderOf(line: string): string | null {
  if (!line.startsWith(folderLine)) return null;
  const folder = line.slice(folderLine.length);
  if (!/^\/[^\n\0]*\/nasbench-fio\.[A-Za-z0-9]{6}$/.test(folder)) return null;
  return folder.length <= longestPlaceLength + '/nasbench-fio.XXXXXX'.length ? folder : null;
}
