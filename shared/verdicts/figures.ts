import type { SharePath, ShareSession } from '../contract/figure-quality';
import type { CacheState, Spread } from '../contract/figure-quality';
import type { NasResources } from '../contract/nas-resources';
import type { DriveKind, DriveLayout } from './drive-layout';
import type { LinkType } from '../contract/probe';
import type { OtherLink } from '../kinds/copy/share-path';

/**
 * The figures verdicts reason about, gathered from one run (figures-of-run.ts) or typed in from a
 * published benchmark (the seed fixtures). Data rates are bytes per second; link speeds and network
 * rates are bits per second, as links are sold and iperf3 reports. Unknown is null or an empty list.
 */
export interface Figures {
  /** How this computer reaches the NAS; on Wi-Fi, its band and signal where the OS said them. */
  clientLink: {
    type: LinkType;
    bitsPerSecond: number | null;
    wifi?: { band: string | null; signalDbm: number | null };
    /** This computer's own bond on the route (it spreads what this computer sends). */
    bond?: { name: string; legs: number; hashPolicy: string | null; mode: string | null };
  } | null;
  /** The NAS's own link: one port, or a bond of several legs. */
  nasLink: {
    bitsPerSecond: number | null;
    mtu: number | null;
    bond: { name: string; legs: number; legBitsPerSecond: number | null; hashPolicy: string | null } | null;
  } | null;
  network: NetworkFigures;
  /** Sequential disk figures: measured on the NAS itself (fio, dd), or through the network (iperf3 -F). */
  disks: DiskFigure[];
  /** What copying to and from the mounted share gave, past this computer's memory, over the run's own link. */
  share: ShareFigure[];
  /**
   * Copies that cannot be set beside the network figures as like for like: a folder on this computer
   * (its disk or its memory), or the share mounted over another link than the one the run was about.
   */
  shareApart: ShareApart[];
  /** The share copy by file size (the cache-wall sweep). */
  cacheSweep: { op: 'read' | 'write'; fileSize: number; bytesPerSecond: number }[];
  /** The fastest cell of each direction of a disk sweep (block size × file size × jobs). */
  sweepBest?: SweepCell[];
  /** Many small files copied to and from the share, over the run's own link. */
  smallFiles: SmallFilesFigure[];
  ram: { nasBytes: number | null; clientBytes: number | null };
  /** Load from several computers (fio client/server): the total at each number of computers, stepping up. */
  loadSteps?: { op: 'read' | 'write'; computers: number; bytesPerSecond: number }[];
  /** The kinds of this computer's own built-in drives, a VM's left out (absent or empty: unknown). */
  clientDrives?: DriveKind[];
  /** The drives behind the folder the disk tests ran in, as the probe found them (absent: unknown). */
  nasDrives?: DriveLayout | null;
  /** What the NAS itself did during each test with a NAS login (`nas.resources`), beside the test's own rate. */
  nasViews?: NasViewFigure[];
  /** The NAS's random-I/O disk tests (fio on the NAS), by their names ("RND4K Q1T1 read"). */
  diskRandom?: { test: string; op: 'read' | 'write'; bytesPerSecond: number }[];
  /** CrystalDiskMark's tests from this computer, on a share or a local folder (queue depth = I/Os in flight). */
  shareBench?: ShareBenchFigure[];
}

export interface ShareBenchFigure {
  test: string;
  op: 'read' | 'write';
  random: boolean;
  bs: number;
  queueDepth: number;
  bytesPerSecond: number;
  iops: number;
  latencyMeanNs: number;
  pathKind: SharePath['kind'];
  /** The share's shortest idle round trip (TCP handshakes to its server) before the tests; null when not timed. */
  roundTripMs: number | null;
}

