import type { RefusedTool } from '../../../shared/contract/probe';
import { shellCommand } from './quote';

/**
 * NASBench logs in as the NAS's administrator (root on QNAP) and runs programs it finds there. A
 * program found is run only if its owner installed it: the file, each file a symlink leads to,
 * and every folder above each of them up to / are owned by root or by this login and writable by
 * no one else (no group or other write bit; a sticky folder such as /tmp is still writable by
 * all). Anyone who may write to a share could otherwise drop a `fio` where NASBench looks.
 *
 * The check is POSIX sh for BusyBox ash, dash, FreeBSD sh and macOS /bin/sh. Without `local`, its
 * names are global: a script that includes it keeps clear of nb_uid, nb_why, nb_a, nb_f, nb_i,
 * nb_d, nb_t, nb_name, nb_c, nb_run and nb_refused (and reads the last three). Owner and mode come from `ls -ldn`: its columns are the same everywhere,
 * where `stat` takes other flags on BusyBox/GNU and on BSD/macOS, and BusyBox's `find` may be
 * built without `-user`. Folders are walked as the kernel resolves them (`cd -P`, `pwd -P`), and
 * the program is then run from that resolved folder (`nb_run`), so a symlinked folder on the way
 * cannot be pointed elsewhere after the check. Kept short: the probe carries it inside csh's
 * 8 KiB command line.
 *
 * `nb_use NAME CANDIDATE…` sets `nb_run` to the first candidate that is an executable file and
 * passes; each refused one adds two lines to `nb_refused`: `NAME=CANDIDATE`, then `w PATH`
 * (others can write PATH) or `o PATH` (PATH belongs to another user).
 */
export const foundProgramCheckSh = `nb_uid=$(id -u)
nb_ok() { set -- "$1" $(ls -ldn "$1" 2>/dev/null); case $2 in ?????w* | ????????w*) nb_why="w $1"; return 1 ;; '') return 1 ;; esac; [ "$4" = 0 ] || [ "$4" = "$nb_uid" ] || { nb_why="o $1"; return 1; }; }
nb_up() { nb_a=$1; while nb_ok "\${nb_a:-/}"; do [ -z "$nb_a" ] && return; nb_a=\${nb_a%/*}; done; return 1; }
nb_trust() { nb_why= nb_f=$1 nb_i=0; while [ $nb_i -lt 9 ]; do nb_d=$(cd -P "\${nb_f%/*}/" 2>/dev/null && pwd -P) && nb_up "$nb_d" || return 1; nb_d=\${nb_d%/}; [ $nb_i = 0 ] && nb_run=$nb_d/\${1##*/}; nb_f=$nb_d/\${nb_f##*/}; [ -h "$nb_f" ] || { nb_ok "$nb_f"; return; }; nb_t=$(readlink "$nb_f") && [ -n "$nb_t" ] || return 1; case $nb_t in /*) nb_f=$nb_t ;; *) nb_f=$nb_d/$nb_t ;; esac; nb_i=$((nb_i + 1)); done; return 1; }
nb_use() { nb_name=$1; shift; for nb_c; do [ -f "$nb_c" ] && [ -x "$nb_c" ] || continue; nb_trust "$nb_c" && return; [ -n "$nb_why" ] && nb_refused="$nb_refused$nb_name=$nb_c
$nb_why
"; done; nb_run=; return 1; }
`;

/** Reads `nb_refused` as printed: `NAME=CANDIDATE` then `w PATH` / `o PATH`; each candidate once. */
export function parseRefusedPrograms(lines: readonly string[]): RefusedTool[] {
  const refused: RefusedTool[] = [];
  // Keyed by tool and path: a NAS that printed the same refusal many times costs one look each, not a search.
  const seen = new Set<string>();
  let pending: { tool: string; path: string } | null = null;
  for (const line of lines) {
    const reason = /^([wo]) (\/.*)$/.exec(line);
    if (reason && pending) {
      const why: RefusedTool['why'] = reason[1] === 'w' ? 'writable by others' : 'owned by another user';
      const { tool, path } = pending;
      const key = `${tool}\n${path}`;
      if (!seen.has(key)) {
        seen.add(key);
        refused.push({ tool, path, why, at: reason[2] ?? path });
      }
      pending = null;
      continue;
    }
    const candidate = /^([\w.+-]+)=(\/.*)$/.exec(line);
    pending = candidate ? { tool: candidate[1] ?? '', path: candidate[2] ?? '' } : null;
  }
  return refused;
}

/**
 * A POSIX sh command that runs `program` with `args` only when the copy the login's PATH finds
 * passes {@link foundProgramCheckSh}: run from its checked path. A refused or missing program
 * runs nothing, says why on stderr and exits 127, as a missing command does.
 */
export function foundProgramCommand(program: string, args: readonly string[]): string {
  const name = shellCommand([program]);
  return [
    foundProgramCheckSh,
    `nb_use ${name} "$(command -v ${name})" || { printf 'nasbench did not run %s\\n%s' ${name} "$nb_refused" >&2; exit 127; }`,
    `exec "$nb_run"${args.length > 0 ? ` ${shellCommand([...args])}` : ''}`,
  ].join('\n');
}
