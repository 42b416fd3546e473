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

# name  hostIf  nasIf  hostAddr    nasAddr     rate        burst        rateMbit
LEGS=(
  "a nbh-a nbn-a 198.18.1.1 198.18.1.2 $FAST_RATE $FAST_BURST 1000"
  "b nbh-b nbn-b 198.18.2.1 198.18.2.2 $FAST_RATE $FAST_BURST 1000"
  "slow nbh-w nbn-w 198.18.3.1 198.18.3.2 $SLOW_RATE $SLOW_BURST 200"
)
# The client namespace's single link into the NAS namespace (for multicast discovery tests).
CLIENT_IF=nbc-n
CLIENT_NAS_IF=nbn-c
CLIENT_ADDR=198.18.9.1
CLIENT_NAS_ADDR=198.18.9.2
SSH_PROBE_ADDR=198.18.1.2
LAB_RANGE=198.18.0.0/15

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

# ---------------------------------------------------------------------------------------------- network

shape() { # shape NS|'' IF RATE BURST
  local ns=$1 ifname=$2 rate=$3 burst=$4
  if [[ -n $ns ]]; then
    tc -n "$ns" qdisc replace dev "$ifname" root tbf rate "$rate" burst "$burst" latency "$TBF_LATENCY"
  else
    tc qdisc replace dev "$ifname" root tbf rate "$rate" burst "$burst" latency "$TBF_LATENCY"
  fi
}

net_up() {
  local n
  # Guard: any lab-range address that is not on one of the lab's links (e.g. the client link, reachable only
  # from $CLIENT_NS) fails at once on the host instead of following the default route out of the machine.
  ip route replace unreachable "$LAB_RANGE"
  for n in "$NS" "$CLIENT_NS"; do
    ns_exists "$n" || ip netns add "$n"
    ip -n "$n" link set lo up
  done

  local leg name host_if nas_if host_addr nas_addr rate burst _mbit
  for leg in "${LEGS[@]}"; do
    read -r name host_if nas_if host_addr nas_addr rate burst _mbit <<<"$leg"
    if ! link_in_host "$host_if" || ! link_in_ns "$NS" "$nas_if"; then
      # Half-built pair from an interrupted run: remove both ends and start over.
      ip link del "$host_if" 2>/dev/null || true
      ip -n "$NS" link del "$nas_if" 2>/dev/null || true
      ip link del "$nas_if" 2>/dev/null || true
      ip link add "$host_if" type veth peer name "$nas_if"
      ip link set "$nas_if" netns "$NS"
    fi
    ip addr replace "$host_addr/24" dev "$host_if"
    ip -n "$NS" addr replace "$nas_addr/24" dev "$nas_if"
    ip link set "$host_if" up
    ip -n "$NS" link set "$nas_if" up
    shape "" "$host_if" "$rate" "$burst"
    shape "$NS" "$nas_if" "$rate" "$burst"
    log "leg $name: $host_if $host_addr <-> $NS/$nas_if $nas_addr ($rate, burst $burst)"
  done

  if ! link_in_ns "$CLIENT_NS" "$CLIENT_IF" || ! link_in_ns "$NS" "$CLIENT_NAS_IF"; then
    ip -n "$CLIENT_NS" link del "$CLIENT_IF" 2>/dev/null || true
    ip -n "$NS" link del "$CLIENT_NAS_IF" 2>/dev/null || true
    ip link del "$CLIENT_IF" 2>/dev/null || true
    ip link del "$CLIENT_NAS_IF" 2>/dev/null || true
    ip link add "$CLIENT_IF" type veth peer name "$CLIENT_NAS_IF"
    ip link set "$CLIENT_IF" netns "$CLIENT_NS"
    ip link set "$CLIENT_NAS_IF" netns "$NS"
  fi
  ip -n "$CLIENT_NS" addr replace "$CLIENT_ADDR/24" dev "$CLIENT_IF"
  ip -n "$NS" addr replace "$CLIENT_NAS_ADDR/24" dev "$CLIENT_NAS_IF"
  ip -n "$CLIENT_NS" link set "$CLIENT_IF" up
  ip -n "$NS" link set "$CLIENT_NAS_IF" up
  shape "$CLIENT_NS" "$CLIENT_IF" "$FAST_RATE" "$FAST_BURST"
  shape "$NS" "$CLIENT_NAS_IF" "$FAST_RATE" "$FAST_BURST"
  # Multicast (mDNS, SSDP) stays on this link and never reaches the host's real interfaces.
  ip -n "$CLIENT_NS" route replace 224.0.0.0/4 dev "$CLIENT_IF"
  ip -n "$NS" route replace 224.0.0.0/4 dev "$CLIENT_NAS_IF"
  log "client: $CLIENT_NS/$CLIENT_IF $CLIENT_ADDR <-> $NS/$CLIENT_NAS_IF $CLIENT_NAS_ADDR ($FAST_RATE)"
}

