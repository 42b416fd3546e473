import { readFileSync } from 'node:fs';

/**
 * A captured reader stream (tests/fixtures/nas-view/NAME.stream) played on for as long as wanted:
 * its header once, its blocks, then its blocks from the second on, over and over. Each pass adds to
 * every number of a line what it grew by from the capture's first block to its last, so a pass's
 * first block reads exactly as the last one before it, and every second of the replay is one of
 * the captured seconds (the same shares, the same processes, the same drives), the clock going on.
 * A line is known by its section and name: a process by its pid (a kernel worker's name changes
 * with its work), a drive by its numbers and name, a CPU, a meminfo key; a line of numbers only
 * (uptime) by its place.
 */
export class ReaderReplay {
  /** The lines the reader prints once, before its first block. */
  readonly header: string;
  private readonly templates: LineTemplate[][];

  constructor(name: string) {
    const lines = readFileSync(`tests/fixtures/nas-view/${name}.stream`, 'utf8').split('\n');
    const first = lines.indexOf('@@sample');
    this.header = `${lines.slice(0, first).join('\n')}\n`;
    const blocks: string[][] = [];
    let block: string[] = [];
    for (const line of lines.slice(first)) {
      block.push(line);
      if (line === '@@end') {
        blocks.push(block);
        block = [];
      }
    }
    if (blocks.length < 2) throw new Error(`${name}: a replay needs two blocks or more`);
    const keyed = blocks.map(keyedLines);
    const [start, end] = [keyed[0] ?? new Map(), keyed.at(-1) ?? new Map()];
    this.templates = blocks.map((lines) =>
      keyedLinesInOrder(lines).map(({ line, key }) => {
        const from = key === null ? undefined : start.get(key);
        const to = key === null ? undefined : end.get(key);
        // A line the capture's first or last block lacks (a process that came or went) has no
        // place to carry on from: it is played in the first pass only.
        if (key !== null && (!from || !to)) return { once: line };
        return templateOf(line, from && to ? steps(from, to) : null);
      }),
    );
  }

  /** Blocks in the capture. */
  get length(): number {
    return this.templates.length;
  }

  /** The `index`-th block of the replay (0 is the capture's first), with its line breaks. */
  block(index: number): string {
    const count = this.templates.length;
    const later = index - count;
    const pass = later < 0 ? 0 : 1 + Math.floor(later / (count - 1));
    const lines = this.templates[later < 0 ? index : 1 + (later % (count - 1))] ?? [];
    let text = '';
    for (const line of lines) {
      if (typeof line === 'object' && 'once' in line) {
        if (pass === 0) text += `${line.once}\n`;
      } else text += `${render(line, pass)}\n`;
    }
    return text;
  }
}

/** A line with its counters: the text between them, and each counter's value and its growth per pass. */
type LineTemplate =
  string | { once: string } | { text: string[]; counters: { value: number; perPass: number; decimals: number }[] };

const number = /^-?\d+(\.\d+)?$/;

/** Each data line of a block with the key it is known by across blocks (null for the reader's own markers). */
function keyedLinesInOrder(lines: readonly string[]): { line: string; key: string | null }[] {
  let section = '';
  const places = new Map<string, number>();
  return lines.map((line) => {
    if (line.startsWith('@@')) {
      if (!line.startsWith('@@limit')) section = line;
      return { line, key: null };
    }
    const words = line.trim().split(/\s+/);
    const name = words.find((word) => !number.test(word));
    const head = words[0] ?? '';
    let key: string;
    if (name === undefined) {
      const place = places.get(section) ?? 0;
      places.set(section, place + 1);
      key = `${section}|#${place}`;
    } else if (section === '@@processes') key = `${section}|${head}`;
    else key = number.test(head) ? `${section}|${head}|${name}` : `${section}|${head}`;
    return { line, key };
  });
}

function keyedLines(lines: readonly string[]): Map<string, string> {
  const keyed = new Map<string, string>();
  for (const { line, key } of keyedLinesInOrder(lines)) if (key !== null) keyed.set(key, line);
  return keyed;
}

/** Per word of a line, how much it grows in one pass of the capture (0 for all but counters). */
function steps(from: string, to: string): number[] | null {
  const [a, b] = [from.trim().split(/\s+/), to.trim().split(/\s+/)];
  if (a.length !== b.length) return null;
  return a.map((word, index) => {
    const later = b[index] ?? '';
    return number.test(word) && number.test(later) ? Number(later) - Number(word) : 0;
  });
}

function templateOf(line: string, growth: number[] | null): LineTemplate {
  if (!growth?.some((step) => step !== 0)) return line;
  const pieces = line.split(/(\s+)/);
  const text: string[] = [];
  const counters: { value: number; perPass: number; decimals: number }[] = [];
  let pending = '';
  let word = 0;
  for (const piece of pieces) {
    if (piece === '' || /^\s+$/.test(piece)) {
      pending += piece;
      continue;
    }
    const step = growth[word] ?? 0;
    word += 1;
    if (step === 0) {
      pending += piece;
      continue;
    }
    text.push(pending);
    pending = '';
    counters.push({ value: Number(piece), perPass: step, decimals: piece.split('.')[1]?.length ?? 0 });
  }
  text.push(pending);
  return { text, counters };
}

function render(line: Exclude<LineTemplate, { once: string }>, pass: number): string {
  if (typeof line === 'string') return line;
  let out = line.text[0] ?? '';
  line.counters.forEach((counter, index) => {
    const value = counter.value + pass * counter.perPass;
    out += counter.decimals > 0 ? value.toFixed(counter.decimals) : String(Math.round(value));
    out += line.text[index + 1] ?? '';
  });
  return out;
}
