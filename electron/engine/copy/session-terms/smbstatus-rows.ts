/**
 * The rows of smbstatus's two tables, read by their words. Machine, service and "connected at"
 * hold spaces, so a row is fixed from both ends: PID, user and group from the left, protocol or
 * encryption and signing from the right. One regular expression per row with lazy fields did the
 * same but tried the rest of the line again at each blank of a long run: quadratic and worse on a
 * crafted line. As those expressions did, a field that holds a line break (\r, U+2028) is no field.
 */

/** Where each whitespace-separated word of a line starts and ends (numbers only: a long line makes many). */
interface Words {
  starts: number[];
  ends: number[];
}

const lineBreak = /[\n\r\u2028\u2029]/;
const digits = /^\d+$/;

function wordsOf(line: string): Words {
  const words: Words = { starts: [], ends: [] };
  const word = /\S+/g;
  for (let match = word.exec(line); match !== null; match = word.exec(line)) {
    words.starts.push(match.index);
    words.ends.push(word.lastIndex);
  }
  return words;
}

/** Positions of the line breaks in a line, in order. */
function breaksOf(line: string): number[] {
  const found: number[] = [];
  const anyBreak = /[\n\r\u2028\u2029]/g;
  for (let match = anyBreak.exec(line); match !== null; match = anyBreak.exec(line)) found.push(match.index);
  return found;
}

export interface SessionRow {
  pid: string;
  machine: string;
  protocol: string;
  encryption: string | null;
  signing: string | null;
}

/** `PID Username Group Machine Protocol [Encryption Signing]`; the machine may hold spaces. */
export function readSessionRow(line: string, withCrypto: boolean): SessionRow | null {
  const { starts, ends } = wordsOf(line);
  const count = starts.length;
  const right = withCrypto ? 3 : 1;
  const word = (at: number) => line.slice(starts[at], ends[at]);
  if (count < 4 + right || starts[0] !== 0 || !digits.test(word(0))) return null;
  const machine = line.slice(starts[3], ends[count - 1 - right]);
  if (lineBreak.test(machine)) return null;
  return {
    pid: word(0),
    machine,
    protocol: word(count - right),
    encryption: withCrypto ? word(count - 2) : null,
    signing: withCrypto ? word(count - 1) : null,
  };
}

export interface ShareRow {
  service: string;
  pid: string;
  machine: string;
  encryption: string | null;
  signing: string | null;
}

/**
 * `Service pid Machine Connected-at [Encryption Signing]`: the service (which may hold spaces)
 * ends before the first all-digit word that leaves room for the columns after it.
 */
export function readShareRow(line: string, withCrypto: boolean): ShareRow | null {
  const { starts, ends } = wordsOf(line);
  const count = starts.length;
  const word = (at: number) => line.slice(starts[at], ends[at]);
  const breaks = breaksOf(line);
  const firstBreak = breaks[0] ?? Number.POSITIVE_INFINITY;
  // "Connected at" runs up to the word before encryption and signing; the last break before its end:
  const connectedEnd = ends[count - 3] ?? 0;
  const lastBreakInConnected = breaks.filter((at) => at < connectedEnd).at(-1) ?? Number.NEGATIVE_INFINITY;
  for (let at = 1; at + 1 < count; at++) {
    const serviceEnd = ends[at - 1] ?? 0;
    if (firstBreak < serviceEnd) return null;
    if (!digits.test(word(at))) continue;
    const row = { service: line.slice(0, serviceEnd), pid: word(at), machine: word(at + 1) };
    // Without the crypto columns only a blank after the machine is asked for.
    if (!withCrypto) return (ends[at + 1] ?? 0) < line.length ? { ...row, encryption: null, signing: null } : null;
    // PID, machine, at least one word of "connected at", encryption, signing.
    if (at + 5 > count) return null;
    if (lastBreakInConnected >= (starts[at + 2] ?? 0)) continue;
    return { ...row, encryption: word(count - 2), signing: word(count - 1) };
  }
  return null;
}
