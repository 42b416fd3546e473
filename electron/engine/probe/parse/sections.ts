import { SECTION_MARKER } from '../nas-script';

/** One block of the probe's output: the marker's name and argument, and the raw lines after it. */
export interface ProbeSection {
  name: string;
  arg: string;
  lines: string[];
}

/** The probe's output cut at its markers; lines before the first marker (MOTD, comments) are dropped. */
export class ProbeOutput {
  readonly sections: ProbeSection[];
  /**
   * The sections by name, made once: the parsers ask for some thirty names, and a NAS that prints a marker
   * on every line (37,000 sections in 1 MB) made each question a walk through all of them.
   */
  private readonly byName = new Map<string, ProbeSection[]>();

  constructor(output: string) {
    this.sections = splitSections(output);
    for (const section of this.sections) {
      const named = this.byName.get(section.name);
      if (named) named.push(section);
      else this.byName.set(section.name, [section]);
    }
  }

  /** Lines of the first section called `name`, or none when the NAS never printed it. */
  lines(name: string): string[] {
    return this.byName.get(name)?.[0]?.lines ?? [];
  }

  /** Every section called `name` (bonds and tools come once per bond or tool). */
  all(name: string): ProbeSection[] {
    return [...(this.byName.get(name) ?? [])];
  }

  /** `key=value` pairs of a section (Synology's VERSION, os-release): quotes removed, first value wins. */
  keyValues(name: string): Map<string, string> {
    return keyValuePairs(this.lines(name), '=');
  }
}

function splitSections(output: string): ProbeSection[] {
  const sections: ProbeSection[] = [];
  let current: ProbeSection | null = null;
  const lines = output.split('\n');
  // The script ends every line; text after the last newline is a line cut short by a dropped connection.
  lines.pop();
  for (const rawLine of lines) {
    const line = rawLine.replace(/\r$/, '');
    if (line.startsWith(`${SECTION_MARKER} `)) {
      const [name = '', ...rest] = line.slice(SECTION_MARKER.length + 1).split(' ');
      current = { name, arg: rest.join(' '), lines: [] };
      sections.push(current);
    } else if (current && line.trim() !== '') {
      current.lines.push(line);
    }
  }
  return sections;
}

/** Reads `key<separator>value` lines; values lose surrounding quotes and spaces. */
export function keyValuePairs(lines: readonly string[], separator: string): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const line of lines) {
    const at = line.indexOf(separator);
    if (at <= 0) continue;
    const key = line.slice(0, at).trim();
    const value = unquote(line.slice(at + separator.length).trim());
    if (key !== '' && !pairs.has(key)) pairs.set(key, value);
  }
  return pairs;
}

function unquote(value: string): string {
  const quoted = /^"(.*)"$/.exec(value) ?? /^'(.*)'$/.exec(value);
  return quoted?.[1] ?? value;
}

/** A plain non-negative integer, or null for anything else ("", "-1", "12a", absurdly long digit runs). */
export function wholeNumber(text: string | undefined): number | null {
  if (text === undefined || !/^\d{1,15}$/.test(text.trim())) return null;
  return Number(text.trim());
}

/** The value, or null when it is empty after trimming. */
export function nonEmpty(text: string | undefined | null): string | null {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}
