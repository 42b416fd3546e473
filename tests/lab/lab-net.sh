# Sourced by lab.sh: the lab's network — namespaces, veth legs with tbf shaping, and the client namespace.
# Uses the variables and helpers lab.sh defines before sourcing it.

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

  local leg name host_if nas_if host_addr nas_addr rate burst _mbit nas_mtu
  for leg in "${LEGS[@]}"; do
    read -r name host_if nas_if host_addr nas_addr rate burst _mbit nas_mtu <<<"$leg"
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
    ip -n "$NS" link set "$nas_if" mtu "$nas_mtu"
    ip link set "$host_if" up
    ip -n "$NS" link set "$nas_if" up
    shape "" "$host_if" "$rate" "$burst"
    shape "$NS" "$nas_if" "$rate" "$burst"
    log "leg $name: $host_if $host_addr <-> $NS/$nas_if $nas_addr ($rate, burst $burst, NAS MTU $nas_mtu)"
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

