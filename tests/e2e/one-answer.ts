import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { crossedDirections, limitConflicts, limitWordsUnranked } from '../helpers/limit-words';

/**
 * One answer, as the Results screen says it (#49): the answer block and every finding under "What
 * this means" name at most one limit for each direction, each limit said in words is one the ranking
 * saw, no copy rate is named where only one part was measured, and writes are never set against
 * read figures. Read from the page's text and the limit each item carries (data-limit, data-ops).
 */
export async function expectOneAnswer(page: Page): Promise<void> {
  await page.getByTestId('verdicts').waitFor();
  const findings = await page.locator('[data-verdict]').evaluateAll((items) =>
    items.map((item) => ({
      id: item.getAttribute('data-verdict') ?? '',
      text: item.textContent ?? '',
      part: item.getAttribute('data-limit'),
      ops: (item.getAttribute('data-ops') ?? '').split(' ').filter((op: string) => op.length > 0),
    })),
  );
  const answers = await page.locator('[data-testid="answer-block"] p').evaluateAll((items) =>
    items.map((item) => ({
      direction: item.getAttribute('data-direction') ?? '',
      from: item.getAttribute('data-from') ?? '',
      part: item.getAttribute('data-limit') ?? 'none',
      text: item.textContent ?? '',
    })),
  );
  expect(findings.length + answers.length, 'Results shows an answer or findings').toBeGreaterThan(0);
  const texts = [
    ...findings.map(({ id, text, part, ops }) => ({ id, text, limit: part ? { part, ops } : null })),
    ...answers.map(({ direction, text, part }) => ({
      id: `answer ${direction}`,
      text,
      limit: part === 'none' ? null : { part, ops: [direction === 'to-nas' ? 'write' : 'read'] },
    })),
  ];
  const claims = texts.flatMap(({ id, limit }) => (limit ? [{ id, ...limit }] : []));
  expect(limitConflicts(claims)).toEqual([]);
  expect(limitWordsUnranked(texts)).toEqual([]);
  expect(crossedDirections(texts)).toEqual([]);
  for (const answer of answers)
    if (answer.from === 'disks' || answer.from === 'network') expect(answer.text).not.toMatch(/^Copying files/);
}
