#!/usr/bin/env bash
# Two "other computers" for the load test (issue #18): each a network namespace with its own 1 Gbit/s leg to
# the lab NAS (tbf both ways, as the lab's legs), the NAS share mounted through that leg (the first over sshfs,
# the second over SMB, through smbnetfs), and
# `fio --server` listening on an unshaped link to the host, where the test's controller runs. Each server
# works in a folder of its own ($STATE/work-N), which a test can check fio left empty; and a 32 MiB tmpfs
# ($MNT/small) stands for a share with too little room.
# Usage: load-helpers.sh up NAS_NS SHARE KEY USER SMB_SERVER SMB_HOME | down | stop-server N | start-server N [everywhere]
# stop-server kills helper N's fio server and every process below it, as when that computer is switched off;
# start-server N everywhere starts it as a plain `fio --server` does, on every address (each helper's control
# link has a second address, .3, where only such a server answers).
# Only lab addresses (198.18.0.0/15) and the lab's own namespaces are touched.
set -euo pipefail

RATE=1gbit
BURST=256k
LATENCY=20ms
MNT=/run/nasbench-lab-mnt
STATE=/run/nasbench-lab/load-helpers
SMALL=$MNT/small

helper_names() { printf '1\n2\n'; }

down() {
  local i
  for i in $(helper_names); do
    if [[ -f $STATE/fio-$i.pid ]]; then kill "$(cat "$STATE/fio-$i.pid")" 2>/dev/null || true; fi
    if grep -q " $MNT/load-$i fuse" /proc/mounts; then fusermount -u "$MNT/load-$i" 2>/dev/null || umount -l "$MNT/load-$i" || true; fi
    ip link del "nbh-l$i" 2>/dev/null || true
    ip netns del "nb-load$i" 2>/dev/null || true
  done
  if mountpoint -q "$SMALL" 2>/dev/null; then umount "$SMALL" || umount -l "$SMALL" || true; fi
  rmdir "$SMALL" 2>/dev/null || true
  # The NAS ends of the legs went with their peers.
  rm -rf "$STATE"
}

up() {
  local nas_ns=$1 share=$2 key=$3 user=$4 smb_server=$5 smb_home=$6 i
  down
  install -d -m 0700 "$STATE"
  install -d -m 0755 "$SMALL"
  mount -t tmpfs -o size=32m,mode=0777 nasbench-small "$SMALL"
  for i in $(helper_names); do
    local ns=nb-load$i leg_net=198.18.$((10 + i)) ctl_net=198.18.$((20 + i))
    # A deleted namespace the kernel has not finished tearing down keeps its veth pair: its NAS end goes here.
    ip -n "$nas_ns" link del "nbn-l$i" 2>/dev/null || true
    ip netns add "$ns"
    ip -n "$ns" link set lo up
    # Data: helper <-> NAS, shaped both ways.
    ip link add "nbl$i-n" type veth peer name "nbn-l$i"
    ip link set "nbl$i-n" netns "$ns"
    ip link set "nbn-l$i" netns "$nas_ns"
    ip -n "$ns" addr add "$leg_net.1/24" dev "nbl$i-n"
    ip -n "$nas_ns" addr add "$leg_net.2/24" dev "nbn-l$i"
    ip -n "$ns" link set "nbl$i-n" up
    ip -n "$nas_ns" link set "nbn-l$i" up
    tc -n "$ns" qdisc replace dev "nbl$i-n" root tbf rate "$RATE" burst "$BURST" latency "$LATENCY"
    tc -n "$nas_ns" qdisc replace dev "nbn-l$i" root tbf rate "$RATE" burst "$BURST" latency "$LATENCY"
    # Control: host <-> helper, where fio's controller talks to the server.
    ip link add "nbh-l$i" type veth peer name "nbl$i-h"
    ip link set "nbl$i-h" netns "$ns"
    ip addr add "$ctl_net.1/24" dev "nbh-l$i"
    ip -n "$ns" addr add "$ctl_net.2/24" dev "nbl$i-h"
    ip -n "$ns" addr add "$ctl_net.3/24" dev "nbl$i-h"
    ip link set "nbh-l$i" up
    ip -n "$ns" link set "nbl$i-h" up
    # nsenter --net: the helper's network, the host's mounts (so the host sees the share it mounted).
    install -d -m 0755 "$MNT/load-$i"
    if [[ $i == 1 ]]; then
      nsenter --net="/run/netns/$ns" sshfs "$user@$leg_net.2:$share" "$MNT/load-$i" \
        -o "IdentityFile=$key,UserKnownHostsFile=/dev/null,StrictHostKeyChecking=no,LogLevel=ERROR" \
        -o BatchMode=yes 9>&-
    else
      # The second computer mounts the share over SMB, as most home computers do: the NAS's Samba at its lab
      # address, reached through this computer's own leg (smbnetfs, with the lab's SMB client settings).
      ip -n "$ns" route add "$smb_server/32" via "$leg_net.2"
      HOME=$smb_home nsenter --net="/run/netns/$ns" smbnetfs "$MNT/load-$i" -o big_writes,max_write=1048576 9>&-
      local tries
      for tries in $(seq 50); do
        timeout 5 ls "$MNT/load-$i/$smb_server/share" >/dev/null 2>&1 && break
        sleep 0.1
      done
    fi
    start_server "$i"
  done
}

start_server() {
  local i=$1 listen
  listen="--server=ip:198.18.$((20 + i)).2,8765"
  [[ ${2:-} != everywhere ]] || listen=--server
  install -d -m 0755 "$STATE/work-$i"
  (cd "$STATE/work-$i" && exec nsenter --net="/run/netns/nb-load$i" fio "$listen") \
    </dev/null >>"$STATE/fio-$i.log" 2>&1 9>&- &
  echo $! >"$STATE/fio-$i.pid"
  for _ in $(seq 50); do
    if (exec 3<>"/dev/tcp/198.18.$((20 + i)).2/8765") 2>/dev/null; then return; fi
    sleep 0.1
  done
  echo "fio --server of helper $i did not start" >&2
  return 1
}

tree_of() {
  local child
  echo "$1"
  for child in $(pgrep -P "$1"); do tree_of "$child"; done
}

stop_server() {
  local i=$1 pids
  pids=$(tree_of "$(cat "$STATE/fio-$i.pid")")
  # shellcheck disable=SC2086 # one pid per word
  kill -9 $pids 2>/dev/null || true
}

case ${1:-} in
  up) shift; up "$@" ;;
  down) down ;;
  stop-server) stop_server "$2" ;;
  start-server) start_server "$2" "${3:-}" ;;
  *) echo "usage: $0 up NAS_NS SHARE KEY USER SMB_SERVER SMB_HOME | down | stop-server N | start-server N" >&2; exit 2 ;;
esac
