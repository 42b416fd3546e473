#!/usr/bin/env bash
# NASBench network test lab: a NAS stand-in inside a network namespace on this machine.
#
#   bash tests/lab/lab.sh up       create (or repair) the lab; idempotent
#   bash tests/lab/lab.sh down     remove everything `up` created; safe to repeat
#   bash tests/lab/lab.sh status   show what is there; exit 0 if the lab is fully up, 3 otherwise
#   bash tests/lab/lab.sh rekey    regenerate the sshd host key and restart sshd
#
#   up --holder PID / down --holder PID   (used by tests/lab/global-setup.ts) count the test runs using the lab:
#   `down --holder PID` takes the lab down only when no other live holder is left, so two test runs on one
#   machine do not pull the lab from under each other. Plain `down` always takes it down.
#
# Must run as root. Traffic only ever flows between the host namespace and the lab's own
# namespaces (addresses in 198.18.0.0/15, the RFC 2544 benchmarking range). eth0 and the
# default route are never touched.
set -euo pipefail

NS=nb-nas
CLIENT_NS=nb-client
STATE_DIR=/run/nasbench-lab
STATE_FILE=$STATE_DIR/state.json
# Outside STATE_DIR, which `down` removes: serialises up/down/rekey, and records the test runs using the lab.
LOCK_FILE=/run/nasbench-lab.lock
HOLDERS_DIR=/run/nasbench-lab.holders
LAB_ROOT=/srv/nasbench-lab
HOME_ROOT=$LAB_ROOT/home
SHARE=$LAB_ROOT/share
TINY=$LAB_ROOT/tiny
TINY_SIZE=64m
# A folder in RAM on the NAS (tmpfs accepts direct I/O on Linux >= 6.6): disk figures without this VM's disk noise.
RAM=$LAB_ROOT/ram
RAM_SIZE=4g
# The lab share as this computer sees it: mounted over SSH (sshfs) through leg a, as a user mounts a NAS
# share. Outside LAB_ROOT and STATE_DIR, so removing those can never delete files through the mount.
CLIENT_MOUNT=/run/nasbench-lab-mnt/share
SSHFS_KNOWN_HOSTS=/run/nasbench-lab-mnt/known_hosts
NOTOOLS_BIN=$LAB_ROOT/notools-bin
TEST_USER=nbtest
NOTOOLS_USER=nbnotools
SSHD=/usr/sbin/sshd
SSHD_CONFIG=$STATE_DIR/sshd_config
SSHD_PID=$STATE_DIR/sshd.pid
SSHD_LOG=$STATE_DIR/sshd.log
HOST_KEY=$STATE_DIR/ssh_host_ed25519_key
CLIENT_KEY=$STATE_DIR/id_ed25519
CLIENT_KEY_PASS=$STATE_DIR/id_ed25519_pass
PASSWORD_FILE=$STATE_DIR/password
PASSPHRASE_FILE=$STATE_DIR/passphrase

# Token bucket parameters. burst 256k holds a 1 Gbit/s leg at ~950 Mbit/s of TCP goodput; the slow leg
# needs a smaller bucket to stay near its nominal rate (see README.md for the measured figures).
FAST_RATE=1gbit
FAST_BURST=256k
SLOW_RATE=200mbit
SLOW_BURST=64k
TBF_LATENCY=20ms

# Leg b's NAS end uses jumbo frames (MTU 9000) and this computer's end 1500: the classic mismatch the
# link check must name. TCP over it settles on 1500-byte packets, so the throughput tests do not notice.
# name  hostIf  nasIf  hostAddr    nasAddr     rate        burst        rateMbit nasMtu
LEGS=(
  "a nbh-a nbn-a 198.18.1.1 198.18.1.2 $FAST_RATE $FAST_BURST 1000 1500"
  "b nbh-b nbn-b 198.18.2.1 198.18.2.2 $FAST_RATE $FAST_BURST 1000 9000"
  "slow nbh-w nbn-w 198.18.3.1 198.18.3.2 $SLOW_RATE $SLOW_BURST 200 1500"
)
# The routed leg: this computer -> a router namespace -> the NAS, shaped on the router's two outward links.
# A bottleneck away from the sender is what a Wi-Fi access point is: the sender's own socket is not held
# back, so UDP sent faster than the link is lost (a tbf on the sender's own link only slows the sender).
ROUTER_NS=nb-rtr
ROUTED_RATE=100mbit
ROUTED_BURST=32k
ROUTED_MBIT=100
# hostIf hostAddr  routerHostIf routerHostAddr  routerNasIf routerNasAddr  nasIf nasAddr
ROUTED="nbh-r 198.18.4.1 nbr-h 198.18.4.2 nbr-n 198.18.5.1 nbn-r 198.18.5.2"
# The client namespace's single link into the NAS namespace (for multicast discovery tests).
CLIENT_IF=nbc-n
CLIENT_NAS_IF=nbn-c
CLIENT_ADDR=198.18.9.1
CLIENT_NAS_ADDR=198.18.9.2
SSH_PROBE_ADDR=198.18.1.2
LAB_RANGE=198.18.0.0/15
# The NAS's USB Ethernet adapter, named as udev names one after its MAC (enx + the MAC's 12 hex digits): a private
# name the report anonymiser must hide. A veth with both ends in the NAS namespace, up, with no address, so no leg,
# link check or discovery test uses it. Its MAC is hex letters only, so no fragment of the name can be a figure,
# and no three of them in a row are in an English word or a month ("dec", "feb"): text that differs between runs.
USB_IF=enxfcdbfdbcdfcb
USB_PEER=nbn-usb
USB_MAC=fc:db:fd:bc:df:cb

