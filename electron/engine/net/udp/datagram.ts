/**
 * iperf3's UDP datagrams (../shared/facts/iperf3-protocol.md, src/iperf_udp.c): every datagram starts
 * with the sender's clock (seconds and microseconds, u32 big-endian each) and its sequence number
 * (u32 big-endian, or u64 when the test asked for `udp_counters_64bit`), counting from 1.
 */
export const headerBytes = { counters32: 12, counters64: 16 } as const;

/**
 * 1460 bytes of payload fill one 1500-byte Ethernet frame (20 IP + 8 UDP header bytes leave 1472,
 * 1460 is iperf3's own default when it cannot read the path's MSS): no datagram is split into
 * fragments, whose loss would count as the loss of the whole datagram.
 */
export const defaultDatagramBytes = 1460;

/** The sender's wall clock in microseconds (performance.now keeps sub-millisecond steps steady). */
export function nowMicroseconds(): number {
  return Math.floor((performance.timeOrigin + performance.now()) * 1000);
}

/** Writes the header into the first bytes of `datagram`. */
export function writeHeader(datagram: Buffer, sequence: number, micros: number, counters64: boolean): void {
  datagram.writeUInt32BE(Math.floor(micros / 1e6) >>> 0, 0);
  datagram.writeUInt32BE(micros % 1e6, 4);
  if (counters64) datagram.writeBigUInt64BE(BigInt(sequence), 8);
  else datagram.writeUInt32BE(sequence >>> 0, 8);
}

export interface DatagramHeader {
  /** When the sender sent it, by the sender's clock, in microseconds. */
  sentMicros: number;
  sequence: number;
}

/** The header of a received datagram, or null when it is too short to hold one (not an iperf3 datagram). */
export function readHeader(datagram: Buffer, counters64: boolean): DatagramHeader | null {
  if (datagram.length < (counters64 ? headerBytes.counters64 : headerBytes.counters32)) return null;
  const sentMicros = datagram.readUInt32BE(0) * 1e6 + datagram.readUInt32BE(4);
  const sequence = counters64 ? Number(datagram.readBigUInt64BE(8)) : datagram.readUInt32BE(8);
  return { sentMicros, sequence };
}

/**
 * What a UDP receiver counts, the way iperf3's receiver does, so that the figures read the same:
 * - `highestSequence`: the highest sequence number seen (iperf3's receiver-side packet count);
 * - `lost`: gaps in the sequence, less one for every late datagram that fills one (iperf3's cnt_error;
 *   datagrams lost after the last one that arrived are not seen as lost, by iperf3 either);
 * - `outOfOrder`: datagrams that arrived after a higher sequence number;
 * - `jitterSeconds`: RFC 1889's smoothed variation of transit time (only differences of the two
 *   clocks are used, so they need not agree).
 */
export class UdpReceiveCounter {
  highestSequence = 0;
  lost = 0;
  outOfOrder = 0;
  jitterSeconds = 0;
  datagrams = 0;
  private previousTransit: number | undefined;

  count(header: DatagramHeader, arrivedMicros: number): void {
    this.datagrams++;
    if (header.sequence > this.highestSequence) {
      this.lost += header.sequence - 1 - this.highestSequence;
      this.highestSequence = header.sequence;
    } else {
      this.outOfOrder++;
      if (this.lost > 0) this.lost--;
    }
    const transit = (arrivedMicros - header.sentMicros) / 1e6;
    if (this.previousTransit !== undefined) {
      this.jitterSeconds += (Math.abs(transit - this.previousTransit) - this.jitterSeconds) / 16;
    }
    this.previousTransit = transit;
  }

  /** The counts so far, for the warm-up (omitted) seconds to be taken off later. */
  snapshot(): { highestSequence: number; lost: number; outOfOrder: number } {
    return { highestSequence: this.highestSequence, lost: this.lost, outOfOrder: this.outOfOrder };
  }
}
