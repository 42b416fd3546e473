/**
 * The reader that runs on the NAS for the length of a test: one block of raw figures a second,
 * parsed on our side (stream.ts) where it can be tested against captures. Plain POSIX sh, so
 * BusyBox ash, dash and FreeBSD's sh all run it; it installs nothing and writes nothing on the NAS.
 *
 * Cheap by design (the goal is under 1% of one NAS core): every program started costs more than the
 * reading (1.5 ms of CPU per start on the lab VM, against about 1 ms for reading all of /proc), so on
 * Linux nothing is started once the test runs. The shell globs the process folders once a second and
 * hands them to one awk that lives as long as the reader and reads every file; the second between
 * blocks is waited out by the shell's own `read -t`. awk only drops what we never use (interrupt
 * counters, most of /proc/vmstat and /proc/meminfo) to keep the stream small; the lines it passes
 * are /proc's own. Measured on the lab VM (2 vCPU, about 105 processes; `perf stat -e task-clock`
 * over 60 readings, the reader's shell and awk together): 190–320 ms, 0.3–0.5% of one core, most
 * of it reading the processes' stat files (the cost grows with their number); 4.3 ms a second
 * under dash, which has no `read -t` and starts a `sleep` each second. About 27 KB/s of output.
 *
 * Every block starts with `@@sample` and ends with `@@end`; sections start with `@@<name>`.
 *
 * Ending: the app keeps the command's standard input open for as long as it wants samples and ends
 * it to stop the reader. The same end-of-input arrives when the app or its SSH connection goes, so
 * the reader stops then too; `maxSeconds` bounds it whatever happens (a watchdog as underWatchdog's,
 * but a counter: underWatchdog's own `sleep 1` a second would double the reader's cost). A reader
 * whose output can no longer be delivered blocks in its write, using no CPU, until the SSH server
 * drops the connection and the write fails.
 */

/** Section names the Linux block uses for its files. */
export const linuxFiles = [
  '/proc/uptime',
  '/proc/stat',
  '/proc/diskstats',
  '/proc/meminfo',
  '/proc/vmstat',
  '/proc/net/dev',
];

/** The /proc/meminfo keys the reader keeps. */
const memoryKeys = 'MemTotal|MemFree|MemAvailable|Buffers|Cached|SwapTotal|SwapFree';

/** What FreeBSD's sysctl is asked for each second (by name: a missing name must not shift the others). */
export const freebsdSysctls = [
  'kern.clockrate',
  'kern.cp_time',
  'kern.cp_times',
  'hw.pagesize',
  'vm.stats.vm.v_page_count',
  'vm.stats.vm.v_free_count',
  'vm.stats.vm.v_inactive_count',
  'vm.stats.vm.v_laundry_count',
  'vm.stats.vm.v_cache_count',
  'vm.stats.vm.v_swappgsin',
  'vm.stats.vm.v_swappgsout',
  'kstat.zfs.misc.arcstats.size',
];

/**
 * One awk for the whole test, fed a line a second by the shell: the process folders its glob found.
 * It reads every file with getline, which answers -1 for a file it cannot open (a process that ended
 * between the glob and the read), and flushes each block so it leaves at once.
 */