net_down() {
  local leg name host_if nas_if _rest
  for leg in "${LEGS[@]}"; do
    read -r name host_if nas_if _rest <<<"$leg"
    ip link del "$host_if" 2>/dev/null || true
    ip link del "$nas_if" 2>/dev/null || true
  done
  ip link del "$CLIENT_IF" 2>/dev/null || true
  ip link del "$CLIENT_NAS_IF" 2>/dev/null || true
  ip route del unreachable "$LAB_RANGE" 2>/dev/null || true
  local n
  for n in "$CLIENT_NS" "$NS"; do
    if ns_exists "$n"; then
      ip netns del "$n" || log "could not delete namespace $n"
    fi
  done
}

# Stop every process living in the lab's namespaces (sshd, its sessions, iperf3/fio left by tests).
kill_ns_pids() {
  local n pids pid i
  for n in "$NS" "$CLIENT_NS"; do
    ns_exists "$n" || continue
    pids=$(ip netns pids "$n" 2>/dev/null || true)
    [[ -n $pids ]] || continue
    for pid in $pids; do kill -TERM "$pid" 2>/dev/null || true; done
    for ((i = 0; i < 50; i++)); do
      pids=$(ip netns pids "$n" 2>/dev/null || true)
      [[ -n $pids ]] || break
      sleep 0.1
    done
    for pid in $pids; do kill -KILL "$pid" 2>/dev/null || true; done
  done
}

# ---------------------------------------------------------------------------------------------- users

ensure_user() { # ensure_user NAME
  local user=$1 home=$HOME_ROOT/$1 cur_home cur_shell
  if id -u "$user" >/dev/null 2>&1; then
    IFS=: read -r _ _ _ _ _ cur_home cur_shell < <(getent passwd "$user")
    [[ $cur_home == "$home" && $cur_shell == /bin/sh ]] || usermod -d "$home" -s /bin/sh "$user"
  else
    useradd -d "$home" -M -s /bin/sh -U "$user"
  fi
  install -d -m 0755 -o "$user" -g "$user" "$home"
  install -d -m 0700 -o "$user" -g "$user" "$home/.ssh"
  cat "$CLIENT_KEY.pub" "$CLIENT_KEY_PASS.pub" | write_file "$home/.ssh/authorized_keys" "$user" 0600
  printf '%s:%s\n' "$user" "$(cat "$PASSWORD_FILE")" | chpasswd
}

# PATH for the "tool missing" NAS user: everything in the system bin folders except fio and iperf3 and their
# helpers (any name containing fio or iperf, plus whatever the Debian packages fio and iperf3 ship).
# Synced in place, so a user logged in during a repeated `up` never sees the folder missing.
build_notools_bin() {
  local dir real f name
  local -A seen_dir=() skip=() want=()
  if command -v dpkg >/dev/null 2>&1; then
    while IFS= read -r f; do
      skip[${f##*/}]=1
    done < <(dpkg -L fio iperf3 2>/dev/null | grep -E '/s?bin/[^/]+$' || true)
  fi
  for dir in /usr/bin /bin /usr/sbin /sbin; do
    [[ -d $dir ]] || continue
    real=$(readlink -f "$dir")
    [[ -z ${seen_dir[$real]:-} ]] || continue
    seen_dir[$real]=1
    for f in "$dir"/*; do
      name=${f##*/}
      case $name in *fio* | *iperf*) continue ;; esac
      [[ -z ${skip[$name]:-} ]] || continue
      [[ -x $f && ! -d $f ]] || continue
      [[ -n ${want[$name]:-} ]] || want[$name]=$f
    done
  done
  install -d -m 0755 -o root -g root "$NOTOOLS_BIN"
  for f in "$NOTOOLS_BIN"/* "$NOTOOLS_BIN"/.[!.]*; do
    [[ -e $f || -L $f ]] || continue
    name=${f##*/}
    if [[ -z ${want[$name]:-} || ! -L $f || $(readlink "$f") != "${want[$name]}" ]]; then rm -rf "$f"; fi
  done
  for name in "${!want[@]}"; do
    [[ -L $NOTOOLS_BIN/$name ]] || ln -s "${want[$name]}" "$NOTOOLS_BIN/$name"
  done
}

