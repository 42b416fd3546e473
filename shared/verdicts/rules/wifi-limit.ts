import { measuredOps } from './network-limit';
import type { Figures } from '../figures';
import { bestNetworkRate, formatPercent, goodputBytesPerSecond, linkName, rate, utilisationPercent } from '../links';
import { nearLinkFraction, type Rule } from '../rule';
import { describeWifiSignal } from '../../words/describe-nas';

/** TCP over Wi-Fi gives about half to two thirds of the link (PHY) rate at best: airtime is shared and acknowledged. */
const wifiGoodFraction = 0.45;

/**
 * "You got 23.1% of your Wi-Fi (867 Mb/s link rate), on 5 GHz, signal -74 dBm (weak): the signal is weak …":
 * the share of the Wi-Fi link rate the figure reached, and the likeliest reason in the user's terms.
 */
function wifiRateWords(
  bitsPerSecond: number,
  wifiBits: number,
  wifi: { band: string | null; signalDbm: number | null } | undefined,
): string {
  const percent = utilisationPercent(bitsPerSecond, wifiBits);
  const details = [wifi?.band, wifi?.signalDbm != null ? `signal ${describeWifiSignal(wifi.signalDbm)}` : null].filter(
    (detail): detail is string => Boolean(detail),
  );
  const got = `You got ${formatPercent(percent)} of your ${linkName(wifiBits, 'wifi')}${details.length ? `, on ${details.join(', ')}` : ''}`;
  if (bitsPerSecond >= wifiGoodFraction * wifiBits)
    return `${got}: about what Wi-Fi gives at best (half to two thirds of its link rate).`;
  if (wifi?.signalDbm != null && wifi.signalDbm < -70)
    return `${got}: the signal is weak, so the radio slows down and resends; closer to the access point would help.`;
  if (wifi?.band === '2.4 GHz') return `${got}: 2.4 GHz is slow and crowded; 5 GHz would help.`;
  return `${got}, less than Wi-Fi usually gives (about half its link rate): other devices or nearby networks on the same channel may be taking its airtime.`;
}

/** The best figure of a run, as bytes/s, preferring what the user copies (the share) over raw network. */
function headline(figures: Figures): { bytesPerSecond: number; label: string } | null {
  const share = [...figures.share].sort((a, b) => b.bytesPerSecond - a.bytesPerSecond)[0];
  if (share) return { bytesPerSecond: share.bytesPerSecond, label: share.label };
  const network = bestNetworkRate(figures);
  return network ? { bytesPerSecond: network.bitsPerSecond / 8, label: `the network ${network.words}` } : null;
}

/**
 * This computer is on Wi-Fi and gets well below what a cable gets: from a wired client measured
 * the same way (Compare connections), or else from what the NAS's own wired link can carry.
 */
export const wifiLimit: Rule = (figures, { unit, comparisons }) => {
  if (figures.clientLink?.type !== 'wifi') return [];
  const measured = headline(figures);
  if (!measured) return [];
  const wired = comparisons
    .filter((other) => other.clientLink && other.clientLink.type !== 'wifi')
    .map(headline)
    .filter((best) => best !== null)
    .sort((a, b) => b.bytesPerSecond - a.bytesPerSecond)[0];
  const nasBits = figures.nasLink?.bitsPerSecond ?? null;
  const nasGoodput = nasBits ? goodputBytesPerSecond(nasBits, figures.nasLink?.mtu ?? null) : null;
  const reference = wired?.bytesPerSecond ?? nasGoodput;
  if (!reference || measured.bytesPerSecond >= nearLinkFraction * reference) return [];

  const parts = [`Wi-Fi is the limit: ${measured.label} ran at ${rate(measured.bytesPerSecond, unit)} over Wi-Fi`];
  if (wired) parts.push(`, against ${rate(wired.bytesPerSecond, unit)} from a wired client`);
  const percent = nasBits ? utilisationPercent(measured.bytesPerSecond * 8, nasBits) : null;
  if (nasBits && percent !== null)
    parts.push(`; that is ${formatPercent(percent)} of the NAS's ${linkName(nasBits)} link`);
  parts.push('.');
  const wifiBits = figures.clientLink.bitsPerSecond;
  const wifi = figures.clientLink.wifi;
  if (wifiBits) parts.push(` ${wifiRateWords(measured.bytesPerSecond * 8, wifiBits, wifi)}`);
  parts.push(' A cable, or a USB Ethernet adapter, would be faster.');
  return [
    {
      id: 'wifi-limit',
      severity: 'warn',
      text: parts.join(''),
      figures: {
        bytesPerSecond: measured.bytesPerSecond,
        ...(wired ? { wiredBytesPerSecond: wired.bytesPerSecond } : {}),
        ...(nasBits ? { nasLinkBitsPerSecond: nasBits } : {}),
        ...(percent !== null ? { utilisationPercent: percent } : {}),
        ...(wifiBits ? { wifiLinkBitsPerSecond: wifiBits } : {}),
        ...(wifi?.signalDbm != null ? { signalDbm: wifi.signalDbm } : {}),
      },
      // The directions the figure speaks for: the network's, or the share copies' where no network was measured.
      limit: { part: 'wifi', ops: wifiOps(figures) },
    },
  ];
};

function wifiOps(figures: Figures): ('read' | 'write')[] {
  const network = measuredOps(figures);
  if (network.length > 0) return network;
  return (['write', 'read'] as const).filter((op) => figures.share.some((copy) => copy.op === op));
}
