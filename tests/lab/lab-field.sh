# Sourced by lab.sh: stand-ins for NAS setups found in the field, beside the friendly Debian NAS.
#
#   users     nbcsh (csh), nbfish (fish), nbbashrc (bash whose ~/.bashrc prints on stdout and stderr), each
#             with rc files that print, as NAS users' shells do; nbentware (sh) whose PATH has no fio or iperf3;
#             nbchatty (bash whose ~/.bashrc prints 40 MB on every command: a login NASBench must refuse).
#   sshds     in the same NAS namespace, each its own process with its own config, host key and log:
#             kbd      port 2022  passwords only through keyboard-interactive (PAM), as macOS and many NAS firmwares
#             rsa      port 2023  an RSA host key only (OpenSSH refuses its SHA-1 signature, rsa-sha2-* works)
#             entware  port 2024  fio and iperf3 only in /opt/bin (Entware), off the users' SSH PATH
#             planted  port 2030  /opt/bin writable by every user, as a share is, holding an fio and an iperf3 that
#                                 another user (nbnotools) put there: scripts that append to a marker file if run
#             smbsigned port 2028 the NAS whose Samba requires signing (lab-smb.sh's "signed", port 4455): its
#                                 logins see that Samba's config at /etc/samba/smb.conf
#             rootlogin port 2029 root logs in, by key only, as on Unraid and TrueNAS CORE: smbstatus (root only)
#                                 answers there. /etc/samba/smb.conf is Debian's stock file, not the running
#                                 config, as on TrueNAS (smbd --configfile /etc/smb4.conf) and every NAS whose smbd
#                                 starts with -s: only the running smbd's own command line names its config
#   dropbear  port 2025: Dropbear, the small SSH server of embedded NAS firmwares and of routers serving a USB
#             disk, instead of OpenSSH: its own key format and protocol code, commands run with its PATH
#             (/usr/bin:/bin, no sbin) and it ends a command whose connection went. It forwards TCP but knows no
#             unix-socket streams.
#   lockdown  port 2026: a Dropbear as the most locked-down firmwares run it: no forwarding at all (-j -k) and no
#             setsid (hidden in its private mount namespace), so a command leads no process group and cannot be
#             made to.
#
# The kbd, entware and planted sshds run in a private mount namespace: their /etc/pam.d/sshd and /opt are the lab's
# own files bound over the host's, so the lab never writes to the host's /etc or /opt.
# Uses the variables and helpers of lab.sh and lab-nas.sh.

CSH_USER=nbcsh
FISH_USER=nbfish
BASHRC_USER=nbbashrc
ENTWARE_USER=nbentware
CHATTY_USER=nbchatty
FIELD_ROOT=$LAB_ROOT/field
ENTWARE_OPT=$FIELD_ROOT/opt
PLANTED_OPT=$FIELD_ROOT/planted-opt
# Where a planted program, if run, leaves its mark: a file named "ran", one line per run.
PLANTED_MARKS=$FIELD_ROOT/planted-marks
FIELD_PAM=$FIELD_ROOT/pam-sshd

# name  port  host-key-type
FIELD_SSHDS=(
  "kbd 2022 ed25519"
  "rsa 2023 rsa"
  "entware 2024 ed25519"
  "smbsigned 2028 ed25519"
  "rootlogin 2029 ed25519"
  "planted 2030 ed25519"
)
# The lab's own authorized_keys for root on the rootlogin sshd (the host's /root/.ssh is never touched).
ROOT_AUTHORIZED_KEYS=$STATE_DIR/root_authorized_keys