users_up() {
  install -d -m 0755 -o root -g root /srv "$LAB_ROOT" "$HOME_ROOT"
  ensure_user "$TEST_USER"
  ensure_user "$NOTOOLS_USER"
  build_notools_bin
  local envfile=$HOME_ROOT/$NOTOOLS_USER/.ssh/environment
  printf 'PATH=%s\n' "$NOTOOLS_BIN" | write_file "$envfile" "$NOTOOLS_USER" 0600

  install -d -m 0755 -o "$TEST_USER" -g "$TEST_USER" "$SHARE"
  mkdir -p "$TINY"
  mountpoint -q "$TINY" || mount -t tmpfs -o "size=$TINY_SIZE,mode=0755" nasbench-tiny "$TINY"
  chown "$TEST_USER:$TEST_USER" "$TINY"
  chmod 0755 "$TINY"
}

users_down() {
  local user
  for user in "$TEST_USER" "$NOTOOLS_USER"; do
    if id -u "$user" >/dev/null 2>&1; then
      # The home lives under $LAB_ROOT, removed below; plain userdel avoids userdel -r's mail-spool errors.
      userdel "$user" 2>/dev/null || userdel -f "$user" || log "could not delete user $user"
    fi
    if getent group "$user" >/dev/null 2>&1; then
      groupdel "$user" 2>/dev/null || log "could not delete group $user"
    fi
  done
}

# ---------------------------------------------------------------------------------------------- secrets

random_hex() { od -An -N"$1" -tx1 /dev/urandom | tr -d ' \n'; }

secrets_up() {
  install -d -m 0700 -o root -g root "$STATE_DIR"
  if [[ ! -s $PASSWORD_FILE ]]; then
    (umask 077 && random_hex 12 >"$PASSWORD_FILE")
  fi
  if [[ ! -s $PASSPHRASE_FILE ]]; then
    (umask 077 && random_hex 12 >"$PASSPHRASE_FILE")
  fi
  if [[ ! -s $HOST_KEY ]]; then
    rm -f "$HOST_KEY" "$HOST_KEY.pub"
    ssh-keygen -q -t ed25519 -N '' -C nasbench-lab-host -f "$HOST_KEY"
  fi
  if [[ ! -s $CLIENT_KEY || ! -s $CLIENT_KEY.pub ]]; then
    rm -f "$CLIENT_KEY" "$CLIENT_KEY.pub"
    ssh-keygen -q -t ed25519 -N '' -C nasbench-lab-client -f "$CLIENT_KEY"
  fi
  if [[ ! -s $CLIENT_KEY_PASS || ! -s $CLIENT_KEY_PASS.pub ]]; then
    rm -f "$CLIENT_KEY_PASS" "$CLIENT_KEY_PASS.pub"
    ssh-keygen -q -t ed25519 -N "$(cat "$PASSPHRASE_FILE")" -C nasbench-lab-client-pass -f "$CLIENT_KEY_PASS"
  fi
  chmod 0600 "$HOST_KEY" "$CLIENT_KEY" "$CLIENT_KEY_PASS" "$PASSWORD_FILE" "$PASSPHRASE_FILE"
}

# ---------------------------------------------------------------------------------------------- sshd

write_sshd_config() {
  write_file "$SSHD_CONFIG" root 0600 <<EOF
# Generated by tests/lab/lab.sh: the NASBench lab's sshd, running inside network namespace $NS.
Port 22
ListenAddress 0.0.0.0
HostKey $HOST_KEY
PidFile $SSHD_PID
UsePAM no
PasswordAuthentication yes
KbdInteractiveAuthentication no
PubkeyAuthentication yes
PermitRootLogin no
PermitUserEnvironment yes
AuthorizedKeysFile .ssh/authorized_keys
StrictModes yes
Subsystem sftp internal-sftp
MaxStartups 50:30:100
MaxSessions 50
UseDNS no
PrintMotd no
LogLevel VERBOSE
EOF
}

# Prints the pid of the lab's running sshd listener, or nothing.
sshd_pid() {
  [[ -s $SSHD_PID ]] || return 0
  local pid
  pid=$(tr -dc '0-9' <"$SSHD_PID")
  [[ -n $pid ]] || return 0
  kill -0 "$pid" 2>/dev/null || return 0
  [[ $(cat "/proc/$pid/comm" 2>/dev/null) == sshd ]] || return 0
  [[ $(ip netns identify "$pid" 2>/dev/null) == "$NS" ]] || return 0
  printf '%s\n' "$pid"
}

