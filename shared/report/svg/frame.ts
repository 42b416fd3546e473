import { escapeHtml } from '../escape';

/**
 * The pieces every report chart is drawn with: plain SVG strings (no script, no external font or
 * image), so the charts read in any browser, in a PDF and in a mail client that shows HTML.
 */

export const chartPalette = ['#2563eb', '#dc2626', '#059669', '#d97706', '#7c3aed', '#0891b2', '#be185d', '#4b5563'];

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

export function round(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** The outer element: a title for screen readers, and a fixed box that scales with the page. */
export function svgDocument(width: number, height: number, title: string, body: string[]): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="100%" role="img" ` +
    `font-family="system-ui, sans-serif" font-size="12"><title>${escapeHtml(title)}</title>${body.join('')}</svg>`
  );
}

/** A legend row of coloured squares and names, drawn left to right from (x, y). */
export function legend(x: number, y: number, entries: { label: string; color: string }[]): string[] {
  let left = x;
  return entries.map(({ label, color }) => {
    const item = `<rect x="${round(left)}" y="${round(y - 9)}" width="10" height="10" fill="${color}"/>${text(left + 14, y, label)}`;
    left += 24 + label.length * 6.5;
    return item;
  });
}
