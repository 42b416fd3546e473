import { escapeHtml } from '../escape';

/**
 * The pieces every report chart is drawn with: plain SVG strings (no script, no external font or
 * image), so the charts read in any browser, in a PDF and in a mail client that shows HTML.
 */

/** Blue, green, amber, violet, …: no red first, which would read as "a problem" on a bar. */
export const chartPalette = ['#2563eb', '#059669', '#d97706', '#7c3aed', '#0891b2', '#be185d', '#4b5563', '#dc2626'];

/** Round steps (1, 2, 5 × 10^n) from 0 to at least `max`, about `count` of them. */
export function niceTicks(max: number, count = 5): number[] {
  if (!(max > 0) || !Number.isFinite(max)) return [0, 1];
  const rough = max / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 5, 10].find((factor) => factor * power >= rough) ?? 10) * power;
  const ticks: number[] = [];
  for (let value = 0; value < max + step * 0.999; value += step) ticks.push(Number(value.toPrecision(12)));
  return ticks;
}

export function text(x: number, y: number, content: string, attributes: Record<string, string | number> = {}): string {
  const extra = Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${escapeHtml(String(value))}"`)
    .join('');
  return `<text x="${round(x)}" y="${round(y)}"${extra}>${escapeHtml(content)}</text>`;
}

/**
 * About how wide a line of text is drawn, in px: the SVG is plain text, measured by no browser
 * before it is printed, so each chart leaves room by this estimate (system-ui runs about 0.55 em a
 * character; 0.6 em, 0.65 em bold, errs wide rather than clipping a figure).
 */
export function textWidth(content: string, fontSize = 12, bold = false): number {
  return content.length * fontSize * (bold ? 0.65 : 0.6);
}

/** `content` shortened with "…" to fit `width` px, by the same estimate. */
export function fitText(content: string, width: number, fontSize = 12): string {
  if (textWidth(content, fontSize) <= width) return content;
  const chars = Math.max(1, Math.floor(width / (fontSize * 0.6)) - 1);
  return `${content.slice(0, chars).trimEnd()}…`;
}

export function round(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** The outer element: a title for screen readers, and a fixed box that scales with the page. */
export function svgDocument(width: number, height: number, title: string, body: string[]): string {
  return (
    // As wide as the page allows, never wider than drawn: a small chart scaled up to the page's width
    // (a 2 × 2 heatmap) would print its text three times too large and take a PDF page alone.
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="100%" ` +
    `style="max-width:${width}px" role="img" ` +
    `font-family="system-ui, sans-serif" font-size="12"><title>${escapeHtml(title)}</title>${body.join('')}</svg>`
  );
}

/** Legend entries, left to right from (x, y), wrapping onto a new row 18 px lower before `maxX`. */
export function legend(x: number, y: number, maxX: number, entries: { label: string; color: string }[]): string[] {
  let left = x;
  let top = y;
  return entries.map(({ label, color }) => {
    const width = 24 + label.length * 6.5;
    if (left > x && left + width > maxX) {
      left = x;
      top += 18;
    }
    const item = `<rect x="${round(left)}" y="${round(top - 9)}" width="10" height="10" fill="${color}"/>${text(left + 14, top, label)}`;
    left += width;
    return item;
  });
}

/** How many legend rows `legend` draws for these labels. */
export function legendRows(x: number, maxX: number, labels: readonly string[]): number {
  let rows = labels.length > 0 ? 1 : 0;
  let left = x;
  for (const label of labels) {
    const width = 24 + label.length * 6.5;
    if (left > x && left + width > maxX) {
      rows += 1;
      left = x;
    }
    left += width;
  }
  return rows;
}
