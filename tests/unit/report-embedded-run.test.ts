import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runFileTextOf } from '../../shared/report';
import { adversarialPair, costGrowth, repeated } from '../helpers/cost-growth';

/**
 * Issue #47: the run inside an imported HTML report is found in one pass, whatever the file holds.
 * The pattern it replaces is the oracle for what is found: on any text made of the pieces that
 * matter (script tags in either case, ids quoted or not and glued to other words, closing tags
 * with and without white space), both find the same run, or both none.
 */
const before = /<script\b[^>]*\bid=["']?nasbench-run["']?[^>]*>([\s\S]*?)<\/script\s*>/i;
const foundBefore = (text: string) => (/^\s*</.test(text) ? (before.exec(text)?.[1] ?? null) || null : text);
const foundNow = (text: string) => {
  try {
    return runFileTextOf(text);
  } catch {
    return null;
  }
};

const piece = fc.constantFrom(
  '<script',
  '<SCRIPT',
  '<Script',
  '<scripts',
  '<script_',
  ' ',
  '\n',
  '\t',
  'id=',
  'ID=',
  ' id=',
  'data-id=',
  'xid=',
  '"',
  "'",
  'nasbench-run',
  'NASBench-Run',
  'nasbench-runner',
  'nasbench-ru',
  '>',
  '</script',
  '</SCRIPT',
  '</script>',
  '</script >',
  '</script\n>',
  '</scriptx>',
  '</scr',
  '{"a":1}',
  'x',
  '<',
  'type="application/json"',
);
const htmlish = fc
  .tuple(fc.constantFrom('<', ' <', '\n<', '', 'x'), fc.array(piece, { maxLength: 24 }))
  .map(([start, pieces]) => start + pieces.join(''));

describe('the run inside an imported HTML report', () => {
  it('is found as the pattern found it, on 20,000 texts of script tags, ids and closing tags', () => {
    fc.assert(
      fc.property(htmlish, (text) => {
        expect(foundNow(text)).toBe(foundBefore(text));
      }),
      { numRuns: 20_000 },
    );
  });

  it('is found in a real report shape, and its absence is named', () => {
    const html = `<!doctype html><html><script src="x.js"></script><script type="application/json" id="nasbench-run">{"a":1}</script ></html>`;
    expect(runFileTextOf(html)).toBe('{"a":1}');
    expect(runFileTextOf('{"a":1}')).toBe('{"a":1}');
    expect(() => runFileTextOf('<html><script id="nasbench-run"></script></html>')).toThrow(/no NASBench run/);
  });

  it.each([
    ['an opening run tag repeated, never closed', '<script id=nasbench-run'],
    ['whole run tags, no closing tag', '<script id=nasbench-run>'],
    ['other scripts, no run', '<script>x'],
    ['script openings inside one tag', '<script '],
    ['closing tags that never end in >', '<script id=nasbench-run></script '],
    ['ids that are not the run', '<script id=nasbench-ru id='],
  ])('%s: 1 MB costs at most 20x what 100 KB costs', (_case, unit) => {
    const [small, large] = adversarialPair(unit);
    expect(costGrowth(foundNow, `<html>${small}`, `<html>${large}`)).toBeLessThanOrEqual(20);
  });

  it('the pattern it replaced fails that check (so the check can fail)', () => {
    // Run tags that never close, at a twentieth of the sizes above: the old pattern took over a second at 128 KB.
    const [small, large] = [5_000, 50_000].map((length) => `<html>${repeated('<script id=nasbench-run>', length)}`);
    expect(costGrowth((text) => before.exec(text), small ?? '', large ?? '')).toBeGreaterThan(40);
  });
});
