import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chromiumPdfPrinter } from '../../electron/engine/report';
import { printWithin } from '../../electron/engine/report/print-deadline';
import type { RunRecord } from '../../shared/contract/runs';
import { anonymizeRun, renderReport, runFileTextOf, type ReportFormat } from '../../shared/report';
import {
  neutralValues,
  plantedPrivateRun,
  privateTexts,
  type PrivateValues,
} from '../fixtures/report/planted-private-run';
import { pdfText, printedText, survivingFragments, type ReportTexts } from '../helpers/leak-check';
import { privateValues } from '../helpers/private-values';
import { figuresShown } from '../helpers/report-figures';

/**
 * Issue #20: an anonymised report hides every form a private value takes. Private values are
 * generated (private-values.ts), planted in the lab's real Quick check wherever and however the
 * engine and its tools write them (planted-private-run.ts), and every export is searched for any
 * fragment of them that its twin, the same run planted with neutral values, does not show
 * (leak-check.ts says why that is what "public" means).
 */
const generatedAt = '2026-11-22T10:00:00.000Z';
const render = (run: RunRecord, format: ReportFormat, anonymize: boolean) =>
  renderReport(run, { format, anonymize, unit: 'MB/s', generatedAt }).text;

/**
 * Every export as a reader opens it. The PDF is the HTML printed (export.ts hands renderReport's
 * html to Chromium), so its text here is what Chromium prints of that HTML; the real PDF is
 * checked below for fewer cases.
 */
function exportsOf(run: RunRecord, anonymize = true): Record<string, string> {
  const html = render(run, 'html', anonymize);
  return {
    html,
    'embedded run': runFileTextOf(html),
    pdf: printedText(html),
    md: render(run, 'md', anonymize),
    csv: render(run, 'csv', anonymize),
    'csv-samples': render(run, 'csv-samples', anonymize),
    'csv-grid': render(run, 'csv-grid', anonymize),
    json: render(run, 'json', anonymize),
  };
}

const twin: ReportTexts = exportsOf(plantedPrivateRun(neutralValues));
const leaksOf = (values: PrivateValues, report: ReportTexts) => survivingFragments(privateTexts(values), report, twin);

/** The issue's own example, with its friends: "Anna's Photos", a user with a space, a Wi-Fi name with $. */
const issueValues: PrivateValues = {
  host: 'BigStore',
  folder: "/srv/x/public/Bob's:share",
  share: "Anna's Photos",
  mount: "/Volumes/Anna's Photos",
  user: 'Anna Schmidt',
  wifi: '$HOME "5G"',
  fingerprint: 'SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8',
  ipv4: '192.168.178.20',
  ipv6: 'fe80::211:32ff:feab:cdef',
  iface: 'enx00e04c680123',
  pool: 'Familienarchiv',
};

/**
 * 1,000 cases, each seven exports of one run (anonymised once: renderReport keeps the last) and the
 * check; a failing case shrinks to the shortest values that still leak.
 */
const propertyTimeout = 240_000;

