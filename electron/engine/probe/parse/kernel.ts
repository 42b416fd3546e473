import type { NasKernel } from '../../../../shared/contract/probe';
import { keyValuePairs, nonEmpty, type ProbeOutput } from './sections';

/** What `uname` said: the kernel family decides where every other fact is read from. */
export interface KernelFacts {
  kernel: NasKernel | null;
  /** `uname -r`: "13.1-RELEASE-p9", "23.4.0", "6.1.0-21-amd64". */
  release: string | null;
}

const kernelNames: Record<string, NasKernel> = { linux: 'linux', freebsd: 'freebsd', darwin: 'darwin' };

/**
 * The kernel from `uname -s`. Captures made before the probe asked (and boxes without uname)
 * still show Linux by its /proc files, so those count as Linux too.
 */
export function readKernel(probe: ProbeOutput): KernelFacts {
  const uname = probe.keyValues('uname');
  const release = nonEmpty(uname.get('release'));
  const named = kernelNames[(uname.get('kernel') ?? '').trim().toLowerCase()];
  if (named) return { kernel: named, release };
  const hasProc = probe.lines('meminfo').length > 0 || probe.lines('mounts').length > 0 || probe.all('bond').length > 0;
  const isProcMounts = probe.all('mounts').every((section) => section.arg === '');
  return { kernel: hasProc && isProcMounts ? 'linux' : null, release };
}

/** `sysctl name` lines ("hw.ncpu: 4"); FreeBSD and macOS print the same shape. */
export function readSysctl(probe: ProbeOutput): Map<string, string> {
  return keyValuePairs(probe.lines('sysctl'), ':');
}

/** `sw_vers`: "ProductName:\tmacOS", "ProductVersion:\t14.4.1", "BuildVersion:\t23E224". */
export function readSwVers(probe: ProbeOutput): Map<string, string> {
  return keyValuePairs(probe.lines('sw_vers'), ':');
}
