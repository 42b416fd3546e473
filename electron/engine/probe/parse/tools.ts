import type { ToolVersion } from '../../../../shared/contract/probe';
import type { z } from 'zod';
import { keyValuePairs, nonEmpty, type ProbeOutput } from './sections';

export type ToolName = 'fio' | 'iperf3';

/** What the NAS said about one benchmark tool. */
export interface ToolFinding {
  /** False when the output stopped before this tool's section: then nothing is known about it. */
  reported: boolean;
  /** The version and the absolute path to run, or null when no copy was found. */
  version: z.infer<typeof ToolVersion>;
  /** True when the copy sits outside the SSH PATH (Entware's /opt/bin, a Synology package folder). */
  offPath: boolean;
}

/** fio prints "fio-3.33"; iperf3 prints "iperf 3.12 (cJSON 1.7.15)" then build details. */
const versionPatterns: Record<ToolName, RegExp> = {
  fio: /fio-(\d+(?:\.\d+)*)/,
  iperf3: /iperf3?\s+v?(\d+(?:\.\d+)*)/,
};

export function readTool(probe: ProbeOutput, tool: ToolName): ToolFinding {
  const section = probe.all('tool').find((candidate) => candidate.arg === tool);
  const facts = keyValuePairs(section?.lines ?? [], '=');
  const reported = section !== undefined;
  const path = nonEmpty(facts.get('path'));
  // Only an absolute path can be run the same way later, whatever PATH that later shell has.
  if (path === null || !path.startsWith('/')) return { reported, version: null, offPath: false };
  // Installed but its --version said something unexpected: it is there, so do not report it missing.
  const version = versionPatterns[tool].exec(facts.get('version') ?? '')?.[1] ?? 'unknown';
  return { reported, version: { version, path }, offPath: facts.get('found') === 'folder' };
}
