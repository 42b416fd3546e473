import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anonymizeRun, findPrivateText, renderReport, type ReportFormat } from '../../shared/report';
import { isHarmless } from '../../shared/report/private-patterns';
import { testRows } from '../../shared/report/report-model';
import { RunRecord } from '../../shared/contract/runs';
import { explainFigures, figuresOfRun } from '../../shared/verdicts';
import {
  allSeededSecrets,
  changeFirst,
  labQuickRun,
  seededPrivateRun,
  seededSecrets,
} from '../fixtures/report/seeded-private-run';

// csv-grid is left out: it holds the run id and numbers only, so it has nothing to anonymise.
const textFormats: ReportFormat[] = ['html', 'md', 'csv', 'csv-samples', 'json'];
const render = (record: RunRecord, format: ReportFormat, anonymize = true) =>
  renderReport(record, { format, anonymize, unit: 'MB/s', generatedAt: '2026-11-22T10:00:00.000Z' }).text;

/** Every number in a value, by where it sits: what "the figures stay identical" means, exactly. */
function numbersOf(value: unknown, at = ''): [string, number][] {
  if (typeof value === 'number') return [[at, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => numbersOf(item, `${at}[${index}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => numbersOf(item, `${at}.${key}`));
  return [];
}

const leaks = (output: string, secrets: readonly string[]) =>
  secrets.filter((secret) => output.toLowerCase().includes(secret.toLowerCase()));

/** Property tests run hundreds of cases: generous on a loaded two-core machine. */
const propertyTimeout = 60_000;

describe('the anonymiser on a run seeded with private details', () => {
  const seeded = seededPrivateRun();

  it.each(textFormats)('%s shows none of them, with or without case', (format) => {
    // The seed really is in the run, and the export without anonymising really shows it.
    expect(leaks(render(seeded, format, false), allSeededSecrets()).length).toBeGreaterThan(0);
    expect(leaks(render(seeded, format), allSeededSecrets())).toEqual([]);
    // Nor anything of the lab it really ran in.
    expect(leaks(render(seeded, format), ['198.18.', 'nbtest', 'nasbench-lab'])).toEqual([]);
  });

  it('keeps every number, the tests, the verdicts and a valid run', () => {
    const { record, replaced } = anonymizeRun(seeded);
    expect(numbersOf(record)).toEqual(numbersOf(seeded));
    expect(RunRecord.parse(record)).toEqual(record);
    expect(testRows(record).map((row) => row.bytesPerSecond)).toEqual(
      testRows(seeded).map((row) => row.bytesPerSecond),
    );
    expect(numbersOf(figuresOfRun(record))).toEqual(numbersOf(figuresOfRun(seeded)));
    expect(explainFigures(figuresOfRun(record)).map((verdict) => verdict.id)).toEqual(
      explainFigures(figuresOfRun(seeded)).map((verdict) => verdict.id),
    );
    expect(replaced).toMatchObject({ ipv4: expect.any(Number), ipv6: 2, mac: 1, serial: 1, user: 1, host: 1, wifi: 1 });
  });

  it('names each detail by the same stand-in everywhere, so the report still reads', () => {
    const { record } = anonymizeRun(seeded);
    const target = record.environment.target;
    expect(target).toBe('192.0.2.1');
    expect(record.environment.nas?.interfaces[0]?.addresses[0]).toBe(target);
    const copy = record.results.find((result) => result.kind === 'copy');
    expect(copy?.kind === 'copy' && copy.share).toMatchObject({
      address: target,
      server: record.environment.nas?.hostname,
    });
    const disk = record.results.find((result) => result.kind === 'disk');
    const folder = disk?.kind === 'disk' ? disk.folder : '';
    expect(folder).toMatch(/^\/folder-\d+$/);
    // The command line keeps where inside that folder fio wrote.
    expect(disk?.kind === 'disk' && disk.tests[0]?.commandLine).toContain(`--directory=${folder}/.nasbench-`);
  });

  it('changes nothing the second time', () => {
    const once = anonymizeRun(seeded).record;
    expect(anonymizeRun(once).record).toEqual(once);
  });

  it('leaves ordinary words alone: a "serial port" is no serial number, "bob" stays in "bobcat"', () => {
    const run = labQuickRun();
    run.tags = ['serial port support', 'bobcat'];
    const { record } = anonymizeRun(run, { alsoPrivate: [{ kind: 'user', text: 'bob' }] });
    expect(record.tags).toEqual(['serial port support', 'bobcat']);
  });

  it('takes the names the caller knows are private too', () => {
    const run = labQuickRun();
    run.tags = ['made on workstation-7 by bob'];
    const { record } = anonymizeRun(run, {
      alsoPrivate: [
        { kind: 'host', text: 'workstation-7' },
        { kind: 'user', text: 'bob' },
      ],
    });
    expect(record.tags).toEqual(['made on host-2 by user-2']);
  });

  it('anonymises a run again once it changed, or the caller names other private words (the last one is kept)', () => {
    const run = labQuickRun();
    run.tags = ['made on workstation-7'];
    const tagsIn = (options: { alsoPrivate?: { kind: 'host'; text: string }[] }) =>
      (
        JSON.parse(
          renderReport(run, {
            format: 'json',
            anonymize: true,
            unit: 'MB/s',
            generatedAt: '2026-11-22T10:00:00.000Z',
            ...options,
          }).text,
        ) as RunRecord
      ).tags;
    expect(tagsIn({})).toEqual(['made on workstation-7']);
    expect(tagsIn({ alsoPrivate: [{ kind: 'host', text: 'workstation-7' }] })).toEqual(['made on host-2']);
    // The same object, changed in place: what is kept was made from the run before.
    run.tags = ['made on workstation-9'];
    expect(tagsIn({ alsoPrivate: [{ kind: 'host', text: 'workstation-7' }] })).toEqual(['made on workstation-9']);
    expect(tagsIn({ alsoPrivate: [{ kind: 'host', text: 'workstation-9' }] })).toEqual(['made on host-2']);
  });
});

/** Addresses from fast-check in every text form, less the ones left on purpose (loopback, documentation ranges). */
const privateIpv4 = fc.ipV4().filter((ip) => !isHarmless('ipv4', ip));
const privateIpv6 = fc.ipV6().filter((ip) => !isHarmless('ipv6', ip));
const mac = fc
  .array(fc.integer({ min: 0, max: 255 }), { minLength: 6, maxLength: 6 })
  .chain((bytes) => fc.constantFrom(':', '-').map((sep) => bytes.map((b) => b.toString(16).padStart(2, '0')).join(sep)))
  .filter((text) => !text.startsWith('02:00:00:00:00:'));
const secret = fc.oneof(privateIpv4, privateIpv6, mac);
/** The anonymiser's stand-ins for addresses and MACs (shared/report/anonymize.ts standIn). */
const standIns = /2001:db8::[0-9a-f]+|(?:192\.0\.2|198\.51\.100|203\.0\.113)\.\d+|02:00:00:00:00:[0-9a-f]{2}/g;
const filler = fc.string({ maxLength: 12 });

describe('the anonymiser, property-tested', () => {
  it(
    'removes any address or MAC wherever it is written, and keeps every number',
    () => {
      fc.assert(
        fc.property(
          fc.array(fc.tuple(filler, secret, filler), { minLength: 1, maxLength: 4 }),
          fc.nat(4),
          (pieces, where) => {
            const run = labQuickRun();
            const texts = pieces.map(([before, value, after]) => `${before} ${value} ${after}`);
            // Free text in several places: a tag, a step's error, a copy note, a series label.
            if (where === 0) run.tags = texts.map((text) => text.slice(0, 40)).filter((tag) => tag.trim());
            const error = { code: 'LINK_LOST' as const, message: texts.join(';'), hint: texts.join(' ') };
            if (where === 1) changeFirst(run.steps, (step) => ({ ...step, error }));
            if (where >= 2) changeFirst(run.series, (series) => ({ ...series, label: texts.join(' | ') }));
            for (const result of run.results) if (result.kind === 'copy') result.notes.push(...texts);
            const kept = RunRecord.safeParse(run);
            fc.pre(kept.success);
            const { record } = anonymizeRun(run);
            // The stand-ins come from the documentation ranges, and a short address ("8::") can be part of one
            // ("2001:db8::1"): look for the originals in what is left once the stand-ins are taken out.
            const json = JSON.stringify(record).replace(standIns, '');
            for (const [, value] of pieces) expect(json).not.toContain(value);
            expect(numbersOf(record)).toEqual(numbersOf(run));
            expect(RunRecord.safeParse(record).success).toBe(true);
          },
        ),
        { numRuns: 150 },
      );
    },
    propertyTimeout,
  );

  it(
    'finds every address and MAC whole, in any of its text forms (not a part that leaves the rest)',
    () => {
      fc.assert(
        fc.property(secret, filler, (value, after) => {
          const found = findPrivateText(`at ${value} ${after}`);
          expect(found.map((item) => item.text)).toContain(value);
        }),
        { numRuns: 1000 },
      );
    },
    propertyTimeout,
  );

  it(
    'keeps any run valid and its numbers whatever its text holds',
    () => {
      fc.assert(
        fc.property(fc.array(fc.string({ unit: 'grapheme', maxLength: 40 }), { maxLength: 6 }), (notes) => {
          const run = labQuickRun();
          for (const result of run.results) if (result.kind === 'copy') result.notes.push(...notes);
          run.title = notes.join(' ') || run.title;
          const { record } = anonymizeRun(run);
          expect(RunRecord.safeParse(record).success).toBe(true);
          expect(numbersOf(record)).toEqual(numbersOf(run));
        }),
        { numRuns: 100 },
      );
    },
    propertyTimeout,
  );

  it('finds a seeded address of every kind in free text', () => {
    const found = findPrivateText(
      `${seededSecrets.ipv4[0]} ${seededSecrets.ipv6[0]}%eth0 [${seededSecrets.ipv6[1]}]:5201 ${seededSecrets.mac} S/N: ${seededSecrets.serial} 12:30:45 version 7.2.1 ssh admin@nas.local`,
    );
    expect(found.map((item) => item.kind).sort()).toEqual([
      'host',
      'ipv4',
      'ipv6',
      'ipv6',
      'mac',
      'serial',
      'serial',
      'user',
    ]);
  });
});
