import type { DiskRunDetails } from '../../contract/disk';
import { formatRate } from '../../util/units';
import { describeJobScaling, jobScaling } from '../../sweep/scaling';

/** `nasbench disk`'s text, or `nasbench sweep`'s for a sweep. */
export function diskText(result: DiskRunDetails): string {
  return result.sweep ? sweepText(result) : presetText(result);
}

function presetText(result: DiskRunDetails): string {
  const fio = result.tests.find((test) => test.fioVersion)?.fioVersion ?? '';
  const lines = [
    `${result.engine === 'fio' ? `fio ${fio}` : 'dd (fio is missing)'} in ${result.folder} (${result.fileSystem ?? 'unknown file system'})`,
    ...result.hints,
    ...result.tests.map((test) => {
      const iops = test.engine === 'fio' ? `${Math.round(test.iops).toLocaleString('en-US').padStart(9)} IOPS` : '';
      return `  ${test.name.padEnd(22)} ${formatRate(test.bytesPerSecond, 'MB/s').padStart(12)} ${iops}${test.direct ? '' : '  (buffered)'}`;
    }),
    ...new Set(result.tests.flatMap((test) => (test.note ? [test.note] : []))),
  ];
  return lines.join('\n') + '\n';
}

function sweepText(result: DiskRunDetails): string {
  const sweep = result.sweep;
  const lines = [
    `fio sweep in ${result.folder} (${result.fileSystem ?? 'unknown file system'}): ${Math.round(sweep?.seconds ?? 0)} s, ` +
      `worst case was ${sweep?.plannedSeconds ?? 0} s`,
    ...result.tests.map((test) => {
      const stable = test.steadyState ? (test.steadyState.attained ? '  steady' : '  not steady (ran to the cap)') : '';
      return `  ${test.name.padEnd(34)} ${formatRate(test.bytesPerSecond, 'MB/s').padStart(12)}${stable}`;
    }),
    ...(inferredCount(result) > 0
      ? [`  …and ${inferredCount(result)} cells inferred from them (≈; --json lists them).`]
      : []),
    ...(sweep?.note ? [sweep.note] : []),
    // Where more jobs stop helping, from measured cells (shared with the app and reports).
    ...(sweep ? jobScaling(sweep, result.tests).map((each) => describeJobScaling(each, 'MB/s')) : []),
  ];
  return lines.join('\n') + '\n';
}

function inferredCount(result: DiskRunDetails): number {
  return (result.sweep?.panels ?? []).reduce(
    (count, panel) => count + (panel.inferred ?? []).flat().filter((inferred) => inferred).length,
    0,
  );
}