describe('anonymised reports (issue #20)', () => {
  it('the PDF text is that of the html export, and the twin shows none of its own neutral values', () => {
    const run = plantedPrivateRun(neutralValues);
    expect(render(run, 'pdf', true)).toBe(render(run, 'html', true));
    const everything = Object.values(twin).join('\n').toLowerCase();
    for (const text of ['plain', '10.9.8.7', 'fe80::9', 'qqqqqqqq', '0a0b0c0d0e0f'])
      expect(everything).not.toContain(text);
  });

  it("hides the issue's folder /srv/x/public/Bob's:share in every format, and rebuilds its command lines", () => {
    const run = plantedPrivateRun(structuredClone(issueValues));
    const { record } = anonymizeRun(run);
    const disk = record.results.find((result) => result.kind === 'disk');
    const commandLine = disk?.kind === 'disk' ? (disk.tests[0]?.commandLine ?? '') : '';
    // Quoted as the engine would quote the anonymised arguments: nothing left of the name, no quotes needed.
    expect(commandLine).toMatch(/ --directory=\/folder-\d+\/\.nasbench-[0-9a-f-]+ /);
    expect(leaksOf(issueValues, exportsOf(run))).toEqual([]);
  });

  it("finds the issue's own leak, and every value of a report not anonymised", () => {
    const run = plantedPrivateRun(structuredClone(issueValues));
    // What the issue saw: the folder replaced only up to the apostrophe.
    const leaky = JSON.parse(
      JSON.stringify(anonymizeRun(run).record).replace(
        /--directory=\/folder-\d+\//g,
        "--directory=/folder-4'\\\\''s\\\\:share/",
      ),
    ) as RunRecord;
    const leaks = leaksOf(issueValues, exportsOf(leaky, false));
    expect(new Set(leaks.map((leak) => leak.format))).toEqual(new Set(['html', 'embedded run', 'pdf', 'csv', 'json']));
    expect(leaks.map((leak) => leak.fragment)).toContain("'s:share");

    const shown = leaksOf(issueValues, exportsOf(run, false));
    expect(new Set(shown.map((leak) => leak.value))).toEqual(new Set(privateTexts(issueValues)));
  });

  it('a folder whose last part ("e:") starts an IPv6 written in a URL leaves no piece of the address', () => {
    // The case fast-check found in a CI run: the share name taken from the folder replaced "e:" of
    // "[e::0:0:0:0:0%25eth0]" before the address was looked at, and left ":0:0:0:0:0".
    const values: PrivateValues = {
      host: 'aaé',
      folder: "/'/e:",
      share: "aa'",
      user: "é'a",
      wifi: 'aé0',
      fingerprint: 'SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      ipv4: '1.0.0.0',
      ipv6: 'e::0:0:0:0:0',
      iface: 'enx000000000000',
      pool: 'aa0',
      mount: "/Volumes/aa'",
    };
    expect(leaksOf(values, exportsOf(plantedPrivateRun(structuredClone(values))))).toEqual([]);
  });

  it('a folder whose last part (`"m`) starts where the Wi-Fi name ("m\'aaa") does leaves no piece of either', () => {
    // Found by a longer run of the property below: in `"ssid":"m'aaa"` the folder's last part `"m`
    // was found first and replaced, leaving `'aaa` of the Wi-Fi name.
    const values: PrivateValues = {
      host: 'aaé',
      folder: '/é/"m',
      share: "é'é",
      user: "''a",
      wifi: "m'aaa",
      fingerprint: 'SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      ipv4: '1.0.0.0',
      ipv6: '::0:0:0:0:0:0',
      iface: 'enx000000000000',
      pool: 'a00',
      mount: "/Volumes/é'é",
    };
    expect(leaksOf(values, exportsOf(plantedPrivateRun(structuredClone(values))))).toEqual([]);
  });

  it(
    '1,000 sets of generated private values: no fragment of any survives in any format',
    () => {
      fc.assert(
        fc.property(privateValues, (values) => {
          const leaks = leaksOf(values, exportsOf(plantedPrivateRun(structuredClone(values))));
          expect(leaks).toEqual([]);
        }),
        { numRuns: 1000 },
      );
    },
    propertyTimeout,
  );

  it(
    'the check fails for real: without anonymising, generated values are found',
    () => {
      fc.assert(
        fc.property(privateValues, (values) => {
          const leaks = leaksOf(values, exportsOf(plantedPrivateRun(structuredClone(values)), false));
          // The fingerprint is 43 random characters: no twin shows a fragment of it.
          expect(leaks.map((leak) => leak.value)).toContain(values.fingerprint);
          expect(leaks.length).toBeGreaterThan(0);
        }),
        { numRuns: 50 },
      );
    },
    propertyTimeout,
  );

  it(
    'every figure of every format comes out the same anonymised',
    () => {
      fc.assert(
        fc.property(privateValues, (values) => {
          const run = plantedPrivateRun(structuredClone(values));
          const original = exportsOf(run, false);
          const anonymised = exportsOf(run);
          // csv-grid is left out here: the planted run (a Quick check) has no sweep, so no figures.
          for (const format of ['html', 'md', 'csv', 'csv-samples', 'json']) {
            const figures = figuresShown(format, original[format] ?? '');
            expect(figures.length, format).toBeGreaterThan(0);
            expect(figuresShown(format, anonymised[format] ?? ''), format).toEqual(figures);
          }
        }),
        { numRuns: 200 },
      );
    },
    propertyTimeout,
  );

  /**
   * Chromium takes about a second per PDF (a browser started for each, as the CLI and web app
   * print), so the real PDF is checked for 6 cases, the issue's and 5 generated: enough to show that
   * what Chromium prints and pdftotext reads back is the printed text the 1,000 cases check, at
   * a cost CI can carry. One retry: in one full run of 194 files (stop 45, unit files two at a time on
   * two cores) one of the six Chromiums never finished and the test ran out its 240 s; alone it takes
   * 16 s. What is checked here is the anonymising, not Chromium's start: a leak fails both tries.
   */
  it(
    'the real PDF (Chromium, read back with pdftotext) of 6 cases shows no fragment either',
    { timeout: propertyTimeout, retry: 1 },
    async () => {
      const print = chromiumPdfPrinter();
      const pdfOf = async (run: RunRecord) => pdfText(await printWithin(print, render(run, 'pdf', true), 'a4'));
      const twinPdf: ReportTexts = { pdf: await pdfOf(plantedPrivateRun(neutralValues)) };
      const check = async (values: PrivateValues) => {
        const text = await pdfOf(plantedPrivateRun(structuredClone(values)));
        expect(text).toContain('Exactly what ran');
        expect(survivingFragments(privateTexts(values), { pdf: text }, twinPdf)).toEqual([]);
      };
      await check(issueValues);
      await fc.assert(fc.asyncProperty(privateValues, check), { numRuns: 5 });
    },
  );
});
