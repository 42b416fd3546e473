import type { NasFacts, NasKernel } from '../../../shared/contract/probe';
import type { FioEngine } from './job';

/** The fio a disk test runs on this NAS: the absolute path the probe found, and the I/O engine its kernel has. */
export interface FioTool {
  /** `/usr/bin/fio`, `/opt/bin/fio` (Entware, off the SSH PATH)…; plain `fio` only for probes made before paths. */
  path: string;
  ioengine: FioEngine;
}

/** fio's asynchronous I/O engine for the NAS's kernel: libaio is Linux-only; posixaio works on FreeBSD and macOS. */
export function fioEngineFor(kernel: NasKernel | null | undefined): 'libaio' | 'posixaio' {
  return kernel === 'freebsd' || kernel === 'darwin' ? 'posixaio' : 'libaio';
}

/** The fio to run, from the probe; null when the NAS has none. */
export function fioToolOf(facts: {
  tools: Pick<NasFacts['tools'], 'fio'>;
  os?: Pick<NasFacts['os'], 'kernel'>;
}): FioTool | null {
  const fio = facts.tools.fio;
  if (fio === null) return null;
  return { path: fio.path ?? 'fio', ioengine: fioEngineFor(facts.os?.kernel) };
}

/** `{ fio }` for a sweep's or a run's options when the NAS has fio; nothing otherwise. */
export function fioOption(facts: Parameters<typeof fioToolOf>[0]): { fio?: FioTool } {
  const fio = fioToolOf(facts);
  return fio ? { fio } : {};
}
