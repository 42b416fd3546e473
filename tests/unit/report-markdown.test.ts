import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { renderReport } from '../../shared/report';
import { testRows } from '../../shared/report/report-model';
import { formatRate } from '../../shared/util/units';
import { labQuickRun } from '../fixtures/report/seeded-private-run';

describe('the Markdown summary of a lab Quick check', () => {
  const run = labQuickRun();
  const markdown = renderReport(run, {
    format: 'md',
    anonymize: true,
    unit: 'MB/s',
    generatedAt: '2026-11-22T10:00:00Z',
  }).text;

  it('is short enough for a forum post', () => {
    expect(markdown.split('\n').length).toBeLessThan(60);
  });

  it('renders as one table with a row per test and its figure', () => {
    const parser = new MarkdownIt();
    const tokens = parser.parse(markdown, {});
    expect(tokens.filter((token) => token.type === 'table_open')).toHaveLength(1);
    const header = tokens.findIndex((token) => token.type === 'thead_open');
    const tableEnd = tokens.findIndex((token) => token.type === 'table_close');
    const cells = tokens
      .slice(header, tableEnd)
      .filter((token) => token.type === 'inline')
      .map((token) => token.content);
    expect(cells.slice(0, 4)).toEqual(['Test', 'What', 'MB/s', 'Details']);
    const rows = tokens.filter((token) => token.type === 'tr_open').length - 1;
    expect(rows).toBe(testRows(run).length);
    for (const row of testRows(run)) {
      expect(cells).toContain(formatRate(row.bytesPerSecond, 'MB/s').replace(' MB/s', ''));
    }
    const html = parser.render(markdown);
    expect(html).toContain('<table>');
    expect(html).toContain('SEQ1M Q8T1 read');
  });

  it('says what the figures mean and on what they were measured', () => {
    expect(markdown).toMatch(/^- \*\*(info|warn|problem)\*\*: /m);
    expect(markdown).toMatch(/^NAS: Debian GNU\/Linux 12, \d+ GiB RAM, ext4/m);
    expect(markdown).toMatch(/^Tools: fio 3\.33, iperf3 3\.12/m);
  });

  it("lists each test's note once, as the HTML report does", () => {
    const notes = [
      ...new Set(
        testRows(run)
          .map((row) => row.note)
          .filter(Boolean),
      ),
    ];
    expect(notes.length).toBeGreaterThan(0);
    const listed = markdown.split('Notes:\n')[1]?.split('\n\n')[0]?.split('\n') ?? [];
    expect(listed).toHaveLength(notes.length);
    for (const line of listed) expect(line).toMatch(/^- \S/);
  });
});

describe('what ran, for a network test', () => {
  it('says which way the data went: a download is not written as an arrow from this computer', () => {
    const network = testRows(labQuickRun()).filter((row) => row.group === 'Network');
    expect(network.map((row) => row.op).sort()).toEqual(['download', 'upload']);
    for (const row of network) {
      const way = row.op === 'download' ? 'from the NAS to this computer' : 'from this computer to the NAS';
      expect(row.how).toContain(`data ${way}`);
      expect(row.how).toMatch(/connects to [\d.]+:\d+/);
      expect(row.how).not.toContain('→');
    }
  });
});
