import type { Figures } from '../figures';
import { bestNetworkRate, formatPercent, goodputBytesPerSecond, linkName, rate, utilisationPercent } from '../links';
import { nearLinkFraction, type Rule } from '../verdict';

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
  if (wifiBits) parts.push(` Your ${linkName(wifiBits, 'wifi')} delivers about half its link rate at best.`);
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
      },
    },
  ];
};
