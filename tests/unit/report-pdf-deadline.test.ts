import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { chromiumPdfPrinter, type PrintPdf } from '../../electron/engine/report';
import { printWithin } from '../../electron/engine/report/print-deadline';
import { NasbenchError } from '../../shared/contract/errors';

/** This process's own Chromium children (a print's browser), by command line. */
function chromiumChildren(): string[] {
  const out = execFileSync('ps', ['--ppid', String(process.pid), '-o', 'args='], { encoding: 'utf8' });
  return out.split('\n').filter((line) => /chrom/i.test(line));
}

const html = '<!doctype html><title>r</title><h1>Exactly what ran</h1>';

describe('a PDF export has a deadline', () => {
  it('stops a print that does not answer, tells the printer to stop, and says what to do instead', async () => {
    let told: AbortSignal | undefined;
    // A printer that is stuck until told to stop, as a browser that never lays the page out.
    const stuck: PrintPdf = (_html, _paper, stop) => {
      told = stop;
      return new Promise((_, reject) => stop.addEventListener('abort', () => reject(new Error('closed'))));
    };
    const error = await printWithin(stuck, html, 'a4', 1000).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NasbenchError);
    expect(error).toMatchObject({ code: 'TIMEOUT' });
    expect((error as NasbenchError).message).toBe('Making the PDF took more than 1 s, so it was stopped.');
    expect((error as NasbenchError).hint).toMatch(/export HTML and print it from a browser/);
    expect(told?.aborted).toBe(true);
  });

  it('lets a print that answers in time through, and never tells it to stop', async () => {
    let told: AbortSignal | undefined;
    const quick: PrintPdf = (_html, _paper, stop) => {
      told = stop;
      return Promise.resolve(new Uint8Array([37, 80, 68, 70]));
    };
    await expect(printWithin(quick, html, 'letter', 10_000)).resolves.toEqual(new Uint8Array([37, 80, 68, 70]));
    expect(told?.aborted).toBe(false);
  });

  it('Chromium told to stop mid-print closes: the print rejects and no browser is left running', async () => {
    expect(chromiumChildren()).toEqual([]);
    const stop = new AbortController();
    const printing = chromiumPdfPrinter()(html, 'a4', stop.signal);
    // Stopped as soon as its browser runs: whether it is still starting or already printing, it must close.
    await expect.poll(() => chromiumChildren().length, { timeout: 20_000, interval: 20 }).toBeGreaterThan(0);
    stop.abort();
    await expect(printing).rejects.toThrow();
    await expect.poll(() => chromiumChildren(), { timeout: 10_000 }).toEqual([]);
  }, 30_000);
});
