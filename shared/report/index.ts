/** Shareable reports: HTML, PDF (from the HTML), Markdown, CSV and JSON of a run, anonymised by default. */
export { anonymizeRun, type AnonymizeOptions, type AnonymizedRun } from './anonymize';
export { privateTextReplacer } from './private-replacer';
export { embeddedRunElementId, runFileTextOf } from './embedded-run';
export { renderReport, reportFileName, type TextReportOptions } from './export';
export { ExportedReport, ExportReportInput, PaperSize, ReportFormat } from '../contract/report';
export { findPrivateText, type PrivateKind, type PrivateMatch } from './private-patterns';
