import { describeCost, describeSession, sessionCosts } from '../../kinds/copy/share-session';
import { formatPercent, pathLink, rate, utilisationPercent } from '../links';
import type { Rule } from '../rule';
import type { Verdict } from '../../contract/verdict';

/** "Far below": under half of both, more than any tuning difference between SMB and NFS explains away. */
export const farBelowFraction = 0.5;

/**
 * Copying to the share is far slower than both the network and the NAS's disks measured alone:
 * what is left is the file-sharing protocol (SMB, NFS) or the client doing the copying.
 */
export const protocolLimit: Rule = (figures, { unit }) => {
  const verdicts: Verdict[] = [];
  const link = pathLink(figures);
  for (const op of ['write', 'read'] as const) {
    const share = figures.share
      .filter((figure) => figure.op === op)
      .sort((a, b) => b.bytesPerSecond - a.bytesPerSecond)[0];
    const networkBits = op === 'write' ? figures.network.upload : figures.network.download;
    const disk = figures.disks
      .filter((figure) => figure.op === op && !figure.throughNetwork)
      .sort((a, b) => b.bytesPerSecond - a.bytesPerSecond)[0];
    if (!share || !networkBits || !disk) continue;
    const networkBytes = networkBits / 8;
    if (share.bytesPerSecond >= farBelowFraction * Math.min(networkBytes, disk.bytesPerSecond)) continue;
    const percent = link ? utilisationPercent(share.bytesPerSecond * 8, link.bitsPerSecond) : null;
    // What this session is known to pay for, most costly first; with nothing known, the general advice.
    const costs = share.session ? sessionCosts(share.session) : [];
    const known = share.session ? ` The session was ${describeSession(share.session)}.` : '';
    const advice =
      costs.length > 0
        ? ` ${costs.map((cost) => describeCost(cost).join(' ')).join(' ')}`
        : ' Try the other protocol (SMB or NFS), larger transfer sizes, or another computer.';
    verdicts.push({
      id: 'protocol-limit',
      severity: 'warn',
      text:
        `The file-sharing protocol or client is the limit: ${share.label} ran at ${rate(share.bytesPerSecond, unit)}, ` +
        `while the network alone carried ${rate(networkBytes, unit)} ${op === 'write' ? 'to' : 'from'} the NAS ` +
        `and its disks ${op === 'write' ? 'wrote' : 'read'} at ${rate(disk.bytesPerSecond, unit)} (${disk.test})` +
        (percent !== null && link ? `; the copy used ${formatPercent(percent)} of the ${link.name}` : '') +
        `.${known}${advice}`,
      figures: {
        bytesPerSecond: share.bytesPerSecond,
        networkBitsPerSecond: networkBits,
        diskBytesPerSecond: disk.bytesPerSecond,
        ...(percent !== null ? { utilisationPercent: percent } : {}),
      },
      limit: { part: 'file-sharing', ops: [op] },
    });
  }
  return verdicts;
};
