import type { RunRecord } from '../../shared/contract/runs';
import { formatRate, formatSeconds, type RateUnit } from '../../shared/util/units';
import { figuresOfRun } from '../../shared/verdicts';
import type { Verdict } from '../../shared/contract/verdict';
import { answersOf } from '../../shared/verdicts/answer';
import { resultsOfKind } from '../../shared/kinds';

/**
 * A plan's results grouped as the CLI contract's `quick` JSON has them: `net`, `disk` and `copy`. Each
 * share figure carries its folder's `path` (the server, protocol, link and session its bytes took), as
 * the saved run does.
 */
export function quickResults(record: RunRecord) {
  const net = resultsOfKind(record.results, 'network');
  const disk = resultsOfKind(record.results, 'disk').flatMap((result) => result.tests);
  const copy = resultsOfKind(record.results, 'copy').flatMap((result) =>
    result.tests.map((test) => ({ ...test, ...(result.path ? { path: result.path } : {}) })),
  );
  return { net, disk, copy };
}

const directionWords = { upload: 'to the NAS', download: 'from the NAS', bidir: 'both ways' } as const;

/** The human text: the answer, each figure on a line, then the verdicts, then where the run was saved. */
export function describeQuickResults(record: RunRecord, verdicts: Verdict[], unit: RateUnit): string {
  const { net, disk, copy } = quickResults(record);
  const answers = answersOf(figuresOfRun(record), record.connection?.name ?? null, unit);
  const figure = (label: string, bytesPerSecond: number) =>
    `  ${label.padEnd(28)} ${formatRate(bytesPerSecond, unit).padStart(12)}`;
  const lines = [
    ...answers.map((answer) => answer.text),
    ...(answers.length ? [''] : []),
    `Quick check of ${record.environment.target} in ${formatSeconds(record.seconds)}:`,
    ...net.map((result) =>
      figure(
        `Network ${directionWords[result.direction]}${result.method === 'ssh' ? ' (SSH)' : ''}`,
        result.summary.bitsPerSecond / 8,
      ),
    ),
    ...disk.map((test) => figure(`NAS disk ${test.name}`, test.bytesPerSecond)),
    ...copy.map((test) => figure(`Share ${test.op}`, test.bytesPerSecond)),
    ...record.steps
      .filter((step) => step.status !== 'finished')
      .map((step) => `  ${step.name}: ${step.status}${step.error ? ` (${step.error.message})` : ''}`),
    '',
    ...(verdicts.length > 0
      ? verdicts.map((verdict) => `• ${verdict.text}`)
      : ['No verdict: too few figures to compare.']),
    '',
    `Saved as run ${record.id} (see nasbench runs).`,
  ];
  return lines.join('\n') + '\n';
}