log() { printf 'lab: %s\n' "$*" >&2; }
die() {
  printf 'lab: error: %s\n' "$*" >&2
  exit 1
}

require_root() {
  [[ $EUID -eq 0 ]] || die "must be run as root (network namespaces, users and mounts need it)"
}

# write_file PATH OWNER MODE < content: replaces PATH atomically (readers never see it empty or half written).
write_file() {
  local tmp
  tmp=$(mktemp "$1.XXXXXX")
  cat >"$tmp"
  chown "$2:$2" "$tmp"
  chmod "$3" "$tmp"
  mv -f "$tmp" "$1"
}

ns_exists() { ip netns list 2>/dev/null | awk '{print $1}' | grep -qx "$1"; }
link_in_ns() { ip -n "$1" link show dev "$2" >/dev/null 2>&1; }
link_in_host() { ip link show dev "$1" >/dev/null 2>&1; }

# The network (namespaces, veth legs, tbf shaping), the NAS side (users, secrets, sshd, the mounted share) and the
# field stand-ins (other login shells, SSH servers and tool locations) live next to this file.
LAB_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=tests/lab/lab-net.sh
source "$LAB_DIR/lab-net.sh"
# shellcheck source=tests/lab/lab-nas.sh
source "$LAB_DIR/lab-nas.sh"
# shellcheck source=tests/lab/lab-field.sh
source "$LAB_DIR/lab-field.sh"
# shellcheck source=tests/lab/lab-smb.sh
source "$LAB_DIR/lab-smb.sh"
# shellcheck source=tests/lab/lab-lowpower.sh
source "$LAB_DIR/lab-lowpower.sh"

# ---------------------------------------------------------------------------------------------- state

write_state() {
  local password passphrase legs_json="" leg name host_if nas_if host_addr nas_addr _rate _burst mbit nas_mtu
  password=$(cat "$PASSWORD_FILE")
  passphrase=$(cat "$PASSPHRASE_FILE")
  for leg in "${LEGS[@]}"; do
    read -r name host_if nas_if host_addr nas_addr _rate _burst mbit nas_mtu <<<"$leg"
    [[ -z $legs_json ]] || legs_json+=','
    legs_json+=$(printf '\n    "%s": {"host": "%s", "nas": "%s", "hostIf": "%s", "nasIf": "%s", "rateMbit": %s, "nasMtu": %s}' \
      "$name" "$host_addr" "$nas_addr" "$host_if" "$nas_if" "$mbit" "$nas_mtu")
  done
  local users_json="" key user
  for key in test notools; do
    if [[ $key == test ]]; then user=$TEST_USER; else user=$NOTOOLS_USER; fi
    [[ -z $users_json ]] || users_json+=','
    users_json+=$(printf '\n    "%s": {"name": "%s", "home": "%s", "password": "%s", "key": "%s", "keyWithPassphrase": "%s", "passphrase": "%s"}' \
      "$key" "$user" "$HOME_ROOT/$user" "$password" "$CLIENT_KEY" "$CLIENT_KEY_PASS" "$passphrase")
  done
  local tmp=$STATE_FILE.tmp
  (
    umask 077
    cat >"$tmp" <<EOF
{
  "namespace": "$NS",
  "clientNamespace": "$CLIENT_NS",
  "legs": {$legs_json
  },
  "routed": $(routed_state_json),
  "client": {"client": "$CLIENT_ADDR", "nas": "$CLIENT_NAS_ADDR", "clientIf": "$CLIENT_IF", "nasIf": "$CLIENT_NAS_IF", "rateMbit": 1000},
  "usbAdapter": {"nasIf": "$USB_IF", "mac": "$USB_MAC"},
  "ssh": {"port": 22, "hostKeyPub": "$HOST_KEY.pub", "pidFile": "$SSHD_PID", "log": "$SSHD_LOG"},
  "users": {$users_json
  },
  "share": "$SHARE",
  "clientMount": {"path": "$CLIENT_MOUNT", "fsType": "fuse.sshfs", "server": "$SSH_PROBE_ADDR", "remotePath": "$SHARE"},
  "tiny": "$TINY",
  "tinyBytes": $((64 * 1024 * 1024)),
  "ram": "$RAM",
  $(lowpower_state_json),
  "notoolsBin": "$NOTOOLS_BIN",
  $(smb_state_json),
  $(field_state_json)
}
EOF
  )
  chmod 0600 "$tmp"
  mv -f "$tmp" "$STATE_FILE"
}

