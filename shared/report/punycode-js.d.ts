/** punycode.js (Mathias Bynens' RFC 3492 converter, the one Node once bundled) ships no types of its own. */
declare module 'punycode.js' {
  /** A domain's labels in Unicode: each `xn--` label decoded; throws RangeError on a label that is not Punycode. */
  export function toUnicode(domain: string): string;
  /** A domain's labels in ASCII: each label with a character past ASCII encoded as `xn--…`. */
  export function toASCII(domain: string): string;
}