sshd_stop() {
  local pid i
  pid=$(sshd_pid)
  if [[ -n $pid ]]; then
    kill -TERM "$pid" 2>/dev/null || true
    for ((i = 0; i < 50; i++)); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    kill -KILL "$pid" 2>/dev/null || true
  fi
  rm -f "$SSHD_PID"
}

ssh_answers() { # ssh_answers ADDR: true if an SSH banner comes back from ADDR:22
  # shellcheck disable=SC2016 # $1 expands in the inner bash
  timeout 2 bash -c 'exec 3<>"/dev/tcp/$1/22" && head -c 7 <&3' _ "$1" 2>/dev/null | grep -q '^SSH-2.0'
}

sshd_start() {
  # Privilege separation directory. ip netns exec gives sshd a copy of the current mounts (propagation here
  # is private), so /run/sshd and the tiny volume must exist before it starts.
  if [[ ! -d /run/sshd ]]; then
    install -d -m 0755 -o root -g root /run/sshd
    : >"$STATE_DIR/created-run-sshd"
  fi
  write_sshd_config
  "$SSHD" -t -f "$SSHD_CONFIG" || die "sshd rejected $SSHD_CONFIG"
  : >>"$SSHD_LOG"
  chmod 0600 "$SSHD_LOG"
  # 9>&-: the daemon must not inherit the lock.
  ip netns exec "$NS" "$SSHD" -f "$SSHD_CONFIG" -E "$SSHD_LOG" 9>&-
  local i
  for ((i = 0; i < 100; i++)); do
    if ssh_answers "$SSH_PROBE_ADDR"; then
      log "sshd (pid $(sshd_pid)) answers on $SSH_PROBE_ADDR:22"
      return 0
    fi
    sleep 0.1
  done
  tail -n 20 "$SSHD_LOG" >&2 || true
  die "sshd in $NS did not answer on $SSH_PROBE_ADDR:22 within 10 s (log: $SSHD_LOG)"
}

sshd_up() {
  local pid
  pid=$(sshd_pid)
  if [[ -n $pid ]]; then
    # A running sshd that predates the tiny mount cannot see it: restart it.
    if grep -q " $TINY " "/proc/$pid/mountinfo" 2>/dev/null && ssh_answers "$SSH_PROBE_ADDR"; then
      write_sshd_config
      log "sshd already running (pid $pid)"
      return 0
    fi
    sshd_stop
  fi
  sshd_start
}

share_mount_up() {
  if mountpoint -q "$CLIENT_MOUNT" 2>/dev/null && timeout 5 stat -t "$CLIENT_MOUNT" >/dev/null 2>&1; then
    log "share already mounted at $CLIENT_MOUNT"
    return 0
  fi
  share_mount_down
  install -d -m 0755 "$CLIENT_MOUNT"
  printf '%s %s\n' "$SSH_PROBE_ADDR" "$(cut -d' ' -f1,2 "$HOST_KEY.pub")" >"$SSHFS_KNOWN_HOSTS"
  # 9>&-: the sshfs daemon must not inherit the lock.
  sshfs "$TEST_USER@$SSH_PROBE_ADDR:$SHARE" "$CLIENT_MOUNT" \
    -o "IdentityFile=$CLIENT_KEY,UserKnownHostsFile=$SSHFS_KNOWN_HOSTS,StrictHostKeyChecking=yes" \
    -o BatchMode=yes,ServerAliveInterval=5,ServerAliveCountMax=3 9>&- ||
    die "could not mount the lab share over sshfs at $CLIENT_MOUNT"
  log "share: $TEST_USER@$SSH_PROBE_ADDR:$SHARE on $CLIENT_MOUNT (fuse.sshfs)"
}

share_mount_down() {
  if mountpoint -q "$CLIENT_MOUNT" 2>/dev/null || grep -q " $CLIENT_MOUNT fuse" /proc/mounts; then
    fusermount -u "$CLIENT_MOUNT" 2>/dev/null || umount -l "$CLIENT_MOUNT" || log "could not unmount $CLIENT_MOUNT"
  fi
  if ! grep -q " $CLIENT_MOUNT fuse" /proc/mounts; then
    rmdir "$CLIENT_MOUNT" 2>/dev/null || true
    rm -f "$SSHFS_KNOWN_HOSTS"
    rmdir "${CLIENT_MOUNT%/*}" 2>/dev/null || true
  fi
}

