/** Reports: a saved run exported as HTML, PDF, Markdown, CSV or JSON (rendering itself is pure, in shared/report). */
export { chromiumPdfPrinter, type PrintPdf } from './chromium-pdf';
export { exportReport } from './export-report';
export { reportHandlers } from './handlers';
