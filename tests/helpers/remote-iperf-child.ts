/**
 * A stand-in for the app in tests/integration/iperf-idle.test.ts: logs in to the lab NAS with the
 * engine's own code, starts `iperf3 -s` there as a network test would, says so on stdout, and then
 * waits to be SIGKILLed, as a crashing app would be, with the server still waiting for its client.
 * Run as: node --import tsx remote-iperf-child.ts PORT IDLE_SECONDS TEST_SECONDS [IPERF3_PATH]
 */
import { startRemoteIperfServer } from '../../electron/engine/net/remote-server';
import { lab, labSession } from '../integration/lab-login';

const [portText, idleText, testText, iperf3Path] = process.argv.slice(2);
if (!portText || !idleText || !testText) {
  throw new Error('usage: remote-iperf-child.ts PORT IDLE_SECONDS TEST_SECONDS [IPERF3_PATH]');
}

async function main(): Promise<void> {
  const session = await labSession();
  const server = await startRemoteIperfServer(session, {
    firstPort: Number(portText),
    bindAddress: lab.legs.a.nas,
    idleTimeoutSeconds: Number(idleText),
    testSeconds: Number(testText),
    ...(iperf3Path ? { iperf3Path } : {}),
  });
  process.stdout.write(`listening ${server.port} ${server.boundTo ?? '*'}\n`);
  // Stay alive (and connected) until killed.
  setInterval(() => undefined, 60_000);
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
