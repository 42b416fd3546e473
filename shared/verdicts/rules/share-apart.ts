import { describeOtherLink } from '../../kinds/copy/share-path';
import type { ShareApart } from '../figures';
import { rate } from '../links';
import type { Rule } from '../rule';
import type { Verdict } from '../../contract/verdict';

/** The fastest of a group of copy figures: the one a reader would otherwise take for the NAS's speed. */
const fastest = (figures: readonly ShareApart[]) => [...figures].sort((a, b) => b.bytesPerSecond - a.bytesPerSecond)[0];

const inWords = (figures: readonly ShareApart[], unit: Parameters<Rule>[1]['unit']) =>
  figures.map((figure) => `${figure.op} at ${rate(figure.bytesPerSecond, unit)}`);

/**
 * Copy figures that are not about this run's link to the NAS: a folder on this computer's own disk
 * (or in its memory) involves no NAS at all, and a share mounted over another interface measured
 * that other link. Each is said in words, and the other rules never set them beside the network.
 */
export const shareApart: Rule = (figures, { unit }) => {
  const verdicts: Verdict[] = [];
  const local = figures.shareApart.filter((figure) => figure.place.kind !== 'other-link');
  const best = fastest(local);
  if (best) {
    const memory = best.place.kind === 'memory';
    verdicts.push({
      id: 'copy-not-on-nas',
      severity: 'warn',
      text:
        `The copy test ran in ${memory ? 'a folder in this computer’s memory (tmpfs)' : 'a folder on this computer’s own disk'}, ` +
        `not on a NAS share: its figures (${inWords(local, unit).join(', ')}) are this computer’s ` +
        `${memory ? 'memory' : 'disk'} speed and say nothing about the NAS or the network. ` +
        'Mount a share of the NAS and choose a folder in it to measure the NAS.',
      figures: { bytesPerSecond: best.bytesPerSecond },
    });
  }
  const elsewhere = figures.shareApart.filter((figure) => figure.place.kind === 'other-link');
  const first = elsewhere[0];
  if (first && first.place.kind === 'other-link') {
    const top = fastest(elsewhere) ?? first;
    verdicts.push({
      id: 'copy-other-link',
      severity: 'warn',
      text: describeOtherLink(first.place.link, inWords(elsewhere, unit)),
      figures: { bytesPerSecond: top.bytesPerSecond },
    });
  }
  return verdicts;
};
