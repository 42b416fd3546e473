import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Option, type Command } from 'commander';
import { toAppError } from '../../../shared/contract/errors';
import { PaperSize, ReportFormat } from '../../../shared/report';
import { RateUnit } from '../../../shared/util/units';
import { openEngine, type GlobalOptions } from '../engine-session';
import { printResult, type CliIo } from '../output';

interface ReportOptions {
  format: ReportFormat;
  out?: string;
  anonymize?: boolean;
  paper: PaperSize;
  unit?: RateUnit;
}

/**
 * `nasbench report RUNID --format html|pdf|md|csv|csv-samples|csv-grid|json --out FILE`: a saved run as a
 * shareable file (../shared/cli-contract.md). Anonymised unless --no-anonymize: the file is made
 * to leave this computer.
 */
export function addReportCommand(program: Command, io: CliIo, finish: (code: number) => void): void {
  program
    .command('report')
    .description('write a saved run as a shareable report (anonymised unless --no-anonymize)')
    .argument('<runId>', 'the run, as `nasbench runs` lists it')
    .addOption(new Option('--format <format>', 'file format').choices(ReportFormat.options).makeOptionMandatory())
    .option('--out <file>', 'where to write it (default: a name with the plan, date and run in this folder)')
    .option('--anonymize', 'replace host names, addresses, serials, user names, shares and folders (the default)')
    .option('--no-anonymize', 'keep every name and address as the run saved them')
    .addOption(new Option('--paper <size>', 'PDF paper size').choices(PaperSize.options).default('a4'))
    .addOption(new Option('--unit <unit>', 'data-rate unit (default: the one in settings)').choices(RateUnit.options))
    .action(async (runId: string, options: ReportOptions, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const anonymize = options.anonymize ?? true;
      try {
        const engine = await openEngine(globals, io.env);
        const report = await engine.handlers.exportReport({
          runId,
          format: options.format,
          anonymize,
          paperSize: options.paper,
          ...(options.unit ? { unit: options.unit } : {}),
        });
        const out = path.resolve(options.out ?? report.fileName);
        await writeFile(out, report.base64 !== undefined ? Buffer.from(report.base64, 'base64') : (report.text ?? ''));
        const result = { ok: true as const, kind: 'report', format: options.format, out, anonymized: anonymize };
        const replaced = Object.entries(report.replaced).map(([kind, count]) => `${count} ${kind}`);
        finish(
          printResult(io, globals, { ...result, replaced: report.replaced }, () =>
            [
              `Wrote ${out}`,
              anonymize
                ? `Anonymised: ${replaced.length > 0 ? replaced.join(', ') : 'nothing private was found'} replaced; figures unchanged.`
                : 'Not anonymised: it names your hosts, addresses and folders as the run saved them.',
              '',
            ].join('\n'),
          ),
        );
      } catch (error) {
        finish(printResult(io, globals, { ok: false, kind: 'report', error: toAppError(error) }, () => ''));
      }
    });
}
