import type { NasFacts } from '../../../../shared/probe';
import { keyValuePairs, nonEmpty, wholeNumber, type ProbeOutput } from './sections';

/**
 * x86 names the CPU in "model name"; 32-bit ARM NAS kernels put the SoC in "Hardware" and the
 * core type in "Processor"; MIPS uses "cpu model". The first one present is the most telling.
 */
const cpuNameKeys = ['model name', 'Hardware', 'cpu model', 'Processor'];

export function readCpu(probe: ProbeOutput): NasFacts['cpu'] {
  const lines = probe.lines('cpuinfo');
  const fields = keyValuePairs(lines, ':');
  const model = cpuNameKeys.map((key) => nonEmpty(fields.get(key))).find((name) => name !== null) ?? null;
  const fromNproc = wholeNumber(fields.get('nproc'));
  // nproc is missing on old BusyBox builds; one "processor : N" line per logical CPU is universal.
  const processorLines = lines.filter((line) => /^processor\s*:/.test(line)).length;
  const cores = fromNproc !== null && fromNproc > 0 ? fromNproc : processorLines > 0 ? processorLines : null;
  return { model: model === null ? null : model.replace(/\s+/g, ' '), cores };
}

/** MemTotal is in kibibytes whatever the kernel prints after it. */
export function readMemoryBytes(probe: ProbeOutput): number | null {
  const line = probe.lines('meminfo').find((text) => text.startsWith('MemTotal:'));
  const kib = wholeNumber(/^MemTotal:\s*(\d+)/.exec(line ?? '')?.[1]);
  return kib === null ? null : kib * 1024;
}
