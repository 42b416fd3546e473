import type { NasFacts } from '../../../shared/contract/probe';
import type { NasSession } from '../ssh';
import { nasProbeScript } from './nas-script';
import { parseNasProbe } from './parse-nas';

export { probeThisComputer, classifyLink } from './this-computer';
export { parseNasProbe } from './parse-nas';
export { checkLink } from './link-check';

/** Reads what the NAS is (OS, CPU, RAM, links, bonds, volumes, tools) with one read-only script. */
export async function probeNas(session: NasSession, signal?: AbortSignal): Promise<NasFacts> {
  const result = await session.run(nasProbeScript, { timeoutMs: 30_000, ...(signal ? { signal } : {}) });
  return parseNasProbe(result.stdout);
}
