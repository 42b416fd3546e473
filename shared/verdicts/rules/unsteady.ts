import type { Spread } from '../../contract/figure-quality';
import { describeUnsteady, formatSpread, isUnsteady, linkAsSubject } from '../../words/spread';
import type { Figures } from '../figures';
import { bitRate, rate } from '../links';
import type { Rule } from '../rule';

interface Candidate {
  /** Which kind of figure it is: a group of several flagged figures is said in one line. */
  group: 'network' | 'disk' | 'share copy';
  what: string;
  figure: string;
  spread: Spread | undefined;
  /** The link the figure went over, when the run knows it. */
  subject: string | null;
}

/**
 * A figure whose per-second rate (or whose repeats) varied more than 10% is flagged in words, with
 * the link named when the run knows it went over one: such a figure is rough, and two runs differ
 * meaningfully only by more than that. Several of one kind are one line ("3 of 8 disk figures
 * varied more than 10%"), naming the widest, not a string of warnings.
 */
export const unsteady: Rule = (figures, { unit }) => {
  const link = linkAsSubject(figures.clientLink?.type);
  const candidates: Candidate[] = [
    ...networkCandidates(figures, link, unit),
    ...figures.disks.map((disk) => ({
      group: 'disk' as const,
      what: disk.test,
      figure: rate(disk.bytesPerSecond, unit),
      spread: disk.spread,
      // iperf3 -F goes over the link too, but the disk may be what varied: no link is named.
      subject: null,
    })),
    ...figures.share.map((share) => ({
      group: 'share copy' as const,
      what: `the share copy (${share.label})`,
      figure: rate(share.bytesPerSecond, unit),
      spread: share.spread,
      subject: share.overRunLink ? link : null,
    })),
  ];
  const flagged = candidates.filter((candidate) => isUnsteady(candidate.spread));
  if (flagged.length === 0) return [];
  const sentences = (['network', 'disk', 'share copy'] as const).flatMap((group) =>
    groupSentence(
      candidates.filter((candidate) => candidate.group === group),
      flagged.filter((candidate) => candidate.group === group),
    ),
  );
  const widest = Math.max(...flagged.map((candidate) => candidate.spread?.relative ?? 0));
  return [
    {
      id: 'unsteady-figure',
      severity: 'warn',
      text:
        `${sentences.join('; ')}. ${flagged.length === 1 ? 'That figure is' : 'Those figures are'} rough: ` +
        'something else used the link or the disks, or the speed had not settled. Run the test again before ' +
        'trusting a difference smaller than that.',
      figures: { unsteadyFigures: flagged.length, widestSpreadPercent: widest * 100 },
    },
  ];
};

/** One flagged figure as it is; several of a kind in one line, with how many of how many and the widest. */
function groupSentence(all: Candidate[], flagged: Candidate[]): string[] {
  const one = (candidate: Candidate) =>
    `${describeUnsteady(candidate.spread, candidate.subject)} (${candidate.what}: ${candidate.figure})`;
  const first = flagged[0];
  if (!first) return [];
  if (flagged.length === 1) return [one(first)];
  const widest = [...flagged].sort((a, b) => (b.spread?.relative ?? 0) - (a.spread?.relative ?? 0))[0] ?? first;
  return [
    `${flagged.length} of ${all.length} ${first.group} figures varied more than 10% ` +
      `(the widest, ${widest.what}: ${widest.figure}, ${formatSpread(widest.spread)})`,
  ];
}

function networkCandidates(figures: Figures, link: string | null, unit: Parameters<Rule>[1]['unit']): Candidate[] {
  const { upload, download, multiLink, spreads } = figures.network;
  return [
    ...(upload !== null
      ? [{ what: 'the network to the NAS', figure: bitRate(upload, unit), spread: spreads?.upload }]
      : []),
    ...(download !== null
      ? [{ what: 'the network from the NAS', figure: bitRate(download, unit), spread: spreads?.download }]
      : []),
    ...(multiLink
      ? [
          {
            what: 'the network over all links at once',
            figure: bitRate(multiLink.bitsPerSecond, unit),
            spread: spreads?.multiLink,
          },
        ]
      : []),
  ].map((candidate) => ({
    ...candidate,
    group: 'network' as const,
    subject: multiLink && candidate.what === 'the network over all links at once' ? null : link,
  }));
}
