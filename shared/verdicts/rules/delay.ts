import { formatDelay as ms } from '../../kinds/network/delay';
import type { DelayFigure } from '../figures';
import type { Rule } from '../rule';
import type { Verdict } from '../../contract/verdict';

const whileWords: Record<DelayFigure['direction'], string> = {
  upload: 'while this computer sends to the NAS, as a backup does',
  download: 'while the NAS sends to this computer, as a restore or a film does',
  bidir: 'while data goes both ways',
};

/**
 * What a busy link does to everything else on it, in everyday terms. The bands follow what people
 * notice: a round trip under 30 ms is fine for calls and games, under 100 ms for video calls (games
 * feel it), and past that calls stutter — ITU-T G.114 puts the limit for a good call at 150 ms one
 * way, and this delay comes on top of the internet's own.
 */
function consequence(loadedMs: number, risenMs: number): { severity: Verdict['severity']; words: string } {
  if (risenMs < 5)
    return { severity: 'info', words: 'video calls and games on this computer will not notice a backup.' };
  if (loadedMs < 30) return { severity: 'info', words: 'fine for video calls; fast online games may feel it.' };
  if (loadedMs < 100)
    return { severity: 'warn', words: 'video calls may stutter and games lag on this computer while big copies run.' };
  return { severity: 'warn', words: 'video calls and games on this computer will stutter during backups.' };
}

/** The delay to the NAS while a test loaded the link, against the idle delay: the worst load the run timed. */
export const delayUnderLoad: Rule = (figures) => {
  const worst = [...(figures.network.delays ?? [])].sort((a, b) => b.loadedMs - a.loadedMs)[0];
  if (!worst) return [];
  const risen = worst.loadedMs - worst.idleMs;
  const { severity, words } = consequence(worst.loadedMs, risen);
  const change =
    risen < 5
      ? `stays low ${whileWords[worst.direction]} (${ms(worst.idleMs)} idle, ${ms(worst.loadedMs)} under that load)`
      : `rises from ${ms(worst.idleMs)} to ${ms(worst.loadedMs)} ${whileWords[worst.direction]}`;
  const queue =
    severity === 'warn'
      ? ' Something on the way (often the Wi-Fi access point or the router) holds a long queue; ' +
        'one with smart queue management (fq_codel or CAKE, sometimes called SQM or QoS) keeps the delay low.'
      : '';
  return [
    {
      id: 'everyday-delay',
      severity,
      text: `The delay to your NAS ${change}: ${words}${queue}`,
      figures: { idleMs: worst.idleMs, loadedMs: worst.loadedMs, loadedP99Ms: worst.loadedP99Ms },
    },
  ];
};
