import type { NasFacts } from '../../../shared/contract/probe';
import { wholeStdout, type NasLogin } from '../ssh';
import { nasProbeScript } from './nas-script';
import { parseNasProbe } from './parse-nas';

export { probeThisComputer } from './this-computer';
export { parseNasProbe } from './parse-nas';
export { checkLink } from './link-check';

/** Reads what the NAS is (OS, CPU, RAM, links, bonds, volumes, tools) with one read-only script. */
export async function probeNas(session: NasLogin, signal?: AbortSignal): Promise<NasFacts> {
  const result = await session.run(nasProbeScript, { timeoutMs: 30_000, ...(signal ? { signal } : {}) });
  return parseNasProbe(wholeStdout(result, 'The probe of the NAS'));
}
