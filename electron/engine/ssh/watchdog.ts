/**
 * The lines of a sh script that run a long-lived server on the NAS and end it after `seconds`,
 * even if this app dies or the SSH connection drops: with no terminal, sh and the server are not
 * signalled when the connection goes, so this is what ends them. `timeout` is not POSIX and not on
 * every NAS, so plain sh: a subshell in the same process group stops the server when the time is
 * up (cancel still kills the whole group). It sleeps one second at a time and goes as soon as the
 * server has: a trap around one long sleep left that sleep behind when the group was signalled
 * between its fork and the trap's `$!` (seen on a busy machine), and a NAS should not keep a stray
 * process for the watchdog's whole time. `meanwhile` runs once both are started, while the server
 * runs (`$server` is its pid): a script that says when the server is ready.
 */
export function underWatchdog(server: string, seconds: number, meanwhile: readonly string[] = []): string[] {
  return [
    `${server} &`,
    'server=$!',
    `(left=${Math.ceil(seconds)}; while [ "$left" -gt 0 ] && kill -0 $server 2>/dev/null; do sleep 1; left=$((left - 1)); done; kill $server 2>/dev/null) &`,
    'watchdog=$!',
    ...meanwhile,
    'wait $server',
    'status=$?',
    'kill $watchdog 2>/dev/null',
    'exit $status',
  ];
}
