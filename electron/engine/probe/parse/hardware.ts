import type { NasFacts, NasKernel } from '../../../../shared/contract/probe';
import { readSysctl } from './kernel';
import { keyValuePairs, nonEmpty, wholeNumber, type ProbeOutput } from './sections';

/**
 * x86 names the CPU in "model name"; 32-bit ARM NAS kernels put the SoC in "Hardware" and the
 * core type in "Processor"; MIPS uses "cpu model". The first one present is the most telling.
 */
const cpuNameKeys = ['model name', 'Hardware', 'cpu model', 'Processor'];

export function readCpu(probe: ProbeOutput, kernel: NasKernel | null): NasFacts['cpu'] {
  if (kernel === 'freebsd' || kernel === 'darwin') return readSysctlCpu(probe, kernel);
  const lines = probe.lines('cpuinfo');
  const fields = keyValuePairs(lines, ':');
  const model = cpuNameKeys.map((key) => nonEmpty(fields.get(key))).find((name) => name !== null) ?? null;
  const fromNproc = wholeNumber(fields.get('nproc'));
  // nproc is missing on old BusyBox builds; one "processor : N" line per logical CPU is universal.
  const processorLines = lines.filter((line) => /^processor\s*:/.test(line)).length;
  const cores = fromNproc !== null && fromNproc > 0 ? fromNproc : processorLines > 0 ? processorLines : null;
  return { model: tidyCpuName(model), cores };
}

/** FreeBSD's hw.model is the CPU; macOS's is the Mac ("Macmini9,1") and the CPU is in machdep. */
function readSysctlCpu(probe: ProbeOutput, kernel: 'freebsd' | 'darwin'): NasFacts['cpu'] {
  const sysctl = readSysctl(probe);
  const model = kernel === 'darwin' ? sysctl.get('machdep.cpu.brand_string') : sysctl.get('hw.model');
  const cores = wholeNumber(sysctl.get('hw.ncpu'));
  return { model: tidyCpuName(nonEmpty(model)), cores: cores !== null && cores > 0 ? cores : null };
}

function tidyCpuName(model: string | null): string | null {
  return model === null ? null : model.replace(/\s+/g, ' ');
}

/** MemTotal is in kibibytes whatever the kernel prints after it; sysctl gives bytes. */
export function readMemoryBytes(probe: ProbeOutput, kernel: NasKernel | null): number | null {
  if (kernel === 'freebsd' || kernel === 'darwin') {
    const sysctl = readSysctl(probe);
    return wholeNumber(sysctl.get(kernel === 'darwin' ? 'hw.memsize' : 'hw.physmem'));
  }
  const line = probe.lines('meminfo').find((text) => text.startsWith('MemTotal:'));
  const kib = wholeNumber(/^MemTotal:\s*(\d+)/.exec(line ?? '')?.[1]);
  return kib === null ? null : kib * 1024;
}
