/**
 * The network tests: iperf3's protocol spoken by the app itself (client and server), the network
 * test against `iperf3 -s` started on the NAS over SSH (one server per link; SSH itself when the NAS
 * has no iperf3), TCP or UDP (loss and jitter), the legs of a multi-link test, and iperf3 writing to / reading from the NAS's disk.
 */
export { runIperfTest, type Direction, type IperfSample, type IperfTestResult } from './iperf-client';
export {
  nasbenchCaps,
  startIperfServer,
  type IperfServer,
  type IperfServerCap,
  type IperfServerOptions,
  type IperfServerTestSummary,
} from './iperf-server/server';
export { startIperfServerOnItsOwnThread } from './iperf-server/on-its-own-thread';
export {
  runNetworkTest,
  udpSamplesAreSent,
  type Leg,
  type LegResult,
  type NetworkTestOptions,
  type NetworkTestResult,
} from './network-test';
export { startRemoteIperfServer, resolveNasAddress, type RemoteIperfServer } from './remote-server';
export { planLinkLegs, givenLinkLegs, bondNotes, type LinkLegs, type LinkPlan, type PlannedLeg } from './leg-planner';
export {
  measureThroughDisk,
  type DiskThroughNetworkResult,
  type ThroughDiskOptions,
  type ThroughDiskWay,
} from './disk-through-network';
export { networkResultOf } from './result';
export { idleSeconds as latencyIdleSeconds, roundTripFigures } from './latency';
