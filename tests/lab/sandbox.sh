#!/usr/bin/env bash
# Runs a command in a sandbox of its own, where a whole lab can come up beside another sandbox's lab:
#
#   bash tests/lab/sandbox.sh ID COMMAND...
#
# The sandbox is new namespaces (network, mount, PID): "this computer" is a network stack with only its loopback,
# /run is empty (so `ip netns`, the lab's state and its mounts are the sandbox's own), /etc is a private copy (the
# lab's users live there alone), /srv and /tmp are folders of its own on disk (the lab NAS's share stays on a real disk),
# and every process started inside ends with it. Two sandboxes therefore share nothing the lab makes: namespaces,
# links, addresses, ports, users, mounts and processes are each sandbox's own; the cgroup of the low-power NAS,
# the one thing on a shared file system, is named after the sandbox (NASBENCH_LAB_SANDBOX). What the sandbox's
# /srv held is removed when it ends. Needs root and util-linux's unshare.
set -euo pipefail

[[ $EUID -eq 0 ]] || {
  echo 'sandbox: must run as root (it makes namespaces and mounts)' >&2
  exit 1
}
[[ $# -ge 2 && $1 =~ ^[0-9]+$ ]] || {
  echo 'usage: sandbox.sh ID COMMAND...' >&2
  exit 2
}
id=$1
shift
disk=/var/tmp/nasbench-sandbox-$id

if [[ ${NASBENCH_IN_SANDBOX:-} != "$id" ]]; then
  rm -rf "$disk"
  mkdir -p "$disk/srv"
  # A cpuacct group of its own: the CPU the sandbox's processes use (its test runner, Chromium, the lab NAS's
  # sshd, fio and iperf3 alike), for the summary reporter to say what each test file cost.
  accounting=/sys/fs/cgroup/cpuacct/nasbench-sandbox-$id
  if [[ -d /sys/fs/cgroup/cpuacct ]]; then
    mkdir -p "$accounting"
    echo $$ >"$accounting/cgroup.procs"
  fi
  status=0
  NASBENCH_IN_SANDBOX=$id unshare --mount --net --pid --fork --mount-proc --propagation private \
    bash "${BASH_SOURCE[0]}" "$id" "$@" || status=$?
  rm -rf "$disk"
  if [[ -d $accounting ]]; then
    echo $$ >/sys/fs/cgroup/cpuacct/cgroup.procs
    rmdir "$accounting" 2>/dev/null || true
  fi
  exit "$status"
fi

# Inside. The mounts below /run and /srv came from the machine's own namespace (a lab up outside, say): a fresh
# mount over the folder would hide them but not from /proc/mounts, where the lab looks for its own, so detach
# them first (in this namespace only).
for top in /run /srv; do
  awk -v top="$top" '$5 == top || index($5, top "/") == 1 { print $5 }' /proc/self/mountinfo | sort -r |
    while read -r point; do umount -l "$point"; done
done
mount -t tmpfs -o mode=0755 nasbench-sandbox-run /run
mkdir -p /run/lock
cp -a /etc /run/sandbox-etc
mount --bind /run/sandbox-etc /etc
mount --bind "$disk/srv" /srv
# /sys shows the network stack of whoever mounted it: mount it again for this one (systeminformation reads this
# computer's links there), keeping the cgroup hierarchies below it (the low-power NAS's cgroup lives there).
mkdir -p /run/sandbox-cgroup
mount --rbind /sys/fs/cgroup /run/sandbox-cgroup
mount -t sysfs nasbench-sandbox-sys /sys
mount --rbind /run/sandbox-cgroup /sys/fs/cgroup
# /tmp of its own too: the lab NAS shares this computer's /tmp, and the load test's fio socket folders
# (/tmp/nasbench-fio.*) of one sandbox's NAS were taken by another's for folders its own test had left behind.
# A checkout inside /tmp (a clone made there) is bound back in at its own path, or it would vanish.
mkdir -p "$disk/tmp" "$disk/host-tmp"
chmod 1777 "$disk/tmp"
mount --bind /tmp "$disk/host-tmp"
mount --bind "$disk/tmp" /tmp
if [[ $PWD == /tmp/* ]]; then
  mkdir -p "$PWD"
  mount --bind "$disk/host-tmp/${PWD#/tmp/}" "$PWD"
fi
# tsx keeps its IPC socket at /tmp/tsx-<uid>/<pid>.pipe. Pids start again at 1 in each sandbox, and a sandbox's
# processes die with it without removing theirs, so a later sandbox's tsx at the same pid failed with EADDRINUSE:
# each sandbox has that folder to itself.
tsx_dir=/tmp/tsx-$(id -u)
install -d -m 0700 "$tsx_dir"
mount -t tmpfs -o mode=0700 nasbench-sandbox-tsx "$tsx_dir"
ip link set lo up
export NASBENCH_LAB_SANDBOX=$id
# Not exec: this shell is the sandbox's first process, and it reaps the daemons the lab orphans (the first
# process of a PID namespace inherits them; Node would leave them zombies that `ip netns pids` still lists).
# <&0: a command put in the background reads /dev/null unless told, and side-by-side.ts talks to it on stdin.
"$@" <&0 &
command_pid=$!
trap 'kill -TERM "$command_pid" 2>/dev/null || true' TERM INT
status=0
wait "$command_pid" || status=$?
exit "$status"
