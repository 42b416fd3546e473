import type { NasFacts } from '../../../shared/contract/probe';
import { parseRefusedPrograms } from '../ssh';
import { installHints } from './install-hints';
import { readCpu, readMemoryBytes } from './parse/hardware';
import { readKernel } from './parse/kernel';
import { readBonds, readInterfaces } from './parse/network';
import { recognizeSystem } from './parse/os';
import { nonEmpty, ProbeOutput } from './parse/sections';
import { readTool } from './parse/tools';
import { readDrives, readMdArrays, readZfsLayouts } from './parse/disks';
import { readFolders } from './parse/folders';
import { readVolumes } from './parse/volumes';
import { readZfsPools } from './parse/zfs';

/**
 * Turns what nasProbeScript printed into NAS facts. The text comes from a box we do not control
 * (and may be cut short by a dropped connection), so nothing here throws: whatever cannot be
 * read becomes null or an empty list.
 */
export function parseNasProbe(output: string): NasFacts {
  const probe = new ProbeOutput(typeof output === 'string' ? output : '');
  const { kernel } = readKernel(probe);
  const system = recognizeSystem(probe);
  const tools = { fio: readTool(probe, 'fio'), iperf3: readTool(probe, 'iperf3') };
  const refused = parseRefusedPrograms(probe.lines('refused'));
  const folders = readFolders(probe);
  const drives = readDrives(probe);
  const arrays = [...readMdArrays(probe), ...readZfsLayouts(probe)];
  return {
    hostname: nonEmpty(probe.lines('hostname')[0]),
    os: { vendor: system.vendor, name: system.name, version: system.version, kernel },
    model: system.model,
    cpu: readCpu(probe, kernel),
    memoryBytes: readMemoryBytes(probe, kernel),
    interfaces: readInterfaces(probe),
    bonds: readBonds(probe),
    volumes: readVolumes(probe),
    pools: readZfsPools(probe),
    ...(folders ? { folders } : {}),
    ...(drives.length > 0 || arrays.length > 0 ? { disks: { drives, arrays } } : {}),
    tools: { fio: tools.fio.version, iperf3: tools.iperf3.version },
    refusedTools: refused,
    installHints: installHints({ vendor: system.vendor, distroFamily: system.distroFamily, tools, refused }),
  };
}
