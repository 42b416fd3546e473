import { z } from 'zod';
import { CopyRunDetails } from '../copy';
import { DiskRunDetails } from '../disk';
import { LoadResult } from '../load';
import { Spread } from '../figure-quality';
import { LatencyUnderLoad, NetworkDirection, UdpFigures } from '../network';
import { NasView } from '../nas-resources';
import { ThroughputSummary } from '../run-events';
import { ShareBenchResult } from '../share-bench';

/**
 * What one test of a run found. Disk and copy tests keep the shapes their runs already report
 * (RunEnd.details); the network shapes mirror the engine's NetworkTestResult and the TerraMaster F4-223 write-up's
 * iperf3 -F tests, which have no schema of their own yet.
 */

/** One TCP stream of a leg, as the CLI contract's `net.streams[]` lists it. */
const NetworkStreamResult = z.object({
  localAddress: z.string(),
  remoteAddress: z.string(),
  remotePort: z.number(),
  /** upload: this computer sent it; download: the NAS did. */
  direction: z.enum(['upload', 'download']),
  /** What the receiver counted. */
  bytes: z.number().nonnegative(),
  /** Known only where the NAS sent (a Node sender cannot read its own). */
  retransmits: z.number().nullable(),
});

const NetworkLegResult = z.object({
  target: z.string(),
  port: z.number(),
  bindAddress: z.string().nullable(),
  bitsPerSecond: z.number().nonnegative(),
  bytes: z.number().nonnegative(),
  seconds: z.number().nonnegative(),
  /** Absent in runs saved before streams were kept. */
  streams: z.array(NetworkStreamResult).optional(),
});

/** The CLI contract's `net` result: receiver-side goodput summed over streams, and per leg. */
export const NetworkResult = z.object({
  kind: z.literal('network'),
  /** What the NAS itself did during the test (its CPU, memory and drives), when the run had its login. */
  nas: NasView.optional(),
  method: z.enum(['iperf3', 'ssh']),
  direction: NetworkDirection,
  streamsPerLeg: z.number().int().positive(),
  summary: z.object({
    bitsPerSecond: z.number().nonnegative(),
    bytes: z.number().nonnegative(),
    seconds: z.number().nonnegative(),
    /** How steady the summed rate was, per second; absent in older runs. */
    spread: Spread.optional(),
  }),
  legs: z.array(NetworkLegResult),
  /** The delay to the NAS idle and under this test's load, when asked for (`net --latency`). */
  latency: LatencyUnderLoad.optional(),
  /** A UDP test's datagrams, loss and jitter (`net --udp`); absent for TCP. */
  udp: UdpFigures.optional(),
  note: z.string().optional(),
  /** TCP bytes per write (iperf3's -l) and the NAS's socket buffer (-w), when the test set them. */
  blockBytes: z.number().int().positive().optional(),
  windowBytes: z.number().int().positive().optional(),
});
export type NetworkResult = z.infer<typeof NetworkResult>;

/** iperf3 writing to (or reading from) a file on the NAS: neither a pure network nor a pure disk figure. */
export const DiskThroughNetworkResult = z.object({
  kind: z.literal('disk-through-network'),
  /** What the NAS itself did during the test (its CPU, memory and drives), when the run had its login. */
  nas: NasView.optional(),
  label: z.string(),
  direction: z.enum(['write', 'read']),
  bitsPerSecond: z.number().nonnegative(),
  bytes: z.number().nonnegative(),
  seconds: z.number().nonnegative(),
  /** The NAS's memory could have taken the write or served the read, not its disks. */
  likelyCached: z.boolean().optional(),
  spread: Spread.optional(),
  note: z.string().optional(),
  /** The folder the test ran in, and the file iperf3 wrote or sent there (removed afterwards). */
  folder: z.string().optional(),
  file: z.string().optional(),
  /** The network alone and the disks alone, measured in the same run, beside this figure. */
  alone: z
    .object({
      networkBytesPerSecond: z.number().nonnegative(),
      disks: z.object({ test: z.string(), bytesPerSecond: z.number().nonnegative() }).nullable(),
    })
    .optional(),
});
export type DiskThroughNetworkResult = z.infer<typeof DiskThroughNetworkResult>;

/** A run that reported only a headline figure (the network and loopback runs today). */
export const ThroughputResult = z.object({
  kind: z.literal('throughput'),
  /** The plan that measured it, e.g. "network" or "demo". */
  test: z.string(),
  summary: ThroughputSummary,
});
export type ThroughputResult = z.infer<typeof ThroughputResult>;

export const TestResult = z.discriminatedUnion('kind', [
  DiskRunDetails,
  CopyRunDetails,
  NetworkResult,
  DiskThroughNetworkResult,
  ThroughputResult,
  LoadResult,
  ShareBenchResult,
]);
export type TestResult = z.infer<typeof TestResult>;
