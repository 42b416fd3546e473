import { describe, expect, it } from 'vitest';
import { exportReport } from '../../electron/engine/report';
import { SettingsStore } from '../../electron/engine/settings';
import { RunStore } from '../../electron/engine/store';
import { renderReport, type ReportFormat } from '../../shared/report';
import { trendsOfRun } from '../../shared/history/trends';
import {
  seededFingerprint,
  seededNasName,
  seededRecord,
  seededSummary,
  type SeededRun,
} from '../fixtures/report/trend-series';
import { tempDir } from './helpers';

/** Steady runs in March, tagged; then the reported run in May, 20% slower on every figure. */
const runs: SeededRun[] = [
  { id: 'run-2026-03-02', startedAt: '2026-03-02T19:00:00.000Z', scale: 1.25, spread: 0.02, tags: ['Bob’s office'] },
  { id: 'run-2026-03-09', startedAt: '2026-03-09T19:00:00.000Z', scale: 1.27, spread: 0.02, tags: ['Bob’s office'] },
  {
    id: 'run-2026-03-16',
    startedAt: '2026-03-16T19:00:00.000Z',
    scale: 1.23,
    spread: 0.02,
    tags: ['NVMe cache added'],
  },
  { id: 'run-2026-05-11', startedAt: '2026-05-11T19:00:00.000Z', scale: 1, spread: 0.03, tags: ['after DSM update'] },
];
const reported = runs[3] as SeededRun;
const trends = trendsOfRun(runs.map(seededSummary), reported.id);
const privateWords = ['Bob’s office', 'NVMe cache added', 'after DSM update', seededNasName, seededFingerprint];

const render = (format: ReportFormat, anonymize: boolean) =>
  renderReport(seededRecord(reported), { format, anonymize, unit: 'MB/s', generatedAt: 'now', trends }).text;
/** The HTML report's "How this NAS changed" page. */
const trendPage = (html: string) => /<section class="page" id="trends">[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
/** The Markdown report's trend section: from its heading to the NAS line. */
const trendLines = (markdown: string) => /#### How this NAS changed[\s\S]*?(?=\nNAS: )/.exec(markdown)?.[0] ?? '';

const seqReadVerdict =
  'Sequential reads (SEQ1M Q8T1) on this NAS are 20% slower than in March, on the same link and settings — ' +
  'check the disks’ health (SMART) and whether a scrub or rebuild was running.';

describe('the trend section of reports', () => {
  it('says how the NAS changed, with the verdicts and the dated figures', () => {
    const page = trendPage(render('html', false));
    expect(page).toContain('<h2>How this NAS changed</h2>');
    expect(page).toContain(`<div class="verdict warn"><b>Slower:</b> ${seqReadVerdict}</div>`);
    expect(page).toContain('<figcaption>SEQ1M Q8T1 read · Quick check · Virtual link</figcaption>');
    expect(page).toContain('<td>2 Mar 2026</td><td class="num">1,052 MB/s ±2%</td><td>Bob’s office</td>');
    expect(page).toContain('<td>11 May 2026 <b>(this run)</b></td><td class="num">842 MB/s ±3%</td>');
    expect(page).toContain('NVMe cache added');

    const markdown = trendLines(render('md', false));
    expect(markdown).toContain(`- **slower**: ${seqReadVerdict}`);
    expect(markdown).toMatch(
      /^- SEQ1M Q8T1 read · Quick check · Virtual link: 2 Mar 2026 1,052 MB\/s ±2% \(Bob’s office\); /m,
    );
    expect(markdown).toContain('**11 May 2026 842 MB/s ±3% (after DSM update), this run**');
  });

  it.each(['html', 'md'] as const)('anonymised %s names no tag and no NAS in it', (format) => {
    const text = render(format, true);
    const section = format === 'html' ? trendPage(text) : trendLines(text);
    expect(section).toContain('How this NAS changed');
    expect(section).toContain('20% slower than in March');
    expect(privateWords.filter((word) => section.toLowerCase().includes(word.toLowerCase()))).toEqual([]);
    // Each tag has one stand-in wherever it appears.
    expect(section).toContain(format === 'html' ? '<td>tag 1</td>' : '(tag 1)');
    expect(section).toContain('tag 3');
    expect(section).not.toContain('tag 4');
  });

  it('is left out for a run that is the first of its kind, and for CSV', () => {
    const first = runs[0] as SeededRun;
    const alone = renderReport(seededRecord(first), {
      format: 'html',
      anonymize: false,
      unit: 'MB/s',
      generatedAt: 'now',
      trends: trendsOfRun(runs.map(seededSummary), first.id),
    }).text;
    expect(alone).not.toContain('How this NAS changed');
    expect(render('csv', false)).not.toContain('How this NAS changed');
  });

  it('is in the report the engine exports, from the saved runs of the NAS', async () => {
    const dataDir = await tempDir('report-trends');
    const history = new RunStore(dataDir);
    for (const run of runs) await history.save(seededRecord(run));
    const sources = {
      history,
      settings: new SettingsStore(dataDir),
      printPdf: () => Promise.reject(new Error('no PDF in this test')),
    };
    const exported = await exportReport(
      { runId: reported.id, format: 'md', anonymize: true, paperSize: 'a4', unit: 'MB/s' },
      sources,
    );
    const section = trendLines(exported.text ?? '');
    // The saved runs all hold the lab's figures, so nothing moved: dated figures, no verdict.
    expect(section).toContain('No figure of this run moved beyond its noise against the earlier runs of its kind.');
    expect(section).toMatch(/^- SEQ1M Q8T1 read · Quick check · Virtual link: 2 Mar 2026 842 MB\/s \(tag 1\); /m);
    expect(privateWords.filter((word) => section.includes(word))).toEqual([]);
  });
});