field_users_up() {
  ensure_user "$CSH_USER" /usr/bin/csh
  ensure_user "$FISH_USER" /usr/bin/fish
  ensure_user "$BASHRC_USER" /bin/bash
  ensure_user "$ENTWARE_USER" /bin/sh
  ensure_user "$CHATTY_USER" /bin/bash
  local home
  home=$HOME_ROOT/$CSH_USER
  write_file "$home/.cshrc" "$CSH_USER" 0644 <<'RC'
echo "Welcome to the csh NAS (printed by .cshrc)"
sh -c 'echo ".cshrc says this on stderr" >&2'
RC
  home=$HOME_ROOT/$FISH_USER
  install -d -m 0755 -o "$FISH_USER" -g "$FISH_USER" "$home/.config" "$home/.config/fish"
  write_file "$home/.config/fish/config.fish" "$FISH_USER" 0644 <<'RC'
echo "Welcome to the fish NAS (printed by config.fish)"
echo "config.fish says this on stderr" >&2
RC
  home=$HOME_ROOT/$BASHRC_USER
  # Debian's bash reads ~/.bashrc even for `ssh host command` (it is built with SSH_SOURCE_BASHRC).
  write_file "$home/.bashrc" "$BASHRC_USER" 0644 <<'RC'
echo "Welcome to the bash NAS (printed by .bashrc)"
echo ".bashrc says this on stderr" >&2
RC
  printf 'PATH=%s\n' "$NOTOOLS_BIN" | write_file "$HOME_ROOT/$ENTWARE_USER/.ssh/environment" "$ENTWARE_USER" 0600
  # A .bashrc that prints a log or runs a chatty tool on every command, 40 MB of it (about 0.1 s here).
  write_file "$HOME_ROOT/$CHATTY_USER/.bashrc" "$CHATTY_USER" 0644 <<'RC'
yes 'Welcome to the chatty NAS: this .bashrc prints 40 MB on every command, also over SSH' | head -c 40000000
RC

  # What Entware leaves on a NAS: /opt/bin holding the tools, outside the PATH of SSH commands.
  install -d -m 0755 -o root -g root "$FIELD_ROOT" "$ENTWARE_OPT" "$ENTWARE_OPT/bin"
  ln -sfn "$(command -v fio)" "$ENTWARE_OPT/bin/fio"
  ln -sfn "$(command -v iperf3)" "$ENTWARE_OPT/bin/iperf3"
  # A folder the probe searches that every user may write, as a share is (sticky, as /tmp: no help), holding
  # an fio and an iperf3 another user put there. Run, each would say it ran in $PLANTED_MARKS/ran (the
  # marks folder is writable by all, so whichever login ran it can) and print a version of its own.
  install -d -m 0755 -o root -g root "$PLANTED_OPT"
  install -d -m 1777 -o root -g root "$PLANTED_OPT/bin" "$PLANTED_MARKS"
  rm -f "$PLANTED_MARKS/ran"
  printf '#!/bin/sh\necho "fio $*" >>%s/ran\necho fio-9.99\n' "$PLANTED_MARKS" |
    write_file "$PLANTED_OPT/bin/fio" "$NOTOOLS_USER" 0755
  printf '#!/bin/sh\necho "iperf3 $*" >>%s/ran\necho "iperf 9.99"\n' "$PLANTED_MARKS" |
    write_file "$PLANTED_OPT/bin/iperf3" "$NOTOOLS_USER" 0755
  # Passwords checked by PAM (pam_unix), nothing else: no loginuid or motd modules that need a full system.
  write_file "$FIELD_PAM" root 0644 <<'PAM'
auth     required pam_unix.so
account  required pam_unix.so
session  required pam_unix.so
PAM
}

field_users_down() {
  local user
  for user in "$CSH_USER" "$FISH_USER" "$BASHRC_USER" "$ENTWARE_USER" "$CHATTY_USER"; do remove_user "$user"; done
}

DROPBEAR=/usr/sbin/dropbear
# name  port  extra options: the Dropbears of the lab
DROPBEARS=(
  "dropbear 2025"
  "lockdown 2026 -j -k"
)
# Bound over setsid in the lockdown Dropbear's mount namespace: an empty file no shell takes for a program.
NO_SETSID=$FIELD_ROOT/no-setsid

field_host_key() { echo "$STATE_DIR/ssh_host_$1_key"; }
field_pid_file() { echo "$STATE_DIR/sshd-$1.pid"; }
field_log() { echo "$STATE_DIR/sshd-$1.log"; }
field_config() { echo "$STATE_DIR/sshd-$1.config"; }

field_secrets_up() {
  local entry name _port type key
  for entry in "${FIELD_SSHDS[@]}"; do
    read -r name _port type <<<"$entry"
    key=$(field_host_key "$name")
    if [[ ! -s $key ]]; then
      rm -f "$key" "$key.pub"
      ssh-keygen -q -t "$type" -N '' -C "nasbench-lab-$name" -f "$key"
    fi
    chmod 0600 "$key"
  done
  for entry in "${DROPBEARS[@]}"; do
    read -r name _port <<<"$entry"
    key=$(field_host_key "$name")
    if [[ ! -s $key ]]; then
      rm -f "$key" "$key.pub"
      dropbearkey -t ed25519 -f "$key" >/dev/null 2>&1 || die "dropbearkey could not make $key"
      # The public half in OpenSSH's one-line form, as the other sshds' .pub files are.
      dropbearkey -y -f "$key" | grep '^ssh-ed25519 ' >"$key.pub"
    fi
    chmod 0600 "$key"
  done
}