const linuxAwk = [
  '{',
  '  print "@@sample"',
  `  n = split("${linuxFiles.join(' ')}", files, " ")`,
  '  for (i = 1; i <= n; i++) {',
  '    f = files[i]',
  '    print "@@" f',
  '    while ((getline line < f) > 0) {',
  '      if (f == "/proc/stat" && line !~ /^cpu/) continue',
  `      if (f == "/proc/meminfo" && line !~ /^(${memoryKeys}):/) continue`,
  '      if (f == "/proc/vmstat" && line !~ /^pswp/) continue',
  '      print line',
  '    }',
  '    close(f)',
  '  }',
  '  print "@@processes"',
  '  round++',
  '  for (i = 1; i <= NF; i++) {',
  '    f = $i "/stat"',
  '    if ((getline line < f) > 0) print line',
  '    close(f)',
  '    if (!($i in told)) fullname($i, line)',
  '    if (!($i in told) || (line != last[$i] && told[$i] <= round - 2)) { told[$i] = round; cpulimit($i) }',
  '    last[$i] = line',
  '    seen[$i] = round',
  '  }',
  // How often each quota held its group back: the kernel counts the quota's periods in which the group
  // ran out (cpu.stat), one file per group a second.
  '  print "@@throttling"',
  '  split("", done)',
  '  for (p in statof) if (seen["/proc/" p] == round && !(statof[p] in done)) {',
  '    done[statof[p]] = 1; nt = ""',
  '    while ((getline line < statof[p]) > 0) { split(line, kv, " "); if (kv[1] == "nr_throttled") nt = kv[2] }',
  '    close(statof[p])',
  '    if (nt != "") print nt " " groupof[p]',
  '  }',
  // What it keeps of ended processes is let go once a minute (collected first: POSIX leaves deleting
  // from an array while walking it undefined).
  '  if (round % 60 == 0) {',
  '    gone = ""',
  '    for (p in seen) if (seen[p] < round) gone = gone " " p',
  '    k = split(gone, ended, " ")',
  '    for (; k > 0; k--) { p = ended[k]; delete seen[p]; delete told[p]; delete last[p]; p = substr(p, 7); delete limited[p]; delete statof[p]; delete groupof[p] }',
  '  }',
  '  print "@@end"',
  '  fflush()',
  '}',
  // The kernel keeps 15 characters of a process's name ("npm run cli dis"): such a name is read whole
  // from the first word of its command line, once, when the process is first seen (one tr started, for
  // those names only; at most 256 characters of it are sent, whatever a process set as its title). The
  // app keeps the name's completion alone, never the arguments (linux.ts).
  'function fullname(dir, line,   o, k, bits, cmd, first) {',
  '  o = index(line, " (")',
  '  k = split(line, bits, /[)] /)',
  '  if (o == 0 || k < 2 || length(line) - length(bits[k]) - o - 3 != 15) return',
  '  cmd = "tr \\"\\\\000\\" \\"\\\\n\\" < " dir "/cmdline 2>/dev/null"',
  '  if ((cmd | getline first) > 0) print "@@name " substr(dir, 7) " " substr(first, 1, 256)',
  '  close(cmd)',
  '}',
  // A process held to a share of a core by its cgroup (a container's --cpus, a service's CPUQuota,
  // the lab's low-power NAS) is CPU-bound at that share, not at a whole core. Read when the process is
  // first seen, and again (at most every other second) while it works: a quota can be set or lifted
  // on a running process (docker update --cpus, systemctl set-property), or a service moved into its
  // group after it started. Reading only busy processes' keeps the cost to a few files a second.
  // "none" takes back a limit said before.
  'function cpulimit(dir,   pid, line, parts, n, c, q, p, st) {',
  '  pid = substr(dir, 7)',
  '  while ((getline line < (dir "/cgroup")) > 0) {',
  '    split(line, parts, ":")',
  '    n = split(parts[2], c, ",")',
  '    q = ""',
  '    if (parts[2] == "") { st = "/sys/fs/cgroup" parts[3]; getline q < (st "/cpu.max"); close(st "/cpu.max") }',
  '    for (; n > 0; n--) if (c[n] == "cpu") {',
  '      st = "/sys/fs/cgroup/cpu" parts[3]',
  '      getline q < (st "/cpu.cfs_quota_us"); close(st "/cpu.cfs_quota_us")',
  '      getline p < (st "/cpu.cfs_period_us"); close(st "/cpu.cfs_period_us")',
  '      q = q " " p',
  '    }',
  '    if (q ~ /^[0-9]+ [0-9]+$/) { print "@@limit " pid " " q " " parts[3]; limited[pid] = 1; statof[pid] = st "/cpu.stat"; groupof[pid] = parts[3] }',
  '    else if (q != "" && (pid in limited)) { print "@@limit " pid " none"; delete limited[pid]; delete statof[pid]; delete groupof[pid] }',
  '  }',
  '  close(dir "/cgroup")',
  '}',
].join('\n');

/**
 * Written with String.raw so backslashes reach the shell as typed; `nb_` names cannot meet a
 * variable of the login's environment. Lines that start with `#` are dropped before sending.
 */
