import type { RunRecord } from '../contract/runs';
import type { RateUnit } from '../util/units';
import { explainFigures, figuresOfRun } from '.';
import type { Verdict } from '../contract/verdict';

/**
 * Each guided plan's card asks one question (renderer/src/screens/plan/plan-cards.ts); these are
 * the verdicts that answer it, best first, and what to say when none could. Single tests and the
 * Custom plan ask nothing of their own: their verdicts stand as they are.
 */
const planQuestions: Record<string, { ids: Verdict['id'][]; none: string }> = {
  quick: {
    ids: ['network-limit', 'wifi-limit', 'disk-limit', 'protocol-limit', 'ceiling-upgrade'],
    none:
      'Neither the network nor the disks stands out as the limit: they ran within 25% of each other, ' +
      'or one of them was not measured (see what the plan left out).',
  },
  'cached-vs-uncached': {
    ids: ['cache-gain', 'cache-wall'],
    none:
      'How much of the speed is cache could not be told: the disk steps need a folder on the NAS, ' +
      'and the cache wall a mounted share whose copies slow down past some file size.',
  },
  'bonded-link': {
    ids: ['bond-adds-up', 'bond-not-spreading'],
    none: 'Whether the links add up could not be told: the test needs two or more links to the NAS at once.',
  },
  'compare-connections': {
    ids: ['wifi-limit'],
    none:
      'One connection alone answers nothing yet: run this plan once over each connection, then pick the runs ' +
      'in History to set them side by side.',
  },
  'disk-sweep': {
    ids: ['sweep-best'],
    none: 'No cell of the sweep finished, so there is no fastest setting to name.',
  },
  load: {
    ids: ['load-scaling'],
    none:
      'Whether the NAS keeps up as computers are added shows when they are added one at a time ' +
      '("Add the computers one at a time", or --step-up): this run measured them only all together.',
  },
};

/** The verdict that answers the run's plan card, the others after it; or, for a plan, why there is no answer. */
export function answerFirst(
  plan: string,
  verdicts: Verdict[],
): { answer: Verdict | null; others: Verdict[]; none: string | null } {
  const question = planQuestions[plan];
  if (!question) return { answer: null, others: verdicts, none: null };
  const answer =
    question.ids.map((id) => verdicts.find((verdict) => verdict.id === id)).find((found) => found !== undefined) ??
    null;
  return {
    answer,
    others: verdicts.filter((verdict) => verdict !== answer),
    none: answer ? null : question.none,
  };
}

/** A saved run's verdicts in the user's unit, the one that answers its plan card's question first. */
export function explainRun(record: RunRecord, unit: RateUnit = 'MB/s'): Verdict[] {
  const { answer, others } = answerFirst(record.plan, explainFigures(figuresOfRun(record), { unit }));
  return answer ? [answer, ...others] : others;
}
