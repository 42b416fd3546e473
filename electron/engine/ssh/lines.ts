import { StringDecoder } from 'node:string_decoder';

/**
 * The longest line NASBench takes from outside (a NAS, a helper computer's fio): no figure it reads
 * comes near it, so a longer one is garbage or an attack, and is passed on cut to this length.
 */
export const maxLineChars = 1024 * 1024;

export interface LineSplitter {
  /** Text, or bytes (UTF-8: a character split between two chunks is decoded whole). */
  push(chunk: string | Buffer): void;
  /** Passes on the last line when the stream did not end with a line break. */
  end(): void;
  /** How many lines were longer than the limit and passed on cut. */
  readonly cutLines: number;
}

/**
 * Calls `onLine` once per complete line of a byte stream that arrives in arbitrary chunks, without
 * its line break (`\n` or `\r\n`). Linear in the input: the pieces of an unfinished line are kept in
 * a list and joined once, when its line break arrives — joining them on every chunk cost time that
 * grew with the square of a long line's length — and a line past `maxChars` keeps only its start.
 */
export function lineSplitter(onLine: (line: string) => void, maxChars = maxLineChars): LineSplitter {
  const decoder = new StringDecoder('utf8');
  // One character more than the limit: room for the `\r` of a `\r\n` that a full-length line ends with.
  const room = maxChars + 1;
  let pieces: string[] = [];
  let kept = 0;
  let dropping = false;
  let cutLines = 0;

  const keep = (text: string) => {
    if (dropping || text.length === 0) return;
    if (kept + text.length > room) {
      pieces.push(text.slice(0, room - kept));
      kept = room;
      dropping = true;
    } else {
      pieces.push(text);
      kept += text.length;
    }
  };
  const pass = () => {
    let line = pieces.length === 1 ? (pieces[0] as string) : pieces.join('');
    if (!dropping && line.endsWith('\r')) line = line.slice(0, -1);
    if (dropping || line.length > maxChars) {
      line = line.slice(0, maxChars);
      cutLines += 1;
    }
    pieces = [];
    kept = 0;
    dropping = false;
    onLine(line);
  };
  const take = (text: string) => {
    let from = 0;
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', from)) {
      keep(text.slice(from, end));
      pass();
      from = end + 1;
    }
    keep(from === 0 ? text : text.slice(from));
  };

  return {
    push(chunk) {
      take(typeof chunk === 'string' ? chunk : decoder.write(chunk));
    },
    end() {
      take(decoder.end());
      if (kept > 0 || dropping) pass();
    },
    get cutLines() {
      return cutLines;
    },
  };
}

/** The most of one command's output NASBench keeps to read (far more than any it reads). */
export const maxKeptChars = 16 * 1024 * 1024;

/**
 * A command's output kept as it came, to be read once it has ended — bounded: a line past
 * `maxLine` keeps only its start, and nothing past `maxChars` is kept. `truncated` says when
 * either happened, so that a caller never reads half an output as if it were whole.
 */
export class KeptOutput {
  private pieces: string[] = [];
  private kept = 0;
  /** Characters of the current line seen so far (kept or not). */
  private lineChars = 0;
  private cut = false;

  constructor(
    private readonly maxChars = maxKeptChars,
    private readonly maxLine = maxLineChars,
  ) {}

  push(text: string): void {
    let from = 0;
    while (from < text.length && this.kept < this.maxChars) {
      const lineBreak = text.indexOf('\n', from);
      const contentEnd = lineBreak === -1 ? text.length : lineBreak;
      const content = contentEnd - from;
      const take = Math.max(0, Math.min(content, this.maxLine - this.lineChars));
      if (take < content) this.cut = true;
      this.append(take === text.length ? text : text.slice(from, from + take));
      this.lineChars += content;
      if (lineBreak === -1) return;
      this.append('\n');
      this.lineChars = 0;
      from = lineBreak + 1;
    }
    if (from < text.length) this.cut = true;
  }

  get text(): string {
    if (this.pieces.length > 1) this.pieces = [this.pieces.join('')];
    return this.pieces[0] ?? '';
  }

  /** True when some of the output was not kept (a line cut, or the output past the limit). */
  get truncated(): boolean {
    return this.cut;
  }

  private append(text: string): void {
    if (text.length === 0) return;
    const room = this.maxChars - this.kept;
    if (text.length > room) this.cut = true;
    const part = text.length > room ? text.slice(0, room) : text;
    this.pieces.push(part);
    this.kept += part.length;
  }
}
