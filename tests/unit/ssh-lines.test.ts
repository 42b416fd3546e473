import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KeptOutput, lineSplitter, maxKeptChars, maxLineChars } from '../../electron/engine/ssh/lines';

/** The pieces of `text` cut at these places (sorted, within its length). */
function cutAt(text: string, places: number[]): string[] {
  const points = [0, ...places.map((place) => place % (text.length + 1)).sort((a, b) => a - b), text.length];
  return points.slice(1).map((end, index) => text.slice(points[index], end));
}

function linesOf(chunks: (string | Buffer)[], maxChars?: number) {
  const lines: string[] = [];
  const splitter = lineSplitter((line) => lines.push(line), maxChars);
  for (const chunk of chunks) splitter.push(chunk);
  splitter.end();
  return { lines, cut: splitter.cutLines };
}

describe('the line splitter', () => {
  it('gives each line without its line break (\\n or \\r\\n), however the chunks fall', () => {
    const text = fc
      .array(fc.oneof(fc.constantFrom('\n', '\r\n', '\r', 'é', '名前'), fc.string({ maxLength: 12 })), {
        maxLength: 12,
      })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, fc.array(fc.nat(), { maxLength: 6 }), (whole, places) => {
        const withoutReturn = (line: string) => (line.endsWith('\r') ? line.slice(0, -1) : line);
        const pieces = whole.split('\n');
        const last = pieces.pop() ?? '';
        // The text after the last line break is a line of its own when there is any.
        const expected = [...pieces, ...(last === '' ? [] : [last])].map(withoutReturn);
        expect(linesOf(cutAt(whole, places)).lines).toEqual(expected);
      }),
    );
  });

  it('decodes a character whose UTF-8 bytes are split between two chunks', () => {
    const bytes = Buffer.from('名前 🙂 café\nsecond 名\n', 'utf8');
    for (let at = 1; at < bytes.length; at += 1) {
      const { lines } = linesOf([bytes.subarray(0, at), bytes.subarray(at)]);
      expect(lines, `cut after byte ${at}`).toEqual(['名前 🙂 café', 'second 名']);
    }
    // And one byte at a time.
    expect(linesOf([...bytes].map((byte) => Buffer.from([byte]))).lines).toEqual(['名前 🙂 café', 'second 名']);
  });

  it('cuts a line past 1 MiB to its first 1 MiB, says so, and reads the lines after it whole', () => {
    const long = 'x'.repeat(3 * maxLineChars);
    const chunks = cutAt(`${long}\nafter\n${long}`, [7, 100_000, maxLineChars + 5, 3 * maxLineChars + 3]);
    const { lines, cut } = linesOf(chunks);
    expect(lines.map((line) => line.length)).toEqual([maxLineChars, 5, maxLineChars]);
    expect(lines[1]).toBe('after');
    expect(cut).toBe(2);
  });

  it('does not count a line of exactly the limit as cut, with or without its \\r', () => {
    const full = 'y'.repeat(64);
    expect(linesOf([`${full}\r\n${full}\n`], 64)).toEqual({ lines: [full, full], cut: 0 });
    expect(linesOf([`${full}z\n`], 64)).toEqual({ lines: [full], cut: 1 });
  });
});

describe('the kept output of a command', () => {
  it('is exactly what came, in whatever chunks, while under its limits', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.array(fc.nat(), { maxLength: 6 }), (whole, places) => {
        const kept = new KeptOutput();
        for (const chunk of cutAt(whole, places)) kept.push(chunk);
        expect(kept.text).toBe(whole);
        expect(kept.truncated).toBe(false);
      }),
    );
  });

  it('cuts a line past its limit, keeps the lines after it, and says it is not whole', () => {
    const kept = new KeptOutput(1000, 10);
    for (const chunk of cutAt('short\n0123456789abcdef\nafter\n', [3, 12, 15])) kept.push(chunk);
    expect(kept.text).toBe('short\n0123456789\nafter\n');
    expect(kept.truncated).toBe(true);
  });

  it('keeps nothing past its total, and says so', () => {
    const kept = new KeptOutput(20, 10);
    for (let line = 0; line < 10; line += 1) kept.push(`line ${line}\n`);
    expect(kept.text).toBe('line 0\nline 1\nline 2');
    expect(kept.text.length).toBe(20);
    expect(kept.truncated).toBe(true);
  });

  it('holds at most 16 Mi characters of a command that prints without end', () => {
    const kept = new KeptOutput();
    const line = `${'z'.repeat(1023)}\n`;
    for (let count = 0; count < 20 * 1024; count += 1) kept.push(line);
    expect(kept.text.length).toBe(maxKeptChars);
    expect(kept.truncated).toBe(true);
  });
});
