import { maxTestSeconds } from '../../../../shared/contract/limits';
import type { ParsedIperfParameters } from '../protocol';

/** The most one test gets from the built-in server, whoever asks. */
export interface IperfServerCaps {
  /** The longest a test runs, omitted seconds included. */
  seconds: number;
  /** The most the server sends by UDP, summed over its sending streams, bits per second. */
  udpBitsPerSecond: number;
}

/**
 * What NASBench itself would ask of the server. The test length is the app's own rule (1 to 3600 s
 * everywhere a length is typed). The UDP rate: NASBench's own UDP test measures loss and jitter at the
 * rate calls, games and streams send (its form proposes 100 Mb/s) and never sends UDP to the built-in
 * server itself, so 1 Gbit/s — what a home's gigabit link carries, ten times that proposal — is more
 * than any of its own tests needs. TCP needs no rate cap: it goes only to the peer that connected and
 * backs off as the network fills.
 */
export const nasbenchCaps: IperfServerCaps = { seconds: maxTestSeconds, udpBitsPerSecond: 1e9 };

/** Something a peer asked for beyond the caps, and what it got instead. */
export interface IperfServerCap {
  what: 'seconds' | 'udp-bits-per-second';
  /** What the peer asked (seconds with the omitted ones; bits per second over its streams); null: no limit. */
  asked: number | null;
  allowed: number;
}

/** iperf3's UDP rate when the client names none (1 Mbit/s). */
const defaultUdpBitsPerSecond = 1_000_000;

/**
 * The UDP rate each of the server's sending streams gets (the peer's `bandwidth`, iperf3's `-b`, per
 * stream; 0 there means "as fast as it goes"), shared out so that all of them together stay within the
 * cap, and the cap it met, if any.
 */
export function udpRateHeld(
  parameters: ParsedIperfParameters,
  caps: IperfServerCaps,
): { perStream: number; capped: IperfServerCap | null } {
  const asked = parameters.bandwidth ?? defaultUdpBitsPerSecond;
  const sending = parameters.reverse || parameters.bidirectional ? parameters.parallel : 0;
  if (sending === 0) return { perStream: asked, capped: null };
  const total = asked === 0 ? Infinity : asked * sending;
  if (total <= caps.udpBitsPerSecond) return { perStream: asked, capped: null };
  return {
    perStream: Math.floor(caps.udpBitsPerSecond / sending),
    capped: { what: 'udp-bits-per-second', asked: asked === 0 ? null : total, allowed: caps.udpBitsPerSecond },
  };
}

/**
 * The cap on a test's length it may meet (the server ends it there), or null when it ends by itself
 * within it. A test counted in bytes or blocks (`time` 0) has no length of its own: the cap bounds it.
 */
export function lengthHeld(parameters: ParsedIperfParameters, caps: IperfServerCaps): IperfServerCap | null {
  const asked = parameters.time + parameters.omit;
  if (parameters.time > 0 && asked <= caps.seconds) return null;
  return { what: 'seconds', asked: parameters.time > 0 ? asked : null, allowed: caps.seconds };
}

/** An address as both a TCP and a UDP socket report it: IPv4 peers of a dual-stack socket come as ::ffff:a.b.c.d. */
export function plainAddress(address: string | undefined): string {
  const given = address ?? '';
  return given.toLowerCase().startsWith('::ffff:') && given.includes('.') ? given.slice(7) : given;
}

/** iperf3's own limits (MAX_TIME, MAX_OMIT_TIME, MAX_BLOCKSIZE for TCP, MAX_UDP_BLOCKSIZE): a real client never exceeds them. */
const limits = { time: 86_400, omit: 600, len: 1024 * 1024, udpLen: 65_507, udpMinLen: 16 } as const;

/** Whether parameters are within iperf3's own limits: beyond them no real client asks, and the test is refused. */
export function withinLimits(parameters: ParsedIperfParameters): boolean {
  const udp = parameters.udp === true;
  const maxLen = udp ? limits.udpLen : limits.len;
  const minLen = udp ? limits.udpMinLen : 1;
  return (
    parameters.time <= limits.time &&
    parameters.omit <= limits.omit &&
    parameters.len <= maxLen &&
    parameters.len >= minLen
  );
}

export function expectedStreams(parameters: ParsedIperfParameters): number {
  return parameters.parallel * (parameters.bidirectional ? 2 : 1);
}
