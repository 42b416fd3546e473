import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../electron/engine';
import { RunStore } from '../../electron/engine/store';
import { parseRunFile, type RunRecord } from '../../shared/contract/runs';
import { tempDir } from './helpers';

/**
 * An anonymised report is a file someone sends on, and someone else opens in NASBench: it must
 * import again, as the run the anonymiser made. The lab's real runs, with their login (nbtest)
 * renamed to a word the run itself uses elsewhere as one of the contract's fixed words — `nas`, as
 * many NASes' admin is called, a share session's `source`; `finished`, `upload`, `write`, `smb` —
 * so that replacing the login everywhere would also replace those words, where the contract
 * takes nothing else.
 */
const labRuns = [
  'tests/fixtures/runs/lab-copy-smbd-quota.json',
  'tests/fixtures/runs/lab-net-iperf3-quota.json',
  'tests/fixtures/runs/lab-quick-nas-view.json',
  'tests/fixtures/report/lab-quick-run.json',
].map((file) => ({ file, text: readFileSync(path.resolve(file), 'utf8') }));

/** Every whole string of the lab runs that reads like one of the contract's words. */
function fixedLookingWords(): string[] {
  const words = new Set<string>(['nas']);
  const collect = (value: unknown): void => {
    if (typeof value === 'string' && /^[a-z][a-z0-9-]{1,15}$/.test(value) && !value.startsWith('nb')) words.add(value);
    else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  for (const { text } of labRuns) collect(JSON.parse(text));
  return [...words].sort();
}

async function exportAndImport(
  record: RunRecord,
): Promise<{ json: RunRecord; fromHtml: RunRecord; fromJson: RunRecord }> {
  const fromDir = await tempDir('anonymised-from');
  await new RunStore(fromDir).save(record);
  const from = createEngine({ dataDir: fromDir, mode: 'cli' });
  const exported = async (format: 'html' | 'json') =>
    (await from.handlers.exportReport({ runId: record.id, format, anonymize: true, paperSize: 'a4' })).text ?? '';
  const [html, json] = [await exported('html'), await exported('json')];
  const imported = async (text: string) => {
    const to = createEngine({ dataDir: await tempDir('anonymised-to'), mode: 'cli' });
    const { run } = await to.handlers.importRun({ text });
    const back = await to.handlers.getRun({ runId: run.id });
    await to.shutdown();
    return back;
  };
  const result = { json: parseRunFile(json), fromHtml: await imported(html), fromJson: await imported(json) };
  await from.shutdown();
  return result;
}

describe('an anonymised report of a lab run', () => {
  const words = fixedLookingWords();

  it('is tried with logins that are the contract’s own words', () => {
    expect(words).toEqual(expect.arrayContaining(['nas', 'finished', 'upload', 'write', 'smb']));
  });

  it('imports again from HTML and JSON, as the anonymised run, whatever word the login is', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...labRuns.keys()), fc.constantFrom(...words), async (lab, login) => {
        const record = parseRunFile((labRuns[lab]?.text ?? '').replaceAll('nbtest', login));
        const { json, fromHtml, fromJson } = await exportAndImport(record);
        expect(fromHtml).toEqual(json);
        expect(fromJson).toEqual(json);
        // The run really was anonymised: the login was replaced where it named the login.
        expect(JSON.stringify(json)).not.toContain('nbtest');
      }),
      { numRuns: 80 },
    );
  }, 120_000);
});
