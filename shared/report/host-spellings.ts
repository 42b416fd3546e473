import { toASCII, toUnicode } from 'punycode.js';

/**
 * A host name outside ASCII has two spellings that name the same box: its Unicode form
 * ("zoë-nas.local", as mDNS and a NAS's own settings write it) and its ASCII form
 * ("xn--zo-nas-lxa.local", as DNS, a browser's address bar and many tools print it). The
 * anonymiser gives both one stand-in and looks for both. Punycode is RFC 3492, done by punycode.js
 * (the converter Node itself bundled for years: small, no dependencies): shared/ has no Node, so
 * `node:url`'s domainToASCII is not there.
 */

/** The longest name DNS carries, and its longest label: anything longer is no host name to convert. */
const maxName = 253;
const maxLabel = 63;

/** A host name as it is compared: NFC, lower case, every `xn--` label decoded. Itself where it cannot be decoded. */
export function hostKey(name: string): string {
  const lower = name.normalize('NFC').toLowerCase();
  return asUnicode(lower) ?? lower;
}

/** The name's spellings other than itself: its Unicode form and its ASCII form, where they differ. */
export function otherHostSpellings(name: string): string[] {
  const lower = name.normalize('NFC').toLowerCase();
  const unicode = asUnicode(lower) ?? lower;
  const ascii = convertible(unicode) ? attempt(() => toASCII(unicode)) : null;
  return [...new Set([unicode, ascii ?? unicode])].filter((spelling) => spelling !== name && spelling !== lower);
}

/** Whether a name's labels fit DNS's limits (decoding costs the square of a label's length). */
const convertible = (name: string) =>
  name.length <= maxName && name.split('.').every((label) => label.length <= maxLabel);

function asUnicode(name: string): string | null {
  if (!name.includes('xn--') || !convertible(name)) return null;
  const decoded = attempt(() => toUnicode(name));
  return decoded === null ? null : decoded.normalize('NFC');
}

/** punycode.js throws RangeError on a label that is not Punycode ("xn--" and garbage): then there is no other spelling. */
function attempt(convert: () => string): string | null {
  try {
    return convert();
  } catch {
    return null;
  }
}