function script(maxSeconds: number): string {
  return String.raw`
LC_ALL=C
export LC_ALL
PATH="$PATH:/sbin:/usr/sbin"
# The app's end of the connection: read from it to wait, and to learn that the app has gone.
exec 3<&0
nb_left=${maxSeconds}
# Linux is the OS with a /proc/stat; asking the shell spares starting uname.
if [ -r /proc/stat ]; then nb_linux=yes; else nb_linux=no; fi

# read -t is not POSIX (dash has none): where it is missing, a watcher waits for the end of input
# and ends the reader, and sleep (or iostat on FreeBSD) paces it.
if read -t 0 nb_x </dev/null 2>/dev/null || [ $? -eq 1 ]; then nb_timed=yes; else nb_timed=no; fi
if [ "$nb_linux" = no ]; then
  nb_main=$$
  ( while read -r nb_x <&3; do :; done; kill $nb_main 2>/dev/null ) &
  nb_watcher=$!
fi
nb_stop() { [ -n "$nb_watcher" ] && kill "$nb_watcher" 2>/dev/null; exit 0; }

# Linux: wait one second on the app's input. BusyBox answers 1 both when the second is over and
# when the input has ended, so the clock tells them apart: a one-second wait always crosses into
# the next second of /proc/uptime, while the end of input answers at once.
nb_wait_linux() {
  # Without read -t the loop waits on a sleep it can cut short: the watcher's TERM ends the wait at once.
  # The sleep writes nowhere: one the TERM missed (it came between the fork and the wait) must not
  # hold awk's input open, or the reader would end a second late.
  if [ "$nb_timed" = no ]; then sleep 1 >/dev/null 2>&1 & nb_sleep=$!; wait $nb_sleep; return 0; fi
  IFS=. read -r nb_t0 nb_x </proc/uptime
  read -t 1 nb_x <&3
  nb_status=$?
  [ $nb_status -eq 0 ] && return 1
  [ $nb_status -gt 128 ] && return 0
  IFS=. read -r nb_t1 nb_x </proc/uptime
  [ "$nb_t1" != "$nb_t0" ]
}

if [ "$nb_linux" = yes ]; then
  nb_hz=$(getconf CLK_TCK 2>/dev/null) || nb_hz=
  nb_page=$(getconf PAGESIZE 2>/dev/null) || nb_page=
  # BusyBox has no getconf; USER_HZ is 100 and pages are 4 KiB on the CPUs NASes use.
  [ -n "$nb_hz" ] || nb_hz=100
  [ -n "$nb_page" ] || nb_page=4096
  echo "@@nas-load linux hz=$nb_hz page=$nb_page reader=$$"
  # mawk (Debian's awk: OpenMediaVault, TrueNAS SCALE) reads a pipe until its buffer is full, so a
  # line a second would reach it in bursts of three; -W interactive makes it take each line as it comes.
  nb_awk=awk
  case $(awk -W version 2>&1 </dev/null) in *mawk*) nb_awk='awk -W interactive' ;; esac
  # Which block devices are whole disks, their partitions, and the members of md arrays and btrfs
  # file systems spread over several devices: the array a lagging disk is compared within.
  for nb_p in /sys/block/*; do [ -e "$nb_p" ] && echo "@@block $nb_p"; done
  for nb_p in /sys/block/*/*/partition; do [ -e "$nb_p" ] && echo "@@part $nb_p"; done
  for nb_p in /sys/block/*/slaves/*; do [ -e "$nb_p" ] && echo "@@member $nb_p"; done
  for nb_p in /sys/fs/btrfs/*/devices/*; do [ -e "$nb_p" ] && echo "@@member $nb_p"; done
  {
    # Without read -t (dash, Debian's /bin/sh), a watcher ends this loop, a pipeline's own subshell,
    # the moment the input ends: it learns the loop's pid from a child's parent ($$ is the main
    # shell's). Ending the main shell instead left the loop to finish its second, and every stop a
    # second late.
    if [ "$nb_timed" = no ]; then
      nb_loop=$(exec sh -c 'echo $PPID')
      ( while read -r nb_x <&3; do :; done; kill $nb_loop 2>/dev/null ) >/dev/null 2>&1 &
      nb_watcher=$!
      # $! rather than $nb_sleep: a TERM that lands just after the fork finds $! already set.
      trap 'kill $! 2>/dev/null; exit 0' TERM
    fi
    while [ $nb_left -gt 0 ]; do
      echo /proc/[0-9]*
      nb_left=$((nb_left - 1))
      nb_wait_linux || break
    done
    [ -n "$nb_watcher" ] && kill $nb_watcher 2>/dev/null
  } | $nb_awk '${linuxAwk}' || echo "@@failed awk"
else
  echo "@@nas-load $(uname -s 2>/dev/null) reader=$$"
  # FreeBSD (TrueNAS CORE): iostat's second report covers the second it waited, so it paces the loop
  # and comes first in the block, where the CPU counters read after it cover the same second.
  while [ $nb_left -gt 0 ]; do
    echo "@@sample"
    echo "@@iostat"; iostat -x -d 1 2 2>/dev/null || sleep 1
    echo "@@sysctl"; sysctl ${freebsdSysctls.join(' ')} 2>/dev/null
    echo "@@netstat"; netstat -ibn 2>/dev/null
    echo "@@ps"; ps -ax -o pid,ppid,time,comm 2>/dev/null
    echo "@@end"
    nb_left=$((nb_left - 1))
  done
fi
nb_stop
`;
}

/** The reader as sent: comments dropped (they are for the next engineer, and csh limits the command's length). */
export function nasViewScript(maxSeconds: number): string {
  return script(Math.max(1, Math.ceil(maxSeconds)))
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n');
}