write_field_config() { # write_field_config NAME PORT
  local name=$1 port=$2 auth root=no keys=.ssh/authorized_keys
  case $name in
    kbd) auth=$'UsePAM yes\nPasswordAuthentication no\nKbdInteractiveAuthentication yes' ;;
    *) auth=$'UsePAM no\nPasswordAuthentication yes\nKbdInteractiveAuthentication no' ;;
  esac
  if [[ $name == rootlogin ]]; then
    root=prohibit-password
    keys=$ROOT_AUTHORIZED_KEYS
    write_file "$ROOT_AUTHORIZED_KEYS" root 0600 <"$CLIENT_KEY.pub"
  fi
  write_file "$(field_config "$name")" root 0600 <<CONF
# Generated by tests/lab/lab-field.sh: the "$name" field sshd, in network namespace $NS.
Port $port
ListenAddress 0.0.0.0
HostKey $(field_host_key "$name")
PidFile $(field_pid_file "$name")
$auth
PubkeyAuthentication yes
PermitRootLogin $root
PermitUserEnvironment yes
AuthorizedKeysFile $keys
StrictModes yes
MaxStartups 50:30:100
MaxSessions 50
UseDNS no
PrintMotd no
LogLevel VERBOSE
CONF
}

field_sshd_pid() { # field_sshd_pid NAME: the pid of that running sshd, or nothing
  local file pid
  file=$(field_pid_file "$1")
  [[ -s $file ]] || return 0
  pid=$(tr -dc '0-9' <"$file")
  [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null || return 0
  [[ $(cat "/proc/$pid/comm" 2>/dev/null) == sshd ]] || return 0
  printf '%s\n' "$pid"
}

field_sshd_start() { # field_sshd_start NAME PORT
  local name=$1 port=$2 config mounts=""
  config=$(field_config "$name")
  write_field_config "$name" "$port"
  "$SSHD" -t -f "$config" || die "sshd rejected $config"
  : >>"$(field_log "$name")"
  chmod 0600 "$(field_log "$name")"
  case $name in
    kbd) mounts="mount --bind '$FIELD_PAM' /etc/pam.d/sshd" ;;
    entware) mounts="mount --bind '$ENTWARE_OPT' /opt" ;;
    planted) mounts="mount --bind '$PLANTED_OPT' /opt" ;;
    smbsigned) mounts="mount --bind '$(smb_conf signed)' /etc/samba/smb.conf" ;;
  esac
  # 9>&-: the daemon must not inherit the lock.
  ip netns exec "$NS" unshare --mount --propagation private \
    sh -c "${mounts:-true} && exec '$SSHD' -f '$config' -E '$(field_log "$name")'" 9>&-
  local i
  for ((i = 0; i < 100; i++)); do
    if ssh_answers "$SSH_PROBE_ADDR" "$port"; then
      log "field sshd $name (pid $(field_sshd_pid "$name")) answers on $SSH_PROBE_ADDR:$port"
      return 0
    fi
    sleep 0.1
  done
  tail -n 20 "$(field_log "$name")" >&2 || true
  die "field sshd $name did not answer on $SSH_PROBE_ADDR:$port within 10 s"
}

field_sshds_up() {
  local entry name port _type
  for entry in "${FIELD_SSHDS[@]}"; do
    read -r name port _type <<<"$entry"
    if [[ -n $(field_sshd_pid "$name") ]] && ssh_answers "$SSH_PROBE_ADDR" "$port"; then
      log "field sshd $name already running"
    else
      field_sshd_start "$name" "$port"
    fi
  done
  local options
  for entry in "${DROPBEARS[@]}"; do
    read -r name port options <<<"$entry"
    # shellcheck disable=SC2086 # the extra options are words
    dropbear_up "$name" "$port" $options
  done
}

