/**
 * Splits fio's stdout into its JSON objects. With `--status-interval` fio prints one complete,
 * cumulative object per interval, concatenated (not valid JSON as a whole), and it may print
 * notes and warnings before them. An object starts with `{` at the start of a line (so a warning
 * that happens to hold a brace cannot start one) and ends where the brace count, which skips
 * everything inside strings, returns to zero.
 */
export class JsonObjectSplitter {
  private buffer = '';
  private depth = 0;
  private inString = false;
  private escaped = false;
  private atLineStart = true;

  /** Refuses to hold more than this of one unfinished object: garbage must not eat memory. */
  constructor(private readonly maxObjectChars = 32 * 1024 * 1024) {}

  /** Feeds a chunk; returns the objects (as text) it completed. */
  push(chunk: string): string[] {
    const done: string[] = [];
    for (const char of chunk) {
      if (this.depth === 0) {
        if (char === '{' && this.atLineStart) {
          this.depth = 1;
          this.buffer = '{';
        }
        this.atLineStart = char === '\n';
        continue;
      }
      this.buffer += char;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (char === '\\') this.escaped = true;
        else if (char === '"') this.inString = false;
      } else if (char === '"') {
        this.inString = true;
      } else if (char === '{' || char === '[') {
        this.depth += 1;
      } else if (char === '}' || char === ']') {
        this.depth -= 1;
        if (this.depth === 0) {
          done.push(this.buffer);
          this.reset();
        }
      }
      if (this.buffer.length > this.maxObjectChars) this.reset();
    }
    return done;
  }

  /** True while an object has started and not yet closed (e.g. the output was cut off). */
  get unfinished(): boolean {
    return this.depth > 0;
  }

  private reset(): void {
    this.buffer = '';
    this.depth = 0;
    this.inString = false;
    this.escaped = false;
    this.atLineStart = false;
  }
}

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
