/**
 * Undoes the octal escapes the kernel writes in mount tables (`\040` for a space, `\011`, `\012`,
 * `\134`). Scanned by index and joined once: `replace(/\\([0-7]{3})/g, fn)` costs more than
 * linearly on a mount point made of escapes (each match's parts kept for the garbage collector).
 */
export function decodeOctalEscapes(text: string): string {
  const parts: string[] = [];
  let from = 0;
  for (let at = text.indexOf('\\'); at >= 0; at = text.indexOf('\\', at + 1)) {
    const digits = text.slice(at + 1, at + 4);
    if (!/^[0-7]{3}$/.test(digits)) continue;
    parts.push(text.slice(from, at), String.fromCharCode(Number.parseInt(digits, 8)));
    from = at + 4;
    at += 3;
  }
  if (from === 0) return text;
  parts.push(text.slice(from));
  return parts.join('');
}