dropbear_pid() { # dropbear_pid NAME: the pid of that running dropbear, or nothing
  local file pid
  file=$(field_pid_file "$1")
  [[ -s $file ]] || return 0
  pid=$(tr -dc '0-9' <"$file")
  [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null || return 0
  [[ $(cat "/proc/$pid/comm" 2>/dev/null) == dropbear ]] || return 0
  printf '%s\n' "$pid"
}

dropbear_up() { # dropbear_up NAME PORT [OPTIONS...]
  local name=$1 port=$2 mounts=true
  shift 2
  if [[ -n $(dropbear_pid "$name") ]] && ssh_answers "$SSH_PROBE_ADDR" "$port"; then
    log "$name already running"
    return 0
  fi
  local log_file
  log_file=$(field_log "$name")
  : >>"$log_file"
  chmod 0600 "$log_file"
  if [[ $name == lockdown ]]; then
    install -m 0644 -o root -g root /dev/null "$NO_SETSID"
    mounts="mount --bind '$NO_SETSID' '$(command -v setsid)'"
  fi
  # -F -E: in the foreground, logging to its file (a daemon would log to a syslog the lab does not have);
  # setsid and & detach it as sshd detaches itself. -w: no root login, as the other sshds. Its own mount
  # namespace holds what hides setsid from the lockdown Dropbear's logins.
  ip netns exec "$NS" setsid unshare --mount --propagation private sh -c "$mounts && exec \"\$@\"" sh \
    "$DROPBEAR" -F -E -w -p "0.0.0.0:$port" -r "$(field_host_key "$name")" -P "$(field_pid_file "$name")" "$@" \
    </dev/null >>"$log_file" 2>&1 9>&- &
  local i
  for ((i = 0; i < 100; i++)); do
    if ssh_answers "$SSH_PROBE_ADDR" "$port"; then
      log "$name (pid $(dropbear_pid "$name")) answers on $SSH_PROBE_ADDR:$port"
      return 0
    fi
    sleep 0.1
  done
  tail -n 20 "$log_file" >&2 || true
  die "$name did not answer on $SSH_PROBE_ADDR:$port within 10 s"
}

field_rekey() { # field_rekey NAME: a new host key for that field sshd (a reset NAS), then restart it
  local entry name port type key
  for entry in "${FIELD_SSHDS[@]}"; do
    read -r name port type <<<"$entry"
    [[ $name == "$1" ]] || continue
    key=$(field_host_key "$name")
    rm -f "$key" "$key.pub"
    ssh-keygen -q -t "$type" -N '' -C "nasbench-lab-$name" -f "$key"
    chmod 0600 "$key"
    stop_pid "$(field_sshd_pid "$name")"
    field_sshd_start "$name" "$port"
    log "new host key for $name: $(ssh-keygen -l -f "$key.pub")"
    return 0
  done
  die "no field sshd called $1"
}

# The field part of state.json (after "notoolsBin"): users and sshds, as tests/lab/lab.ts reads them.
field_state_json() {
  local password users="" user key sshds="" entry name port _type
  password=$(cat "$PASSWORD_FILE")
  for key in csh fish bashrc entware chatty; do
    case $key in
      csh) user=$CSH_USER ;; fish) user=$FISH_USER ;; bashrc) user=$BASHRC_USER ;; entware) user=$ENTWARE_USER ;;
      chatty) user=$CHATTY_USER ;;
    esac
    [[ -z $users ]] || users+=','
    users+=$(printf '\n      "%s": {"name": "%s", "home": "%s", "password": "%s", "key": "%s", "keyWithPassphrase": "%s", "passphrase": "%s"}' \
      "$key" "$user" "$HOME_ROOT/$user" "$password" "$CLIENT_KEY" "$CLIENT_KEY_PASS" "$(cat "$PASSPHRASE_FILE")")
  done
  for entry in "${FIELD_SSHDS[@]}"; do
    read -r name port _type <<<"$entry"
    [[ -z $sshds ]] || sshds+=','
    sshds+=$(printf '\n      "%s": {"port": %s, "hostKeyPub": "%s", "log": "%s"}' \
      "$name" "$port" "$(field_host_key "$name").pub" "$(field_log "$name")")
  done
  for entry in "${DROPBEARS[@]}"; do
    read -r name port _type <<<"$entry"
    sshds+=$(printf ',\n      "%s": {"port": %s, "hostKeyPub": "%s", "log": "%s"}' \
      "$name" "$port" "$(field_host_key "$name").pub" "$(field_log "$name")")
  done
  printf '"field": {\n    "users": {%s\n    },\n    "sshds": {%s\n    },\n    "entwareBin": "/opt/bin",\n    "plantedMark": "%s"\n  }' \
    "$users" "$sshds" "$PLANTED_MARKS/ran"
}

field_status() { # prints one line per field sshd; returns 1 when one is not answering
  local entry name port _type pid ok=0
  for entry in "${FIELD_SSHDS[@]}"; do
    read -r name port _type <<<"$entry"
    pid=$(field_sshd_pid "$name")
    if [[ -n $pid ]] && ssh_answers "$SSH_PROBE_ADDR" "$port"; then
      echo "field sshd $name: pid $pid, answering on $SSH_PROBE_ADDR:$port"
    else
      echo "field sshd $name: NOT RUNNING"
      ok=1
    fi
  done
  for entry in "${DROPBEARS[@]}"; do
    read -r name port _type <<<"$entry"
    pid=$(dropbear_pid "$name")
    if [[ -n $pid ]] && ssh_answers "$SSH_PROBE_ADDR" "$port"; then
      echo "$name: pid $pid, answering on $SSH_PROBE_ADDR:$port"
    else
      echo "$name: NOT RUNNING"
      ok=1
    fi
  done
  return $ok
}
