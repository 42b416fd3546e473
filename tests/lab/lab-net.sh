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
  routed_up
  usb_adapter_up
}

# The NAS's USB adapter named after its MAC (USB_IF in lab.sh): both ends of a veth in the NAS namespace.
usb_adapter_up() {
  if ! link_in_ns "$NS" "$USB_IF" || ! link_in_ns "$NS" "$USB_PEER"; then
    ip -n "$NS" link del "$USB_IF" 2>/dev/null || true
    ip -n "$NS" link del "$USB_PEER" 2>/dev/null || true
    ip -n "$NS" link add "$USB_IF" type veth peer name "$USB_PEER"
  fi
  ip -n "$NS" link set "$USB_IF" address "$USB_MAC"
  ip -n "$NS" link set "$USB_IF" up
  ip -n "$NS" link set "$USB_PEER" up
  log "usb adapter: $NS/$USB_IF ($USB_MAC), no address"
}

# pair NS_A IF_A NS_B IF_B: a veth pair between two namespaces ('' is the host), rebuilt when half there.
pair() {
  local ns_a=$1 if_a=$2 ns_b=$3 if_b=$4
  local in_a=(ip) in_b=(ip)
  [[ -z $ns_a ]] || in_a=(ip -n "$ns_a")
  [[ -z $ns_b ]] || in_b=(ip -n "$ns_b")
  if "${in_a[@]}" link show dev "$if_a" >/dev/null 2>&1 && "${in_b[@]}" link show dev "$if_b" >/dev/null 2>&1; then
    return 0
  fi
  "${in_a[@]}" link del "$if_a" 2>/dev/null || true
  "${in_b[@]}" link del "$if_b" 2>/dev/null || true
  ip link del "$if_a" 2>/dev/null || true
  ip link del "$if_b" 2>/dev/null || true
  ip link add "$if_a" type veth peer name "$if_b"
  [[ -z $ns_a ]] || ip link set "$if_a" netns "$ns_a"
  [[ -z $ns_b ]] || ip link set "$if_b" netns "$ns_b"
}

# this computer -> router -> NAS, with the bottleneck on the router (see ROUTED in lab.sh). The NAS end of the
# router's link carries no address: the NAS answers at an address on its loopback, so its probe lists no extra port
# (the leg planner and the link check see the NAS's three links, as before) while the address is reached only
# through the router.
routed_up() {
  local host_if host_addr rh_if rh_addr rn_if rn_addr nas_if nas_addr
  read -r host_if host_addr rh_if rh_addr rn_if rn_addr nas_if nas_addr <<<"$ROUTED"
  ns_exists "$ROUTER_NS" || ip netns add "$ROUTER_NS"
  ip -n "$ROUTER_NS" link set lo up
  ip netns exec "$ROUTER_NS" sysctl -qw net.ipv4.ip_forward=1
  pair "" "$host_if" "$ROUTER_NS" "$rh_if"
  pair "$ROUTER_NS" "$rn_if" "$NS" "$nas_if"
  ip addr replace "$host_addr/24" dev "$host_if"
  ip -n "$ROUTER_NS" addr replace "$rh_addr/24" dev "$rh_if"
  ip -n "$ROUTER_NS" addr replace "$rn_addr/32" dev "$rn_if"
  ip -n "$NS" addr replace "$nas_addr/32" dev lo
  ip link set "$host_if" up
  ip -n "$ROUTER_NS" link set "$rh_if" up
  ip -n "$ROUTER_NS" link set "$rn_if" up
  ip -n "$NS" link set "$nas_if" up
  ip route replace "$nas_addr/32" via "$rh_addr" dev "$host_if"
  ip -n "$ROUTER_NS" route replace "$nas_addr/32" dev "$rn_if"
  ip -n "$NS" route replace "${host_addr%.*}.0/24" via "$rn_addr" dev "$nas_if" onlink
  shape "$ROUTER_NS" "$rn_if" "$ROUTED_RATE" "$ROUTED_BURST"
  shape "$ROUTER_NS" "$rh_if" "$ROUTED_RATE" "$ROUTED_BURST"
  log "routed: $host_if $host_addr -> $ROUTER_NS ($ROUTED_RATE both ways) -> $NS $nas_addr"
}

routed_down() {
  local host_if _a _b _c _rn_if _d nas_if nas_addr
  read -r host_if _a _b _c _rn_if _d nas_if nas_addr <<<"$ROUTED"
  ip link del "$host_if" 2>/dev/null || true
  ip -n "$NS" link del "$nas_if" 2>/dev/null || true
  ip -n "$NS" addr del "$nas_addr/32" dev lo 2>/dev/null || true
  ! ns_exists "$ROUTER_NS" || ip netns del "$ROUTER_NS" || log "could not delete namespace $ROUTER_NS"
}

routed_state_json() {
  local host_if host_addr _a rh_addr _b _c nas_if nas_addr
  read -r host_if host_addr _a rh_addr _b _c nas_if nas_addr <<<"$ROUTED"
  printf '{"host": "%s", "nas": "%s", "hostIf": "%s", "nasIf": "%s", "router": "%s", "routerNamespace": "%s", "rateMbit": %s}' \
    "$host_addr" "$nas_addr" "$host_if" "$nas_if" "$rh_addr" "$ROUTER_NS" "$ROUTED_MBIT"
}

net_down() {
  routed_down
  ip -n "$NS" link del "$USB_IF" 2>/dev/null || true
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
  for n in "$NS" "$CLIENT_NS" "$ROUTER_NS"; do
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

