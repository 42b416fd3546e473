import type { Verdict } from '../../contract/verdict';
import { formatCount } from '../../util/units';
import type { ShareBenchFigure } from '../figures';
import { formatPercent, rate } from '../links';
import type { Rule } from '../rule';

/** How many small files the everyday line reads one after another: a folder of photos, a music album's tags. */
export const smallFilesExample = 2000;

const milliseconds = (ns: number) => `${(ns / 1e6).toFixed(ns >= 1e7 ? 1 : 2)} ms`;

const isSmallAtQ1 = (figure: ShareBenchFigure) => figure.random && figure.bs === 4096 && figure.queueDepth === 1;

/**
 * What the share costs small I/O (issue #50): a 4K read or write at queue depth 1 over the share waits
 * for the whole round trip, the protocol and the NAS, one at a time, which is why a photo library on
 * the NAS feels slow while copies are fast. Said with its arithmetic: the measured latency, the idle
 * round trip it holds at least, the NAS's own 4K figure when the run has it, and the same at depth.
 */
export const shareSmallIo: Rule = (figures, { unit }) => {
  const bench = (figures.shareBench ?? []).filter((figure) => figure.pathKind === 'network-share');
  const verdicts: Verdict[] = [];
  for (const op of ['read', 'write'] as const) {
    const small = bench.find((figure) => figure.op === op && isSmallAtQ1(figure));
    if (!small || small.latencyMeanNs <= 0) continue;
    const deep = bench
      .filter((figure) => figure.op === op && figure.random && figure.bs === 4096 && figure.queueDepth > 1)
      .sort((a, b) => b.queueDepth - a.queueDepth)[0];
    const nasOwn = figures.diskRandom?.find((disk) => disk.op === op && disk.test.startsWith('RND4K Q1T1'));
    const roundTripNs = small.roundTripMs === null ? null : small.roundTripMs * 1e6;
    const rest = roundTripNs === null ? null : Math.max(0, small.latencyMeanNs - roundTripNs);
    const each = milliseconds(small.latencyMeanNs);
    const total = (smallFilesExample * small.latencyMeanNs) / 1e9;
    const parts = [
      `4K ${op}s over the share, one at a time: ${rate(small.bytesPerSecond, unit)} (${formatCount(small.iops)} a second, ${each} each).`,
      roundTripNs !== null && rest !== null && rest > 0
        ? `Each one waits at least a round trip to the NAS (${milliseconds(roundTripNs)} measured, idle), and the file-sharing protocol and the NAS take the other ${milliseconds(rest)}.`
        : '',
      nasOwn
        ? `On the NAS’s own disks the same test gave ${rate(nasOwn.bytesPerSecond, unit)}: over the share small ${op}s run at ${formatPercent((100 * small.bytesPerSecond) / nasOwn.bytesPerSecond)} of that.`
        : 'A disk test on the NAS (it needs the NAS’s login) sets its own 4K figure beside this one.',
      deep
        ? `With ${deep.queueDepth} at once they reach ${rate(deep.bytesPerSecond, unit)}: programs that ask for many pieces together feel the share far less than those that wait for each.`
        : '',
      `${op === 'read' ? 'Reading' : 'Writing'} ${formatCount(smallFilesExample)} small files one after another waits about ${formatCount(smallFilesExample)} × ${each} = ${total.toFixed(total >= 10 ? 0 : 1)} s in ${op}s alone; opening and closing each file costs at least another round trip apiece.`,
    ];
    verdicts.push({
      id: 'share-small-io',
      severity: 'info',
      text: parts.filter(Boolean).join(' '),
      figures: {
        bytesPerSecond: small.bytesPerSecond,
        iops: small.iops,
        latencyNs: small.latencyMeanNs,
        ...(roundTripNs !== null ? { roundTripNs } : {}),
        ...(nasOwn ? { nasBytesPerSecond: nasOwn.bytesPerSecond } : {}),
        ...(deep ? { deepBytesPerSecond: deep.bytesPerSecond } : {}),
      },
    });
  }
  return verdicts;
};
