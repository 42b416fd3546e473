import type { LinkType } from '../probe';

/**
 * The figures verdicts reason about, gathered from one run (figures-of-run.ts) or typed in from a
 * published benchmark (the seed fixtures). Data rates are bytes per second; link speeds and network
 * rates are bits per second, as links are sold and iperf3 reports. Unknown is null or an empty list.
 */
export interface Figures {
  /** How this computer reaches the NAS. */
  clientLink: { type: LinkType; bitsPerSecond: number | null } | null;
  /** The NAS's own link: one port, or a bond of several legs. */
  nasLink: {
    bitsPerSecond: number | null;
    mtu: number | null;
    bond: { name: string; legs: number; legBitsPerSecond: number | null; hashPolicy: string | null } | null;
  } | null;
  network: NetworkFigures;
  /** Sequential disk figures: measured on the NAS itself (fio, dd), or through the network (iperf3 -F). */
  disks: DiskFigure[];
  /** What copying to and from the mounted share gave, past every cache. */
  share: ShareFigure[];
  /** The share copy by file size (the cache-wall sweep). */
  cacheSweep: { op: 'read' | 'write'; fileSize: number; bytesPerSecond: number }[];
  ram: { nasBytes: number | null; clientBytes: number | null };
}

export interface NetworkFigures {
  /** This computer to the NAS, bits/s. */
  upload: number | null;
  /** The NAS to this computer, bits/s. */
  download: number | null;
  /** One TCP stream, the figure a bond cannot raise. */
  singleStream: number | null;
  /** Several streams over several address pairs at once (the bonded-link test). */
  multiLink: { bitsPerSecond: number; streams: number; legs: { label: string; bitsPerSecond: number }[] } | null;
}

export interface DiskFigure {
  /** Which test, in words the user saw, e.g. "SEQ1M Q8T1 read" or "write to the HDD pool (iperf3 -F)". */
  test: string;
  op: 'read' | 'write';
  bytesPerSecond: number;
  /** Measured through the network (iperf3 -F), so it can be no faster than the network. */
  throughNetwork: boolean;
}

export interface ShareFigure {
  /** e.g. "NFS write" or "SMB read (1 GiB file)". */
  label: string;
  op: 'read' | 'write';
  bytesPerSecond: number;
}

export function noFigures(): Figures {
  return {
    clientLink: null,
    nasLink: null,
    network: { upload: null, download: null, singleStream: null, multiLink: null },
    disks: [],
    share: [],
    cacheSweep: [],
    ram: { nasBytes: null, clientBytes: null },
  };
}
