import type { MethodHandlers } from '../../../shared/contract';
import { exportReport, type ReportSources } from './export-report';

/** Reports: a saved run as a file to share. */
export function reportHandlers(sources: ReportSources): Pick<MethodHandlers, 'exportReport'> {
  return { exportReport: (input) => exportReport(input, sources) };
}
