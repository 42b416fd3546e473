import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { renderReport, runFileTextOf, type ReportFormat } from '../../shared/report';
import { escapeMarkdown } from '../../shared/report/escape';
import { parseRunFile } from '../../shared/contract/runs';
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

/** Pieces of web and e-mail addresses, which Markdown renderers turn into links on their own. */
const addressPiece = fc.constantFrom(
  ...['www.', 'WWW.', 'http://', 'https://', 'ftp://', '//', 'mailto:', 'xmpp:', '@', '.', '.com', '.de', '.рф'],
  ...['evil', 'bob', 'example', 'xn--p1ai', 'localhost', '1.2.3.4', '[::1]', ':8080', '/path', '_', '-', '(', ' '],
);

/** Text an attacker controls, biased towards the characters each format gives a meaning to. */
const nasty = fc.string({
  unit: fc.oneof(
    fc.constantFrom(...'<>&"\'|[]()!`*_\\:#=+-@\r\n/'.split('')),
    fc.string({ maxLength: 1, unit: 'grapheme' }),
    addressPiece,
  ),
  maxLength: 30,
});

/** Forum software (markdown-it with linkify), also with the fuzzy links that linkify-it before 6 found. */
const forumParser = new MarkdownIt({ html: true, linkify: true });
const fuzzyForumParser = new MarkdownIt({ html: true, linkify: true });
fuzzyForumParser.linkify.set({ fuzzyLink: true });
const forumParsers = [forumParser, fuzzyForumParser];

/** GitHub's renderer (cmark-gfm, from Debian's cmark-gfm package, which CI installs) with its autolinks. */
const hasGithubRenderer = spawnSync('cmark-gfm', ['--version']).status === 0;
function githubHtml(markdown: string): string {
  const run = spawnSync('cmark-gfm', ['--extension', 'autolink', '--extension', 'table'], { input: markdown });
  if (run.status !== 0) throw new Error(`cmark-gfm failed: ${run.stderr.toString()}`);
  return run.stdout.toString();
}

/** The text of an HTML fragment without its tags, entities decoded (those an HTML renderer writes). */
function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(
      /&(lt|gt|quot|#39|amp);/g,
      (_all, name: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'" })[name] ?? '&',
    );
}

/** One table cell holding the text, as the report writes run data. */
const inCell = (text: string) => `| Test |\n|---|\n| ${escapeMarkdown(text)} |\n`;
/** What a reader sees in that cell: the text on one line, minus the invisible word joiner. */
const cellTextOf = (html: string) => textOf(/<td>(.*)<\/td>/s.exec(html)?.[1] ?? '').replace(/\u2060/g, '');

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
          const markdown = render('md');
          for (const forum of forumParsers) expect(forum.render(markdown)).not.toMatch(/<a |<img|<script/i);
          if (hasGithubRenderer) expect(githubHtml(markdown)).not.toMatch(/<a |<img|<script/i);
          const rows = forumParser.parse(markdown, {}).filter((token) => token.type === 'tr_open').length;
          expect(rows).toBe(
            1 +
              run.results.reduce(
                (count, result) => count + (result.kind === 'disk' || result.kind === 'copy' ? result.tests.length : 1),
                0,
              ),
          );
          const csv = parseCsv(render('csv'));
          expect(new Set(csv.map((row) => row.length))).toEqual(new Set([32]));
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

describe('addresses in run data stay text in Markdown', () => {
  const addresses = [
    'www.evil.com',
    '(www.evil.com)',
    'www.123',
    'bob@example.com',
    'mailto:bob@example.com',
    'xmpp:bob@example.com/phone',
    'http://evil.example/t.png',
    'HTTPS://EVIL.EXAMPLE',
    'ftp://localhost/share',
    '//localhost/x',
    'evil.com',
    'пример.рф',
  ];

  it.each(addresses)('%s: no link in markdown-it with linkify, the text as it was', (address) => {
    for (const forum of forumParsers) {
      const html = forum.render(inCell(`folder ${address} here`));
      expect(html).not.toContain('<a ');
      expect(cellTextOf(html)).toBe(`folder ${address} here`);
    }
  });

  it("has GitHub's renderer to check against (apt-get install cmark-gfm; CI installs it)", () => {
    expect(hasGithubRenderer).toBe(true);
  });

  it.each(addresses)("%s: no link in GitHub's autolinks, the text as it was", (address) => {
    const html = githubHtml(inCell(`folder ${address} here`));
    expect(html).not.toContain('<a ');
    expect(cellTextOf(html)).toBe(`folder ${address} here`);
  });

  it('in a whole report: a folder named www.evil.com and a note bob@example.com are no links', () => {
    const run = labQuickRun();
    run.title = 'www.evil.com';
    run.tags = ['bob@example.com', 'http://evil.example'];
    for (const result of run.results) {
      if (result.kind === 'disk' && result.tests[0]) result.tests[0] = { ...result.tests[0], name: 'www.evil.com' };
      if (result.kind === 'copy') result.notes.push('bob@example.com');
    }
    const markdown = renderReport(run, { format: 'md', anonymize: false, unit: 'MB/s', generatedAt: 'now' }).text;
    const rendered = [...forumParsers.map((forum) => forum.render(markdown))];
    if (hasGithubRenderer) rendered.push(githubHtml(markdown));
    for (const html of rendered) {
      expect(html).not.toContain('<a ');
      expect(textOf(html)).toContain('NASBench: www.evil.com');
      expect(textOf(html).replace(/\u2060/g, '')).toContain('tags: bob@example.com, http://evil.example');
    }
  });

  it('leaves colons alone: times, drive letters and IPv6 addresses read as typed', () => {
    expect(escapeMarkdown('Plan: 10:00, C:\\share, fe80::1')).toBe('Plan: 10:00, C:\\\\share, fe80::1');
    const run = labQuickRun();
    run.title = 'Before 10:00 on C:';
    const markdown = renderReport(run, { format: 'md', anonymize: false, unit: 'MB/s', generatedAt: 'now' }).text;
    expect(markdown).toContain('### NASBench: Before 10:00 on C:\n');
    expect(markdown).not.toContain('\\:');
  });

  it(
    'any text with address shapes renders as exactly that text, with no link, wherever it is read',
    () => {
      const text = fc.string({ unit: fc.oneof(addressPiece, fc.constantFrom(...'abc019.:/@_-()[]|<>&'.split(''))) });
      fc.assert(
        fc.property(text, (value) => {
          const markdown = inCell(value);
          const rendered = forumParsers.map((forum) => forum.render(markdown));
          if (hasGithubRenderer) rendered.push(githubHtml(markdown));
          for (const html of rendered) {
            expect(html).not.toContain('<a ');
            expect(cellTextOf(html)).toBe(value.trim());
          }
        }),
        { numRuns: 300 },
      );
    },
    propertyTimeout,
  );
});
