import type { ToolVersion } from '../../../../shared/probe';
import type { z } from 'zod';
import { keyValuePairs, nonEmpty, type ProbeOutput } from './sections';

export type ToolName = 'fio' | 'iperf3';

/** What the NAS said about one benchmark tool. */
export interface ToolFinding {
  /** False when the output stopped before this tool's section: then nothing is known about it. */
  reported: boolean;
  version: z.infer<typeof ToolVersion>;
  /** A copy outside the SSH PATH (Entware's /opt/bin), which NASBench cannot run as is. */
  offPath: string | null;
}

/** fio prints "fio-3.33"; iperf3 prints "iperf 3.12 (cJSON 1.7.15)" then build details. */
const versionPatterns: Record<ToolName, RegExp> = {
  fio: /fio-(\d+(?:\.\d+)*)/,
  iperf3: /iperf3?\s+v?(\d+(?:\.\d+)*)/,
};

export function readTool(probe: ProbeOutput, tool: ToolName): ToolFinding {
  const section = probe.all('tool').find((candidate) => candidate.arg === tool);
  const facts = keyValuePairs(section?.lines ?? [], '=');
  const offPath = nonEmpty(facts.get('off-path'));
  const reported = section !== undefined;
  if (nonEmpty(facts.get('path')) === null) return { reported, version: null, offPath };
  // Installed but its --version said something unexpected: it is there, so do not report it missing.
  const version = versionPatterns[tool].exec(facts.get('version') ?? '')?.[1] ?? 'unknown';
  return { reported, version: { version }, offPath };
}