export interface NasViewFigure {
  /** The test in words the user saw, e.g. "Upload (this computer to the NAS)" or "SEQ1M Q8T1 write". */
  test: string;
  kind: 'network' | 'disk' | 'copy' | 'load' | 'other';
  /**
   * The test measured another path than the run's own link to the NAS (a share mounted over
   * another interface, a folder on this computer): what the NAS did then is said as that path's,
   * never as what limits this run's copies.
   */
  apart?: boolean;
  /** The test's own rate each second, bytes/s, over the same seconds (empty: not kept). */
  rates: number[];
  /** Each of its lines' rates each second, when it ran several (a copy's write, then its read). */
  lines?: number[][];
  resources: NasResources;
  /** The seconds the test reported its rate in, on the samples' clock (NasView.testSeconds). */
  testSeconds?: { from: number; to: number };
}

export interface SweepCell {
  op: 'read' | 'write';
  blockSize: number;
  fileSize: number;
  jobs: number;
  bytesPerSecond: number;
}

export interface SmallFilesFigure {
  op: 'read' | 'write';
  fileSize: number;
  filesPerSecond: number;
}

export interface NetworkFigures {
  /** This computer to the NAS, bits/s. */
  upload: number | null;
  /** The NAS to this computer, bits/s. */
  download: number | null;
  /** One TCP stream, the figure a bond cannot raise. */
  singleStream: number | null;
  /** Several streams over several address pairs at once (the bonded-link test). */
  multiLink: {
    bitsPerSecond: number;
    streams: number;
    legs: { label: string; bitsPerSecond: number }[];
    /** Which way it went: the sending end's bond decides how its streams spread. Absent in typed-in seeds. */
    direction?: string;
  } | null;
  /** How steady each figure above was, where it was measured (absent in older runs and typed-in seeds). */
  spreads?: { upload?: Spread; download?: Spread; multiLink?: Spread };
  /** The delay to the NAS idle and while a test loaded the link (median round trips, ms), per test that timed it. */
  delays?: DelayFigure[];
  /** UDP tests at a set rate: what arrived, what was lost, how evenly (per test). */
  udp?: UdpFigure[];
}

export interface UdpFigure {
  direction: 'upload' | 'download' | 'bidir';
  /** The rate each stream sent at, and how many streams. */
  targetBitsPerSecond: number;
  streams: number;
  bitsPerSecond: number;
  lossPercent: number;
  jitterMs: number;
}

export interface DelayFigure {
  /** Which way the load went. */
  direction: 'upload' | 'download' | 'bidir';
  idleMs: number;
  loadedMs: number;
  loadedP99Ms: number;
}

export interface DiskFigure {
  /** Which test, in words the user saw, e.g. "SEQ1M Q8T1 read" or "write to the HDD pool (iperf3 -F)". */
  test: string;
  op: 'read' | 'write';
  bytesPerSecond: number;
  /** Measured through the network (iperf3 -F), so it can be no faster than the network. */
  throughNetwork: boolean;
  spread?: Spread;
  /** Whether the NAS's RAM could have served it (absent in older runs and typed-in seeds). */
  nasCache?: CacheState['nas'];
}

export interface ShareFigure {
  /** e.g. "NFS write" or "SMB read (1 GiB file)". */
  label: string;
  op: 'read' | 'write';
  bytesPerSecond: number;
  spread?: Spread;
  /** "SMB", "NFS": how the share was reached, when known. */
  protocol?: string | null;
  /** The terms of the share's session (dialect, signing, encryption, transfer sizes), when known. */
  session?: ShareSession | null;
  /** The copy's traffic is known to have taken the run's own link (its interface matched). */
  overRunLink?: boolean;
}

/** A copy figure that is about something else than the run's link to the NAS. */
export interface ShareApart extends ShareFigure {
  place: { kind: 'local-disk' | 'memory' } | { kind: 'other-link'; link: OtherLink };
}

export function noFigures(): Figures {
  return {
    clientLink: null,
    nasLink: null,
    network: { upload: null, download: null, singleStream: null, multiLink: null },
    disks: [],
    share: [],
    shareApart: [],
    cacheSweep: [],
    smallFiles: [],
    ram: { nasBytes: null, clientBytes: null },
  };
}
