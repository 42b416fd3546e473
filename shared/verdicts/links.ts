import { describeLinkSpeed } from '../words/describe-nas';
import type { LinkType } from '../contract/probe';
import { formatRate, type RateUnit } from '../util/units';
import type { DiskFigure, Figures } from './figures';

/**
 * What a link can carry, in words and numbers. TCP over Ethernet carries (MTU − 52) payload bytes
 * in every MTU + 38 bytes on the wire (IP + TCP with timestamps; Ethernet header, FCS, preamble and
 * inter-frame gap): 94.1% at MTU 1500, so 1 GbE ≈ 117.7 MB/s of data — the "≈ 118 MB/s" users see.
 */
export function goodputBytesPerSecond(linkBitsPerSecond: number, mtu: number | null = 1500): number {
  const size = mtu && mtu >= 576 ? mtu : 1500;
  return ((linkBitsPerSecond / 8) * (size - 52)) / (size + 38);
}

/**
 * The mirrored-ZFS TrueNAS build write-up's "network utilisation": a rate as a share of the link's raw bit rate (80.5 MiB/s of 1 GbE = 67.5%).
 * One decimal, as the seed prints it; network-words' describeLinkUse rounds to whole percent for the live view.
 */
export function utilisationPercent(bitsPerSecond: number, linkBitsPerSecond: number): number {
  return (bitsPerSecond / linkBitsPerSecond) * 100;
}

export function formatPercent(percent: number): string {
  return `${percent >= 10 ? percent.toFixed(1) : percent.toPrecision(2)}%`;
}

/** "1 GbE", "2.5 GbE", "200 Mb/s", "Wi-Fi (867 Mb/s link rate)": the probe's own words for a speed. */
export function linkName(bitsPerSecond: number, type: LinkType = 'ethernet'): string {
  const speed = describeLinkSpeed(bitsPerSecond / 1e6, type);
  return type === 'wifi' ? `Wi-Fi (${speed} link rate)` : speed;
}

export interface PathLink {
  bitsPerSecond: number;
  /** What it is, short: "1 GbE", "2 × 2.5 GbE bond". */
  short: string;
  /** A noun phrase for sentences: "1 GbE link", "2 × 2.5 GbE bond". */
  name: string;
  mtu: number | null;
  /** Which end sets the pace. */
  side: 'client' | 'nas';
}

/** The slower end of the path between this computer and the NAS, when either end's speed is known. */
export function pathLink(figures: Figures): PathLink | null {
  const candidates: PathLink[] = [];
  const mtu = figures.nasLink?.mtu ?? null;
  const client = figures.clientLink;
  // A virtual link's speed (a veth or a VM's NIC says 10 Gb/s) is a placeholder, never a ceiling.
  if (client?.bitsPerSecond && client.type !== 'virtual') {
    const short = linkName(client.bitsPerSecond, client.type);
    candidates.push({ bitsPerSecond: client.bitsPerSecond, short, name: `${short} link`, mtu, side: 'client' });
  }
  const nas = figures.nasLink;
  if (nas?.bitsPerSecond) {
    const bond = nas.bond;
    const bonded = bond && bond.legs > 1 && bond.legBitsPerSecond;
    const short = bonded ? `${bond.legs} × ${linkName(bond.legBitsPerSecond ?? 0)} bond` : linkName(nas.bitsPerSecond);
    candidates.push({
      bitsPerSecond: nas.bitsPerSecond,
      short,
      name: bonded ? short : `${short} link`,
      mtu,
      side: 'nas',
    });
  }
  // At equal speeds the NAS's side names the link: it knows about its bond.
  return candidates.sort((a, b) => a.bitsPerSecond - b.bitsPerSecond || (a.side === 'nas' ? -1 : 1))[0] ?? null;
}

/** The fastest the network itself was measured, bits/s, with the direction in words. */
export function bestNetworkRate(figures: Figures): { bitsPerSecond: number; words: string } | null {
  const { upload, download, multiLink } = figures.network;
  const rates = [
    ...(upload ? [{ bitsPerSecond: upload, words: 'to the NAS' }] : []),
    ...(download ? [{ bitsPerSecond: download, words: 'from the NAS' }] : []),
    ...(multiLink
      ? [{ bitsPerSecond: multiLink.bitsPerSecond, words: `with ${multiLink.streams} streams at once` }]
      : []),
  ];
  return rates.sort((a, b) => b.bitsPerSecond - a.bitsPerSecond)[0] ?? null;
}

export function rate(bytesPerSecond: number, unit: RateUnit): string {
  return formatRate(bytesPerSecond, unit);
}

export function bitRate(bitsPerSecond: number, unit: RateUnit): string {
  return formatRate(bitsPerSecond / 8, unit);
}

/**
 * The disks' best figure of each operation measured: what they can give a copy that way. Limits are
 * judged like with like (writes against uploads, reads against downloads) on these, never on a
 * slower test of the other direction, nor on a single-queue test when a deeper one ran faster.
 */
export function bestDisksByOp(figures: Figures): DiskFigure[] {
  return (['write', 'read'] as const).flatMap((op) => {
    const best = figures.disks.filter((disk) => disk.op === op).sort((a, b) => b.bytesPerSecond - a.bytesPerSecond)[0];
    return best ? [best] : [];
  });
}

/** The network that way (upload for writes, download for reads), bits/s, with the direction in words. */
export function networkFor(figures: Figures, op: 'read' | 'write'): { bitsPerSecond: number; words: string } | null {
  const bits = op === 'write' ? figures.network.upload : figures.network.download;
  return bits ? { bitsPerSecond: bits, words: op === 'write' ? 'to the NAS' : 'from the NAS' } : null;
}