# ---------------------------------------------------------------------------------------------- commands

# Serialise up/down/rekey across processes (two test runs starting at once).
take_lock() {
  exec 9>>"$LOCK_FILE"
  flock -w 300 9 || die "another lab.sh has held $LOCK_FILE for 5 minutes"
}

# Prints the pids of test runs (holders) still alive; forgets the dead ones.
live_holders() {
  local f pid
  [[ -d $HOLDERS_DIR ]] || return 0
  for f in "$HOLDERS_DIR"/*; do
    [[ -e $f ]] || continue
    pid=${f##*/}
    if [[ $pid =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null; then echo "$pid"; else rm -f "$f"; fi
  done
}

cmd_up() {
  local holder=${1:-}
  require_root
  take_lock
  for tool in ip tc ssh-keygen useradd chpasswd mount unshare sshfs fusermount "$SSHD" fio iperf3 csh fish bash \
    "$DROPBEAR" dropbearkey smbd smbpasswd smbnetfs testparm; do
    command -v "$tool" >/dev/null 2>&1 ||
      die "missing $tool (apt-get install -y openssh-server iproute2 passwd sshfs fio iperf3 csh fish dropbear-bin samba smbclient smbnetfs)"
  done
  # A test run that was killed instead of taken down leaves the lab up with its scratch folders in it
  # (CI once failed on one left by a killed rehearsal): the first run to take the lab again starts without them.
  if [[ -d $LAB_ROOT && -z $(live_holders) ]]; then
    find "$LAB_ROOT" -type d -name '.nasbench-*' -prune -print -exec rm -rf -- {} + | sed 's/^/lab: removed what a stopped run left: /'
  fi
  secrets_up
  field_secrets_up
  net_up
  users_up
  field_users_up
  smb_configs_up
  lowpower_cgroup_up
  sshd_up
  field_sshds_up
  smbds_up
  lowpower_up
  share_mount_up
  smb_mount_up
  write_state
  if [[ -n $holder ]]; then
    install -d -m 0700 "$HOLDERS_DIR"
    : >"$HOLDERS_DIR/$holder"
  fi
  log "up; state in $STATE_FILE"
}

cmd_down() {
  local holder=${1:-} others
  require_root
  take_lock
  if [[ -n $holder ]]; then
    rm -f "$HOLDERS_DIR/$holder"
    others=$(live_holders | tr '\n' ' ')
    if [[ -n $others ]]; then
      log "still in use by test run(s) with pid $others- leaving the lab up"
      return 0
    fi
  fi
  # The load test's other computers, should a run have stopped before taking them down (their legs end in the NAS).
  bash "$LAB_DIR/load-helpers.sh" down
  smb_mount_down
  share_mount_down
  kill_ns_pids
  lowpower_cgroup_down
  rm -f "$SSHD_PID"
  net_down
  local volume
  for volume in "$TINY" "$RAM"; do
    if mountpoint -q "$volume" 2>/dev/null; then
      umount "$volume" || umount -l "$volume" || log "could not unmount $volume"
    fi
  done
  users_down
  field_users_down
  for volume in "$TINY" "$RAM"; do
    if mountpoint -q "$volume" 2>/dev/null; then
      die "$volume is still mounted; not removing $LAB_ROOT"
    fi
  done
  for volume in "$CLIENT_MOUNT" "$SMB_MOUNT"; do
    if grep -q " $volume fuse" /proc/mounts; then
      die "$volume is still mounted; not removing the lab"
    fi
  done
  # /run/sshd only if this lab made it (an empty privilege-separation dir; rmdir leaves it if not empty).
  if [[ -e $STATE_DIR/created-run-sshd ]]; then
    rmdir /run/sshd 2>/dev/null || true
  fi
  rm -rf "$LAB_ROOT" "$STATE_DIR" "$HOLDERS_DIR"
  log "down"
}

cmd_rekey() {
  local field=${1:-}
  require_root
  take_lock
  [[ -d $STATE_DIR ]] || die "lab is not up (no $STATE_DIR)"
  if [[ -n $field ]]; then
    field_rekey "$field"
    return
  fi
  rm -f "$HOST_KEY" "$HOST_KEY.pub"
  ssh-keygen -q -t ed25519 -N '' -C nasbench-lab-host -f "$HOST_KEY"
  chmod 0600 "$HOST_KEY"
  sshd_stop
  sshd_start
  log "new host key: $(ssh-keygen -l -f "$HOST_KEY.pub")"
}

cmd_status() {
  require_root
  local ok=1 n leg name host_if nas_if host_addr nas_addr _rest pid
  for n in "$NS" "$CLIENT_NS"; do
    if ns_exists "$n"; then echo "namespace $n: present"; else
      echo "namespace $n: MISSING"
      ok=0
    fi
  done
  for leg in "${LEGS[@]}"; do
    read -r name host_if nas_if host_addr nas_addr _rest <<<"$leg"
    if link_in_host "$host_if" && link_in_ns "$NS" "$nas_if"; then
      echo "leg $name: $host_if $host_addr <-> $nas_if $nas_addr"
      echo "  host qdisc: $(tc qdisc show dev "$host_if" | head -n 1)"
      echo "  nas  qdisc: $(tc -n "$NS" qdisc show dev "$nas_if" | head -n 1)"
    else
      echo "leg $name: MISSING"
      ok=0
    fi
  done
  if link_in_ns "$CLIENT_NS" "$CLIENT_IF" && link_in_ns "$NS" "$CLIENT_NAS_IF"; then
    echo "client link: $CLIENT_IF $CLIENT_ADDR <-> $CLIENT_NAS_IF $CLIENT_NAS_ADDR"
  else
    echo "client link: MISSING"
    ok=0
  fi
  if link_in_ns "$NS" "$USB_IF"; then echo "usb adapter: $NS/$USB_IF ($USB_MAC)"; else
    echo "usb adapter: MISSING"
    ok=0
  fi
  local routed_if _routed_rest
  read -r routed_if _routed_rest <<<"$ROUTED"
  if ns_exists "$ROUTER_NS" && link_in_host "$routed_if"; then
    echo "routed leg: $routed_if -> $ROUTER_NS ($ROUTED_RATE) -> $NS"
  else
    echo "routed leg: MISSING"
    ok=0
  fi
  pid=$(sshd_pid)
  if [[ -n $pid ]] && ssh_answers "$SSH_PROBE_ADDR"; then
    echo "sshd: pid $pid, answering on $SSH_PROBE_ADDR:22"
  else
    echo "sshd: NOT RUNNING"
    ok=0
  fi
  field_status || ok=0
  smb_status || ok=0
  lowpower_status || ok=0
  for n in "$TEST_USER" "$NOTOOLS_USER" "$CSH_USER" "$FISH_USER" "$BASHRC_USER" "$ENTWARE_USER"; do
    if id -u "$n" >/dev/null 2>&1; then echo "user $n: $(getent passwd "$n")"; else
      echo "user $n: MISSING"
      ok=0
    fi
  done
  if mountpoint -q "$TINY" 2>/dev/null; then echo "tiny: $(findmnt -n -o SOURCE,FSTYPE,OPTIONS "$TINY")"; else
    echo "tiny: NOT MOUNTED"
    ok=0
  fi
  if mountpoint -q "$RAM" 2>/dev/null; then echo "ram: $(findmnt -n -o SOURCE,FSTYPE,OPTIONS "$RAM")"; else
    echo "ram: NOT MOUNTED"
    ok=0
  fi
  if mountpoint -q "$CLIENT_MOUNT" 2>/dev/null; then echo "share mount: $(findmnt -n -o SOURCE,FSTYPE "$CLIENT_MOUNT")"; else
    echo "share mount: NOT MOUNTED"
    ok=0
  fi
  echo "test runs using the lab: $(live_holders | tr '\n' ' ')"
  if [[ -f $STATE_FILE ]]; then echo "state: $STATE_FILE"; else
    echo "state: MISSING"
    ok=0
  fi
  if ((ok)); then
    echo "lab: UP"
  else
    echo "lab: DOWN or incomplete"
    return 3
  fi
}

usage() {
  echo "usage: $0 up [--holder PID] | down [--holder PID] | status | rekey [kbd|rsa|entware]" >&2
  exit 2
}

[[ $# -ge 1 ]] || usage
command=$1
shift
holder=
field=
if [[ $command == rekey && $# -eq 1 && $1 =~ ^(kbd|rsa|entware)$ ]]; then
  field=$1
elif [[ $# -gt 0 ]]; then
  [[ $# -eq 2 && $1 == --holder && $2 =~ ^[0-9]+$ && ($command == up || $command == down) ]] || usage
  holder=$2
fi
case $command in
  up) cmd_up "$holder" ;;
  down) cmd_down "$holder" ;;
  status) cmd_status ;;
  rekey) cmd_rekey "$field" ;;
  *) usage ;;
esac
