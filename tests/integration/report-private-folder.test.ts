import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../electron/engine';
import type { RunRecord } from '../../shared/contract/runs';
import type { ReportFormat } from '../../shared/report';
import { runFileTextOf } from '../../shared/report';
import { labQuickCheck } from '../e2e/report-lab-run';
import { pdfText, survivingFragments, type ReportTexts } from '../helpers/leak-check';
import { figuresShown } from '../helpers/report-figures';
import { lab } from './lab-login';

/**
 * Issue #20 in the lab: a real Quick check in a folder named as a user might name it, with an
 * apostrophe and a colon, exported in every format with anonymising on (the PDF printed by the
 * engine's Chromium and read back with pdftotext), shows no fragment of that name. Its twin, the
 * public parts, is a second real Quick check in a plainly named folder: whatever its reports show
 * is what a report says whatever the folder is called. The names use only letters from g to z
 * besides the punctuation, so no fragment of them can be a digit or a hex id, which differ
 * between the two runs anyway.
 */
const letters = (count: number) =>
  Array.from({ length: count }, () => 'ghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 20)]).join('');
const privateName = `Bob's:share-${letters(6)}`;
const plainName = `plain-${letters(6)}`;
const privateValues = [`${lab.share}/${privateName}`, privateName, lab.users.test.name];

const formats: ReportFormat[] = ['html', 'pdf', 'md', 'csv', 'csv-samples', 'csv-grid', 'json'];

interface LabRun {
  engine: Engine;
  record: RunRecord;
  cleanup: () => Promise<void>;
}
let privateRun: LabRun | undefined;
let plainRun: LabRun | undefined;

/** Every export of a run through the engine, as a reader opens it: the PDF as pdftotext reads it. */
async function exportsOf({ engine, record }: LabRun, anonymize = true): Promise<Record<string, string>> {
  const texts: Record<string, string> = {};
  for (const format of formats) {
    const report = await engine.handlers.exportReport({ runId: record.id, format, anonymize, paperSize: 'a4' });
    texts[format] = format === 'pdf' ? pdfText(Buffer.from(report.base64 ?? '', 'base64')) : (report.text ?? '');
  }
  texts['embedded run'] = runFileTextOf(texts.html ?? '');
  return texts;
}

let anonymised: Record<string, string>;
let original: Record<string, string>;
let twin: ReportTexts;

beforeAll(async () => {
  // The two Quick checks at once, each with an engine and data folder of its own (the NAS's iperf3
  // takes the next free port for the second): half a minute sooner, and only their names matter here.
  const [ranPrivate, ranPlain] = await Promise.allSettled([
    labQuickCheck('report-private-folder', { folderName: privateName }),
    labQuickCheck('report-plain-folder', { folderName: plainName }),
  ]);
  if (ranPrivate.status === 'fulfilled') privateRun = ranPrivate.value;
  if (ranPlain.status === 'fulfilled') plainRun = ranPlain.value;
  if (ranPrivate.status === 'rejected') throw ranPrivate.reason;
  if (ranPlain.status === 'rejected') throw ranPlain.reason;
  anonymised = await exportsOf(ranPrivate.value);
  original = await exportsOf(ranPrivate.value, false);
  twin = await exportsOf(ranPlain.value);
}, 300_000);

afterAll(async () => {
  await privateRun?.cleanup();
  await plainRun?.cleanup();
});

describe("a lab Quick check in a folder named Bob's:share-…", () => {
  it('really ran there: fio, the copy and the command lines name the folder', () => {
    const record = privateRun?.record;
    expect(record).toMatchObject({ plan: 'quick', status: 'completed' });
    const disk = record?.results.find((result) => result.kind === 'disk');
    expect(disk?.kind === 'disk' && disk.folder).toBe(`${lab.share}/${privateName}`);
    // The engine quotes the name for the shell and escapes its colon for fio.
    const quoted = `${privateName.replace("'", "'\\''").replace(':', '\\:')}/.nasbench-`;
    expect(disk?.kind === 'disk' && disk.tests[0]?.commandLine).toContain(quoted);
    const copy = record?.results.find((result) => result.kind === 'copy');
    expect(copy?.kind === 'copy' && copy.dir).toBe(`${lab.clientMount.path}/${privateName}`);
  });

  it('exported in every format with anonymising on, shows no fragment of the name (PDF through pdftotext)', () => {
    expect(anonymised.pdf).toContain('Exactly what ran');
    expect(survivingFragments(privateValues, anonymised, twin)).toEqual([]);
  });

  it('the check fails for real: exported without anonymising, the name is found in every format that shows it', () => {
    const shown = survivingFragments(privateValues, original, twin);
    expect([...new Set(shown.map((leak) => leak.format))]).toEqual(
      expect.arrayContaining(['html', 'embedded run', 'pdf', 'csv', 'json']),
    );
    expect(shown.map((leak) => leak.value)).toContain(privateName);
  });

  it('every figure of the anonymised reports equals the original’s', () => {
    for (const format of ['html', 'md', 'csv', 'csv-samples', 'json']) {
      const figures = figuresShown(format, original[format] ?? '');
      expect(figures.length, format).toBeGreaterThan(0);
      expect(figuresShown(format, anonymised[format] ?? ''), format).toEqual(figures);
    }
  });
});
