import { z } from 'zod';
import { maxTestSeconds } from './limits';
import { HostName, SessionId } from './connect';
import { NasFolder } from './nas-folder';

export const NetworkDirection = z.enum(['upload', 'download', 'bidir']);
export type NetworkDirection = z.infer<typeof NetworkDirection>;

/** One link of a multi-link (bonded) test: where its streams go and from which local address. */
export const NetworkLeg = z.strictObject({
  target: HostName,
  bindAddress: HostName.optional(),
  /** An iperf3 server that already runs on this port of the target; otherwise one is started on the NAS. */
  port: z.number().int().min(1).max(65535).optional(),
});

/** A UDP datagram's size: 16 bytes hold iperf3's header; 65507 is the most one IPv4 datagram carries. */
export const datagramBytesRange = { min: 16, max: 65_507 } as const;

/**
 * A UDP test: each stream sends at `bitsPerSecond` (iperf3's -b, per stream), in datagrams of
 * `datagramBytes` (iperf3's -l; 1460 fills one 1500-byte frame).
 */
export const UdpSettings = z.strictObject({
  bitsPerSecond: z
    .number()
    .int()
    .min(8_000)
    .max(100 * 1e9),
  datagramBytes: z.number().int().min(datagramBytesRange.min).max(datagramBytesRange.max).default(1460),
});
export type UdpSettings = z.input<typeof UdpSettings>;

/** A TCP write: iperf3 takes 1 byte to 1 MiB for TCP. */
export const TcpLength = z
  .number()
  .int()
  .min(1)
  .max(2 ** 20);

export const NetworkRunInput = z.strictObject({
  sessionId: SessionId,
  /** What the user calls this connection ("Cable", "Wi-Fi", their own words); suggested from the interface if not given. */
  connection: z.string().trim().min(1).max(40).optional(),
  /** upload: this computer sends to the NAS; download: the NAS sends; bidir: both at once. */
  direction: NetworkDirection.default('upload'),
  streams: z.number().int().min(1).max(128).default(1),
  seconds: z.number().int().min(1).max(maxTestSeconds).default(10),
  /** Omitted: one leg to the address the NAS was connected at. */
  legs: z.array(NetworkLeg).min(1).max(8).optional(),
  /** Also measure the delay to the NAS, idle and while the test loads the link (`net --latency`). */
  latency: z.boolean().default(false),
  /** iperf3's UDP mode (`net --udp --bitrate`) instead of TCP. */
  udp: UdpSettings.optional(),
  /** TCP bytes per write (iperf3's -l): one test per value, in order (seed 000's 4K/64K/128K table). */
  lengths: z.array(TcpLength).min(1).max(8).optional(),
  /** TCP socket buffer at the NAS's end (iperf3's -w). */
  windowBytes: z
    .number()
    .int()
    .min(4096)
    .max(256 * 2 ** 20)
    .optional(),
  /**
   * The network straight to the NAS's disks (`net --to-disk`, upload) or from them (`--from-disk`,
   * download): iperf3 on the NAS writes or sends a file in a scratch folder, after the network alone
   * and the disks alone.
   */
  disk: z.strictObject({ folder: NasFolder, way: z.enum(['to-disk', 'from-disk']) }).optional(),
});
export type NetworkRunInput = z.input<typeof NetworkRunInput>;

/** A proposed multi-link test: legs with distinct address pairs, and what the NAS's bond means for them. */
export const LinkPlan = z.object({
  legs: z.array(z.object({ target: z.string(), bindAddress: z.string(), label: z.string() })),
  notes: z.array(z.string()),
});

/** Round trips to the NAS, in milliseconds, as percentiles of the replies timed. */
export const RoundTrips = z.object({
  p50Ms: z.number().nonnegative(),
  p90Ms: z.number().nonnegative(),
  p99Ms: z.number().nonnegative(),
  samples: z.number().int().nonnegative(),
});
export type RoundTrips = z.infer<typeof RoundTrips>;

/**
 * The delay to the NAS while the link is idle and while the test loads it (`net --latency`): what a
 * video call or a game on this computer feels during a backup. Timed as SSH requests on the NAS's own
 * login connection (`via` is its address), so it takes the same path as the test only when the test
 * runs to that address.
 */
export const LatencyUnderLoad = z.object({
  idle: RoundTrips,
  loaded: RoundTrips,
  via: z.string(),
});
export type LatencyUnderLoad = z.infer<typeof LatencyUnderLoad>;

/** What a UDP test delivered (`net --udp`), counted as iperf3 counts it. */
export const UdpFigures = z.object({
  /** What the receiver got, in bits per second (the same figure as the test's summary). */
  bitsPerSecond: z.number().nonnegative(),
  /** RFC 1889 jitter at the receiver, mean over the streams. */
  jitterMs: z.number().nonnegative(),
  /** Datagrams sent. */
  packets: z.number().int().nonnegative(),
  /** Datagrams the receiver saw missing from the sequence. */
  lostPackets: z.number().int().nonnegative(),
  lossPercent: z.number().nonnegative(),
  /** Datagrams that arrived after a later one; known only where this computer received. */
  outOfOrder: z.number().int().nonnegative().nullable(),
  /** The rate each stream was asked to send at. */
  targetBitsPerSecond: z.number().nonnegative(),
});
export type UdpFigures = z.infer<typeof UdpFigures>;
