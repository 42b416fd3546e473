import fc from 'fast-check';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { renderReport, runFileTextOf, type ReportFormat } from '../../shared/report';
import { parseRunFile } from '../../shared/runs';
import { hostile, hostileRun } from '../fixtures/report/hostile-run';
import { labQuickRun } from '../fixtures/report/seeded-private-run';

const render = (format: ReportFormat, anonymize: boolean) =>
  renderReport(hostileRun(), { format, anonymize, unit: 'MB/s', generatedAt: '2026-11-22T10:00:00.000Z' }).text;

/** RFC 4180 fields of a CSV text, honouring quotes (a naive split on commas would hide an injection). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += char;
  }
  return rows;
}

describe.each([true, false])('hostile run data (anonymised: %s)', (anonymize) => {
  it('stays text in HTML: one script element (the inert JSON), no tags from the data, the data intact on import', () => {
    const html = render('html', anonymize);
    expect(html.match(/<script/gi)).toHaveLength(1);
    expect(html).toMatch(/<script type="application\/json" id="nasbench-run">[^<]*<\/script>/);
    expect(html).not.toMatch(/<img|<svg onload|<!--/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    const imported = parseRunFile(runFileTextOf(html));
    expect(imported.title).toBe(`Quick ${hostile.script}`);
    expect(imported.steps[0]?.error?.message).toBe(hostile.endScript);
  });

  it('stays text in Markdown, even where the forum allows raw HTML; the table keeps four columns', () => {
    const markdown = render('md', anonymize);
    const parser = new MarkdownIt({ html: true, linkify: true });
    const rendered = parser.render(markdown);
    expect(rendered).not.toMatch(/<a |<img|<script|<svg/i);
    expect(rendered).toContain('[x](javascript:alert(1))'.replace(/&/g, '&amp;'));
    const tokens = parser.parse(markdown, {});
    const cellsPerRow: number[] = [];
    let cells = 0;
    for (const token of tokens) {
      if (token.type === 'td_open' || token.type === 'th_open') cells += 1;
      if (token.type === 'tr_close') {
        cellsPerRow.push(cells);
        cells = 0;
      }
    }
    expect(cellsPerRow.length).toBeGreaterThan(2);
    expect(new Set(cellsPerRow)).toEqual(new Set([4]));
  });

  it('stays one field in CSV, and a formula is shown, not run', () => {
    for (const format of ['csv', 'csv-samples'] as const) {
      const rows = parseCsv(render(format, anonymize));
      expect(new Set(rows.map((row) => row.length)).size).toBe(1);
    }
    const rows = parseCsv(render('csv', anonymize));
    const formulaRow = rows.find((row) => row.some((field) => field.includes('HYPERLINK')));
    expect(formulaRow?.find((field) => field.includes('HYPERLINK'))).toBe(`'${hostile.formula}`);
    expect(rows.flat().every((field) => !/^[=+@]/.test(field))).toBe(true);
  });

  it('stays data in JSON: the same run, strings and all', () => {
    const json = render('json', anonymize);
    const run = parseRunFile(json);
    expect(run.title).toBe(`Quick ${hostile.script}`);
    expect(run.tags).toContain(hostile.pipe);
  });
});

/** Text an attacker controls, biased towards the characters each format gives a meaning to. */
const nasty = fc.string({
  unit: fc.oneof(
    fc.constantFrom(...'<>&"\'|[]()!`*_\\:#=+-@\r\n/'.split('')),
    fc.string({ maxLength: 1, unit: 'grapheme' }),
  ),
  maxLength: 30,
});

/** Property tests run hundreds of cases: generous on a loaded two-core machine. */
const propertyTimeout = 60_000;

describe('any run data, property-tested', () => {
  it(
    'never changes the shape of any format, and comes back intact from the HTML',
    () => {
      fc.assert(
        fc.property(nasty, nasty, (name, note) => {
          const run = labQuickRun();
          run.title = name;
          for (const result of run.results) {
            if (result.kind === 'disk' && result.tests[0]) result.tests[0] = { ...result.tests[0], name };
            if (result.kind === 'copy') result.notes.push(note);
          }
          const render = (format: ReportFormat) =>
            renderReport(run, { format, anonymize: false, unit: 'MB/s', generatedAt: 'now' }).text;
          const html = render('html');
          expect(html.match(/<script/gi)).toHaveLength(1);
          const back = parseRunFile(runFileTextOf(html));
          expect(back.title).toBe(name);
          const parser = new MarkdownIt({ html: true, linkify: true });
          const markdown = render('md');
          expect(parser.render(markdown)).not.toMatch(/<a |<img|<script/i);
          const rows = parser.parse(markdown, {}).filter((token) => token.type === 'tr_open').length;
          expect(rows).toBe(
            1 +
              run.results.reduce(
                (count, result) => count + (result.kind === 'disk' || result.kind === 'copy' ? result.tests.length : 1),
                0,
              ),
          );
          const csv = parseCsv(render('csv'));
          expect(new Set(csv.map((row) => row.length))).toEqual(new Set([18]));
          const shown = csv.find((row) => row[1] === 'NAS disk')?.[2] ?? '';
          // A text that would start a formula gets a ' in front; any other comes back as it was.
          expect(shown).toBe(/^[=+\-@\t\r]/.test(name) ? `'${name}` : name);
        }),
        { numRuns: 150 },
      );
    },
    propertyTimeout,
  );
});
