import { randomUUID } from 'node:crypto';
import { link, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import type { z } from 'zod';
import { NasbenchError } from '../../../shared/contract/errors';

/**
 * How one kind of file is read and written. Every file NASBench keeps in its data folder is a
 * JSON object with a `schemaVersion`; `parse` is where a value read from disk is trusted: it
 * checks (and upgrades) what it got and throws for anything it cannot use.
 */
export interface JsonFormat<T> {
  /** What the file holds, in the user's words: "the settings", "the list of recent NASes". */
  what: string;
  parse(json: unknown): T;
  serialize(value: T): unknown;
}

/** Far beyond any real file (a run's samples are thinned): a stray huge file is refused, not read. */
const maxFileBytes = 64 * 2 ** 20;

/**
 * One small JSON file of the data folder: read and checked against its format, written atomically
 * (a temp file, fsync, rename: a crash leaves the old file or the new one, never half of one), or
 * created only if it is not there yet (a claim two processes may race for). A damaged file and a
 * file from a newer NASBench are refused with an error that says which; what to do then is the
 * caller's choice (settings fall back to defaults, a run is listed as a problem).
 */
export class JsonFile<T> {
  constructor(
    readonly file: string,
    private readonly format: JsonFormat<T>,
  ) {}

  /** The value, or undefined when there is no file. */
  async read(): Promise<T | undefined> {
    let text: string;
    try {
      if ((await stat(this.file)).size > maxFileBytes) {
        throw new NasbenchError(
          'PARSE_ERROR',
          `${path.basename(this.file)} is too large to be ${this.format.what}.`,
          `Move it out of ${path.dirname(this.file)}.`,
        );
      }
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (cause) {
      throw damaged(this.format.what, this.file, cause);
    }
    return this.format.parse(json);
  }

  async write(value: T): Promise<void> {
    try {
      await writeFileAtomic(this.file, this.text(value), { mode: 0o600 });
    } catch (cause) {
      throw cannotWrite(this.format.what, this.file, cause);
    }
  }

  /**
   * Writes the file only if it does not exist yet: the whole file under another name, then linked
   * in place, so a reader never sees half of it. False when it was already there.
   */
  async create(value: T): Promise<boolean> {
    const draft = `${this.file}.${randomUUID()}`;
    try {
      await writeFile(draft, this.text(value), { mode: 0o600 });
      await link(draft, this.file);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw cannotWrite(this.format.what, this.file, error);
    } finally {
      await unlink(draft).catch(() => undefined);
    }
  }

  /** True when a file was removed. */
  async remove(): Promise<boolean> {
    try {
      await unlink(this.file);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  private text(value: T): string {
    return JSON.stringify(this.format.serialize(value), null, 1) + '\n';
  }
}

/**
 * The format of a file that is `{ schemaVersion: version, ...fields }`, checked by a zod schema
 * (which may fill in defaults for fields added later). A newer version is refused as such.
 */
export function versionedFormat<S extends z.ZodType<{ schemaVersion: number }>>(
  what: string,
  version: number,
  schema: S,
): JsonFormat<z.output<S>> {
  return {
    what,
    parse(json) {
      const found = (json as { schemaVersion?: unknown } | null)?.schemaVersion;
      if (typeof found === 'number' && found > version) {
        throw new NasbenchError(
          'UNSUPPORTED_VERSION',
          `${capitalised(what)} was saved by a newer NASBench (format ${found}; this version reads up to ${version}).`,
          'Update NASBench, or move the file away to start afresh.',
          { details: { schemaVersion: found, supported: version } },
        );
      }
      const parsed = schema.safeParse(json);
      if (!parsed.success) throw damaged(what, undefined, parsed.error);
      return parsed.data;
    },
    serialize: (value) => value,
  };
}

function damaged(what: string, file: string | undefined, cause: unknown): NasbenchError {
  return new NasbenchError(
    'PARSE_ERROR',
    `${capitalised(what)}${file ? ` (${path.basename(file)})` : ''} is damaged and cannot be read.`,
    'NASBench starts afresh for this file when it saves it again; move the file away if you want to keep it.',
    { cause },
  );
}

function cannotWrite(what: string, file: string, cause: unknown): NasbenchError {
  const full = (cause as NodeJS.ErrnoException).code === 'ENOSPC';
  return new NasbenchError(
    full ? 'DISK_FULL' : 'PERMISSION_DENIED',
    `Could not save ${what} in ${path.dirname(file)}.`,
    full
      ? 'The disk that holds the data folder is full. Free some space and try again.'
      : 'Check that the data folder exists and that you can write to it, or choose another one with --data-dir.',
    { cause },
  );
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