# ---------------------------------------------------------------------------------------------- state

write_state() {
  local password passphrase legs_json="" leg name host_if nas_if host_addr nas_addr _rate _burst mbit
  password=$(cat "$PASSWORD_FILE")
  passphrase=$(cat "$PASSPHRASE_FILE")
  for leg in "${LEGS[@]}"; do
    read -r name host_if nas_if host_addr nas_addr _rate _burst mbit <<<"$leg"
    [[ -z $legs_json ]] || legs_json+=','
    legs_json+=$(printf '\n    "%s": {"host": "%s", "nas": "%s", "hostIf": "%s", "nasIf": "%s", "rateMbit": %s}' \
      "$name" "$host_addr" "$nas_addr" "$host_if" "$nas_if" "$mbit")
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
  "client": {"client": "$CLIENT_ADDR", "nas": "$CLIENT_NAS_ADDR", "clientIf": "$CLIENT_IF", "nasIf": "$CLIENT_NAS_IF", "rateMbit": 1000},
  "ssh": {"port": 22, "hostKeyPub": "$HOST_KEY.pub", "pidFile": "$SSHD_PID", "log": "$SSHD_LOG"},
  "users": {$users_json
  },
  "share": "$SHARE",
  "clientMount": {"path": "$CLIENT_MOUNT", "fsType": "fuse.sshfs", "server": "$SSH_PROBE_ADDR", "remotePath": "$SHARE"},
  "tiny": "$TINY",
  "tinyBytes": $((64 * 1024 * 1024)),
  "notoolsBin": "$NOTOOLS_BIN"
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
  for tool in ip tc ssh-keygen useradd chpasswd mount sshfs fusermount "$SSHD"; do
    command -v "$tool" >/dev/null 2>&1 || die "missing $tool (apt-get install -y openssh-server iproute2 passwd sshfs)"
  done
  secrets_up
  net_up
  users_up
  sshd_up
  share_mount_up
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
  share_mount_down
  kill_ns_pids
  rm -f "$SSHD_PID"
  net_down
  if mountpoint -q "$TINY" 2>/dev/null; then
    umount "$TINY" || umount -l "$TINY" || log "could not unmount $TINY"
  fi
  users_down
  if mountpoint -q "$TINY" 2>/dev/null; then
    die "$TINY is still mounted; not removing $LAB_ROOT"
  fi
  if grep -q " $CLIENT_MOUNT fuse" /proc/mounts; then
    die "$CLIENT_MOUNT is still mounted; not removing the lab"
  fi
  # /run/sshd only if this lab made it (an empty privilege-separation dir; rmdir leaves it if not empty).
  if [[ -e $STATE_DIR/created-run-sshd ]]; then
    rmdir /run/sshd 2>/dev/null || true
  fi
  rm -rf "$LAB_ROOT" "$STATE_DIR" "$HOLDERS_DIR"
  log "down"
}

cmd_rekey() {
  require_root
  take_lock
  [[ -d $STATE_DIR ]] || die "lab is not up (no $STATE_DIR)"
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
  pid=$(sshd_pid)
  if [[ -n $pid ]] && ssh_answers "$SSH_PROBE_ADDR"; then
    echo "sshd: pid $pid, answering on $SSH_PROBE_ADDR:22"
  else
    echo "sshd: NOT RUNNING"
    ok=0
  fi
  for n in "$TEST_USER" "$NOTOOLS_USER"; do
    if id -u "$n" >/dev/null 2>&1; then echo "user $n: $(getent passwd "$n")"; else
      echo "user $n: MISSING"
      ok=0
    fi
  done
  if mountpoint -q "$TINY" 2>/dev/null; then echo "tiny: $(findmnt -n -o SOURCE,FSTYPE,OPTIONS "$TINY")"; else
    echo "tiny: NOT MOUNTED"
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
  echo "usage: $0 up [--holder PID] | down [--holder PID] | status | rekey" >&2
  exit 2
}

[[ $# -ge 1 ]] || usage
command=$1
shift
holder=
if [[ $# -gt 0 ]]; then
  [[ $# -eq 2 && $1 == --holder && $2 =~ ^[0-9]+$ && ($command == up || $command == down) ]] || usage
  holder=$2
fi
case $command in
  up) cmd_up "$holder" ;;
  down) cmd_down "$holder" ;;
  status) cmd_status ;;
  rekey) cmd_rekey ;;
  *) usage ;;
esac
