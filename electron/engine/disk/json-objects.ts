/**
 * Splits fio's stdout into its JSON objects. With `--status-interval` fio prints one complete,
 * cumulative object per interval, concatenated (not valid JSON as a whole), and it may print
 * notes and warnings before them. An object starts with `{` at the start of a line (so a warning
 * that happens to hold a brace cannot start one) and ends where the brace count, which skips
 * everything inside strings, returns to zero.
 */
export class JsonObjectSplitter {
  /** The pieces of the unfinished object, one per chunk it spans: joined once, when it closes. */
  private pieces: string[] = [];
  private held = 0;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private atLineStart = true;
  private outsideText = '';

  /**
   * Refuses to hold more than `maxObjectChars` of one unfinished object (garbage must not eat
   * memory), and keeps the first `maxOutsideChars` of the text between objects (fio's own words).
   */
  constructor(
    private readonly maxObjectChars = 32 * 1024 * 1024,
    private readonly maxOutsideChars = 64 * 1024,
  ) {}

  /** Feeds a chunk; returns the objects (as text) it completed. Linear in the chunk's length. */
  push(chunk: string): string[] {
    const done: string[] = [];
    // Where the part of this chunk being gathered (inside an object, or between objects) began.
    let from = 0;
    for (let index = 0; index < chunk.length; index += 1) {
      const char = chunk.charCodeAt(index);
      if (this.depth === 0) {
        if (char === openBrace && this.atLineStart) {
          this.keepOutside(chunk.slice(from, index));
          this.depth = 1;
          from = index;
        }
        this.atLineStart = char === lineBreak;
        continue;
      }
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (char === backslash) this.escaped = true;
        else if (char === quote) this.inString = false;
      } else if (char === quote) {
        this.inString = true;
      } else if (char === openBrace || char === openBracket) {
        this.depth += 1;
      } else if (char === closeBrace || char === closeBracket) {
        this.depth -= 1;
        if (this.depth === 0) {
          this.pieces.push(chunk.slice(from, index + 1));
          done.push(this.pieces.join(''));
          this.reset();
          from = index + 1;
          continue;
        }
      }
      if (this.held + (index + 1 - from) > this.maxObjectChars) {
        this.reset();
        from = index + 1;
      }
    }
    if (this.depth > 0) {
      this.pieces.push(chunk.slice(from));
      this.held += chunk.length - from;
    } else this.keepOutside(chunk.slice(from));
    return done;
  }

  /** True while an object has started and not yet closed (e.g. the output was cut off). */
  get unfinished(): boolean {
    return this.depth > 0;
  }

  /** The start of what came between the objects: notes, warnings and errors fio printed on stdout. */
  get outside(): string {
    return this.outsideText;
  }

  private keepOutside(text: string): void {
    const room = this.maxOutsideChars - this.outsideText.length;
    if (room > 0 && text.length > 0) this.outsideText += text.length > room ? text.slice(0, room) : text;
  }

  private reset(): void {
    this.pieces = [];
    this.held = 0;
    this.depth = 0;
    this.inString = false;
    this.escaped = false;
    this.atLineStart = false;
  }
}

const openBrace = 0x7b;
const closeBrace = 0x7d;
const openBracket = 0x5b;
const closeBracket = 0x5d;
const quote = 0x22;
const backslash = 0x5c;
const lineBreak = 0x0a;

/** Parses JSON text without throwing: undefined for anything that is not a JSON object. */
export function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
