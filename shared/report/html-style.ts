/**
 * The report's only style sheet, inline. Each `section.page` starts a printed page, so the PDF has
 * one page per section when every section fits (the tests check that for a Quick check): summary
 * and verdicts, charts, tests, environment, commands.
 */
export const reportCss = `
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #111827; margin: 0; background: #f9fafb; font-size: 13px; line-height: 1.4; }
main { max-width: 820px; margin: 0 auto; padding: 16px; }
section.page { background: #fff; border: 1px solid #e5e7eb; border-radius: 8px; padding: 16px 20px; margin-bottom: 16px; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 16px; margin: 14px 0 6px; border-bottom: 1px solid #e5e7eb; padding-bottom: 2px; }
h2:first-child { margin-top: 0; }
.meta { color: #4b5563; margin: 0 0 8px; }
.headline { display: flex; flex-wrap: wrap; gap: 8px; margin: 8px 0; }
.headline div { border: 1px solid #d1d5db; border-radius: 6px; padding: 6px 10px; min-width: 150px; }
.headline b { display: block; font-size: 18px; }
.answer { font-size: 1.1em; font-weight: 600; margin: 6px 0; }
.verdict { border-left: 4px solid #2563eb; padding: 4px 10px; margin: 6px 0; background: #f3f4f6; }
.verdict.warn { border-color: #d97706; } .verdict.problem { border-color: #dc2626; }
.verdict small { display: block; color: #374151; }
figure { margin: 8px 0; break-inside: avoid; }
figcaption { font-weight: 600; margin-bottom: 2px; }
table { border-collapse: collapse; width: 100%; margin: 4px 0 8px; font-size: 12px; }
th, td { border: 1px solid #e5e7eb; padding: 3px 6px; text-align: left; vertical-align: top; }
td.num { text-align: right; white-space: nowrap; }
td.num small.unsteady { display: block; white-space: normal; color: #b45309; }
dl { display: grid; grid-template-columns: 170px 1fr; gap: 2px 10px; margin: 4px 0 8px; }
dt { color: #4b5563; } dd { margin: 0; overflow-wrap: anywhere; }
pre, code { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 11px; }
pre { background: #f3f4f6; padding: 6px 8px; white-space: pre-wrap; overflow-wrap: anywhere; margin: 4px 0; }
.note { color: #4b5563; font-size: 12px; }
@page { margin: 12mm; }
@media print {
  body { background: #fff; }
  main { max-width: none; padding: 0; }
  section.page { border: 0; border-radius: 0; padding: 0; margin: 0; break-after: page; }
  section.page:last-of-type { break-after: auto; }
}
`;
