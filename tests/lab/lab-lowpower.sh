# Sourced by lab.sh: a low-power NAS, the commonest limit of a home NAS being its processor.
#
#   One "NAS" of its own inside the NAS namespace: an sshd (port 2027) and a Samba (lab-smb.sh's "lowpower", port
#   4456), both in a cgroup held to $LOWPOWER_QUOTA_PERCENT% of one core (cgroup v1 here: cpu and cpuacct are
#   separate hierarchies; cpuacct.usage is the ground truth for the CPU they used), and both in a PID namespace
#   of their own with its own /proc: the NAS's reader sees the NAS's processes only, not this computer's (the
#   test runner, the client's side of each test), as on a real NAS. Its logins see the lowpower Samba's config at
#   /etc/samba/smb.conf. A test may lift the quota (cpu.cfs_quota_us = -1) to compare with the same NAS unrestricted.
# Uses the variables and helpers of lab.sh, lab-nas.sh, lab-field.sh and lab-smb.sh.

LOWPOWER_PORT=2027
# Named after the sandbox it runs in (sandbox.sh): cgroups are the one thing two sandboxes' labs would share.
LOWPOWER_CGROUP=nasbench-lowpower${NASBENCH_LAB_SANDBOX:+-$NASBENCH_LAB_SANDBOX}
LOWPOWER_QUOTA_PERCENT=${NASBENCH_LAB_LOWPOWER_PERCENT:-5}
# The host's pid of the process holding the NAS's PID namespace (unshare, waiting for its init).
LOWPOWER_PID_FILE=$STATE_DIR/lowpower.pid

lowpower_cgroup_up() {
  local controller
  for controller in cpu cpuacct; do
    [[ -d /sys/fs/cgroup/$controller ]] || die "no cgroup v1 $controller controller at /sys/fs/cgroup/$controller"
    install -d "/sys/fs/cgroup/$controller/$LOWPOWER_CGROUP"
  done
  echo 100000 >"/sys/fs/cgroup/cpu/$LOWPOWER_CGROUP/cpu.cfs_period_us"
  # No quota while the daemons start: smbd loading its libraries at 5% of a core takes over 10 s.
  echo -1 >"/sys/fs/cgroup/cpu/$LOWPOWER_CGROUP/cpu.cfs_quota_us"
}

lowpower_cgroup_hold() { # once the daemons answer: the low-power NAS from then on
  echo $((LOWPOWER_QUOTA_PERCENT * 1000)) >"/sys/fs/cgroup/cpu/$LOWPOWER_CGROUP/cpu.cfs_quota_us"
}

lowpower_cgroup_down() { # after the namespace's processes are gone: an empty cgroup can be removed
  local controller
  for controller in cpu cpuacct; do
    rmdir "/sys/fs/cgroup/$controller/$LOWPOWER_CGROUP" 2>/dev/null || true
  done
}

lowpower_pid() { # the host pid holding the low-power NAS's namespaces, or nothing
  [[ -s $LOWPOWER_PID_FILE ]] || return 0
  local pid
  pid=$(tr -dc '0-9' <"$LOWPOWER_PID_FILE")
  [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null || return 0
  [[ $(cat "/proc/$pid/comm" 2>/dev/null) == unshare ]] || return 0
  printf '%s\n' "$pid"
}

lowpower_up() {
  if [[ -n $(lowpower_pid) ]] && ssh_answers "$SSH_PROBE_ADDR" "$LOWPOWER_PORT" && smb_answers 4456; then
    log "low-power NAS already running"
    return 0
  fi
  stop_pid "$(lowpower_pid)"
  local config key log_file
  write_field_config lowpower "$LOWPOWER_PORT"
  config=$(field_config lowpower)
  key=$(field_host_key lowpower)
  if [[ ! -s $key ]]; then
    ssh-keygen -q -t ed25519 -N '' -C nasbench-lab-lowpower -f "$key"
    chmod 0600 "$key"
  fi
  log_file=$(field_log lowpower)
  : >>"$log_file"
  chmod 0600 "$log_file"
  "$SSHD" -t -f "$config" || die "sshd rejected $config"
  # Into the cgroup before `ip netns exec`, whose fresh /sys hides the cgroup file systems; then a PID namespace
  # with its own /proc, where the cgroup hierarchies are mounted again (a NAS shows its own: a process's CPU
  # quota is read there), Samba daemonises and sshd stays in front as the namespace's first process.
  # 9>&-: the daemons must not inherit the lock.
  sh -c 'echo $$ >"$1" && echo $$ >"$2" && shift 2 && exec "$@"' sh \
    "/sys/fs/cgroup/cpu/$LOWPOWER_CGROUP/cgroup.procs" "/sys/fs/cgroup/cpuacct/$LOWPOWER_CGROUP/cgroup.procs" \
    ip netns exec "$NS" unshare --pid --fork --kill-child --mount-proc --propagation private \
    sh -c 'mount --bind "$1" /etc/samba/smb.conf && mount -t tmpfs cgroups /sys/fs/cgroup &&
      mkdir /sys/fs/cgroup/cpu /sys/fs/cgroup/cpuacct && mount -t cgroup -o cpu cpu /sys/fs/cgroup/cpu &&
      mount -t cgroup -o cpuacct cpuacct /sys/fs/cgroup/cpuacct &&
      smbd -D -s "$1" && exec "$2" -D -f "$3" -E "$4"' sh \
    "$(smb_conf lowpower)" "$SSHD" "$config" "$log_file" </dev/null >>"$log_file" 2>&1 9>&- &
  echo $! >"$LOWPOWER_PID_FILE"
  local i
  for ((i = 0; i < 100; i++)); do
    if ssh_answers "$SSH_PROBE_ADDR" "$LOWPOWER_PORT" && smb_answers 4456; then
      lowpower_cgroup_hold
      log "low-power NAS (cgroup $LOWPOWER_CGROUP, ${LOWPOWER_QUOTA_PERCENT}% of a core) answers on $SSH_PROBE_ADDR:$LOWPOWER_PORT and :4456"
      return 0
    fi
    sleep 0.1
  done
  tail -n 20 "$log_file" >&2 || true
  die "the low-power NAS did not answer on $SSH_PROBE_ADDR:$LOWPOWER_PORT and :4456 within 10 s"
}

lowpower_state_json() {
  printf '"lowpower": {"port": %s, "hostKeyPub": "%s", "cgroup": "%s", "quotaPercent": %s, "quota": "%s", "cpuacct": "%s"}' \
    "$LOWPOWER_PORT" "$(field_host_key lowpower).pub" "$LOWPOWER_CGROUP" "$LOWPOWER_QUOTA_PERCENT" \
    "/sys/fs/cgroup/cpu/$LOWPOWER_CGROUP/cpu.cfs_quota_us" "/sys/fs/cgroup/cpuacct/$LOWPOWER_CGROUP/cpuacct.usage"
}

lowpower_status() {
  if [[ -n $(lowpower_pid) ]] && ssh_answers "$SSH_PROBE_ADDR" "$LOWPOWER_PORT"; then
    echo "low-power NAS: pid $(lowpower_pid), answering on $SSH_PROBE_ADDR:$LOWPOWER_PORT"
  else
    echo "low-power NAS: NOT RUNNING"
    return 1
  fi
}
