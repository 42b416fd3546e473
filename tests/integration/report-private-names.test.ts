import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../electron/engine';
import { parseNasProbe } from '../../electron/engine/probe';
import type { RunRecord } from '../../shared/contract/runs';
import { runFileTextOf, type ReportFormat } from '../../shared/report';
import { labQuickCheck } from '../e2e/report-lab-run';
import { pdfText, survivingFragments, type ReportTexts } from '../helpers/leak-check';
import { lab } from './lab-login';

/**
 * Issue #47 in the lab: a real Quick check on a NAS with a USB Ethernet adapter named after its MAC
 * (the lab's `enx…`, tests/lab/README.md), a share whose name is written decomposed (NFD, as macOS
 * writes names: the probe lists it beside the lab's share, and fio runs in it) and typed composed
 * (NFC) as a tag, and a ZFS pool. The lab has no ZFS, so the pool comes from real `zpool list` and
 * `zpool status` lines of a Proxmox server (tests/fixtures/probe/drives/proxmox-zfs-raid10.txt, its
 * drives by their by-id names) read by the engine's own probe parser and put where the probe puts
 * them; the run goes back into History the way a user imports one. The pool is renamed as a user
 * names one: its own name, raid10, is also a word the app writes ("a RAID scrub"), so a fragment of
 * it would not tell a leak from a verdict one run gave and the other did not (report-private-names
 * in the unit tests checks raid10 itself). Every format is exported through the engine with
 * anonymising on (the PDF printed by its Chromium and read back with pdftotext) and checked as the
 * other leak tests check, against a twin: a second real Quick check in a plainly named share, with
 * the adapter and the pool given neutral names.
 */
const letters = (count: number) =>
  Array.from({ length: count }, () => 'jkqvwxz'[Math.floor(Math.random() * 7)]).join('');
// "Zoë-ñu-…": e and n with combining marks. Random letters from j, k, q, v, w, x and z only, so no
// fragment of it can be a digit or a hex id, which differ between the two runs anyway, nor three
// letters of an ordinary word a report writes in one run and not the other (a CI run found "ins" of
// a pool name in "against" in a trend sentence).
const shareName = `Zoe\u0308-n\u0303u-${letters(6)}`;
const plainName = `plain-${letters(6)}`;
const shareRoot = path.dirname(lab.share);
const adapter = lab.usbAdapter.nasIf;
const neutralAdapter = 'enxabcabcabcabc';

const pool = `Zqxv-${letters(6)}`;
const capture = readFileSync(
  path.join(__dirname, '../fixtures/probe/drives/proxmox-zfs-raid10.txt'),
  'utf8',
).replaceAll('raid10', pool);
// Two of its drives' by-id names hold only letters: the other two hold digits a figure can also show.
const drives = ['ata-Hitachi_xxxxxxxx', 'ata-TOSHIBA_xxxx'];
const neutralCapture = [
  [pool, `plainpool-${letters(6)}`],
  ...drives.map((drive, index) => [drive, `ata-Plain_q${index}`]),
].reduce((text, [from = '', to = '']) => text.replaceAll(from, to), capture);

const privateValues = [shareName, `${shareRoot}/${shareName}`, adapter, pool, ...drives, lab.users.test.name];
const formats: ReportFormat[] = ['html', 'pdf', 'md', 'csv', 'csv-samples', 'csv-grid', 'json'];

/** The run as if its NAS also had the captured pool: the probe's facts from the capture, the run imported. */
async function withPool(engine: Engine, record: RunRecord, probeText: string, rename: [string, string][] = []) {
  const facts = parseNasProbe(probeText);
  const run = JSON.parse(
    rename.reduce((text, [from, to]) => text.replaceAll(from, to), JSON.stringify(record)),
  ) as RunRecord;
  if (!run.environment.nas) throw new Error('the lab run has no probe facts');
  run.environment.nas.pools = facts.pools ?? [];
  if (facts.disks) run.environment.nas.disks = facts.disks;
  const { run: imported } = await engine.handlers.importRun({ text: JSON.stringify(run) });
  return { record: run, runId: imported.id };
}

/** Every export through the engine, as a reader opens it. */
async function exportsOf(engine: Engine, runId: string, anonymize: boolean): Promise<Record<string, string>> {
  const texts: Record<string, string> = {};
  for (const format of formats) {
    const report = await engine.handlers.exportReport({ runId, format, anonymize, paperSize: 'a4' });
    texts[format] = format === 'pdf' ? pdfText(Buffer.from(report.base64 ?? '', 'base64')) : (report.text ?? '');
  }
  texts['embedded run'] = runFileTextOf(texts.html ?? '');
  return texts;
}

/** The runs' own ids, which differ between the two runs and are no one's: masked, as hex they could hold a fragment. */
const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const withoutIds = (texts: Record<string, string>) =>
  Object.fromEntries(Object.entries(texts).map(([format, text]) => [format, text.replace(uuid, 'RUN-ID')]));

let ran: RunRecord;
let anonymised: Record<string, string>;
let original: Record<string, string>;
let twin: ReportTexts;
let reimported: RunRecord | undefined;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  // One after the other: each run's probe lists the shares there are, and the twin must never see the private one.
  const privateRun = await labQuickCheck('report-private-names', {
    nasFolder: `${shareRoot}/${shareName}`,
    tags: [shareName.normalize('NFC')],
  });
  cleanups.push(privateRun.cleanup);
  const planted = await withPool(privateRun.engine, privateRun.record, capture);
  ran = planted.record;
  const anonymisedWithIds = await exportsOf(privateRun.engine, planted.runId, true);
  anonymised = withoutIds(anonymisedWithIds);
  original = withoutIds(await exportsOf(privateRun.engine, planted.runId, false));
  const { run } = await privateRun.engine.handlers.importRun({ text: anonymisedWithIds.json ?? '' });
  reimported = await privateRun.engine.handlers.getRun({ runId: run.id });
  await cleanups.pop()?.();

  const plainRun = await labQuickCheck('report-private-names-twin', {
    nasFolder: `${shareRoot}/${plainName}`,
    tags: [plainName],
  });
  cleanups.push(plainRun.cleanup);
  const plain = await withPool(plainRun.engine, plainRun.record, neutralCapture, [[adapter, neutralAdapter]]);
  twin = withoutIds(await exportsOf(plainRun.engine, plain.runId, true));
}, 360_000);

afterAll(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('a lab Quick check on a NAS with an enx adapter, a ZFS pool and an NFD-named share (issue #47)', () => {
  it('really had them: the probe read the adapter and the share, fio ran in the share, the pool is the capture’s', () => {
    const nas = ran.environment.nas;
    expect(nas?.interfaces.map((link) => link.name)).toContain(adapter);
    expect(nas?.folders).toContainEqual({ path: `${shareRoot}/${shareName}`, kind: 'share' });
    const disk = ran.results.find((result) => result.kind === 'disk');
    expect(disk?.kind === 'disk' && disk.folder).toBe(`${shareRoot}/${shareName}`);
    expect(disk?.kind === 'disk' && disk.tests[0]?.commandLine).toContain(`${shareName}/.nasbench-`);
    expect(ran.tags).toContain(shareName.normalize('NFC'));
    expect(shareName.normalize('NFC')).not.toBe(shareName);
    expect(nas?.pools?.map((entry) => entry.name)).toEqual([pool]);
    expect(nas?.disks?.arrays[0]?.members).toEqual(expect.arrayContaining(drives));
  });

  it('exported in every format with anonymising on, shows no fragment of any of them (PDF through pdftotext)', () => {
    expect(anonymised.pdf).toContain('Exactly what ran');
    expect(survivingFragments(privateValues, anonymised, twin)).toEqual([]);
  });

  it('the check fails for real: without anonymising, each is found, the adapter and the share in every format that shows them', () => {
    const shown = survivingFragments(privateValues, original, twin);
    expect(new Set(shown.map((leak) => leak.value))).toEqual(new Set(privateValues));
    const formatsShowing = (value: string) => [
      ...new Set(shown.filter((leak) => leak.value === value).map((leak) => leak.format)),
    ];
    expect(formatsShowing(adapter)).toEqual(expect.arrayContaining(['html', 'embedded run', 'pdf', 'json']));
    expect(formatsShowing(shareName)).toEqual(expect.arrayContaining(['html', 'embedded run', 'pdf', 'csv', 'json']));
    expect(formatsShowing(pool)).toEqual(expect.arrayContaining(['embedded run', 'json']));
  });

  it('the anonymised report imports again and still reads: the adapter, the pool, the share by their stand-ins', () => {
    const nas = reimported?.environment.nas;
    expect(nas?.interfaces.map((link) => link.name)).toContain('iface-1');
    expect(nas?.pools?.map((entry) => entry.name)).toEqual(['pool-1']);
    expect(nas?.disks?.arrays[0]?.name).toBe('pool-1');
    expect(nas?.folders?.every((folder) => /^\/folder-\d+$/.test(folder.path))).toBe(true);
    expect(reimported?.tags).toEqual(['lab', expect.stringMatching(/^share-\d+$/)]);
  });
});
