import type { DiskThroughNetworkResult } from '../../../../shared/contract/runs';
import { measureNetworkToDiskWrite } from '../../net';
import { scratchIn } from './nas-folder';
import { nasOf, type Step } from './types';
import { resultsOfKind } from '../../../../shared/kinds';

/** Room for a whole test at 10 Gbit/s, as the test itself plans it. */
const assumedBytesPerSecond = 1.25e9;

/**
 * The TerraMaster F4-223 write-up's "network to disk" write: the NAS's iperf3 server writes what it receives to a file in
 * a scratch folder (`iperf3 -s -F FILE`), so the figure is the network and the NAS's disk together.
 */
export function diskThroughNetworkStep(spec: { label?: string; folder: string; seconds: number }): Step {
  const label = spec.label ?? 'Network to NAS disk';
  return {
    kind: 'network',
    label,
    what:
      `iperf3 on the NAS writes what this computer sends into a file in ${spec.folder} for ${spec.seconds} s: ` +
      'neither a pure network nor a pure disk figure, but what a copy onto the NAS gets from both.',
    seconds: spec.seconds + 3,
    writes: [{ where: scratchIn(spec.folder), bytes: spec.seconds * assumedBytesPerSecond }],
    series: [{ id: 'total', label }],
    needsNas: true,
    async run(kit) {
      const nas = nasOf(kit);
      const result = await measureNetworkToDiskWrite(nas.session, {
        folder: spec.folder,
        seconds: spec.seconds,
        openScratch: (folder, neededBytes) => kit.scratch.open(folder, neededBytes),
        ...(nas.facts.tools.iperf3?.path ? { iperf3Path: nas.facts.tools.iperf3.path } : {}),
        signal: kit.signal,
        onSample: (sample) => kit.progress.sample('total', sample.bytesPerSecond),
      });
      const found: DiskThroughNetworkResult = {
        kind: 'disk-through-network',
        label: result.label,
        direction: 'write',
        bitsPerSecond: result.bitsPerSecond,
        bytes: result.bytes,
        seconds: result.seconds,
        ...(result.spread ? { spread: result.spread } : {}),
        ...(result.note ? { note: result.note } : {}),
      };
      return [found];
    },
    headline(results, peak) {
      const found = resultsOfKind(results, 'disk-through-network')[0];
      if (!found) return undefined;
      const bytesPerSecond = found.bitsPerSecond / 8;
      return {
        bytes: found.bytes,
        seconds: found.seconds,
        bytesPerSecond,
        peakBytesPerSecond: Math.max(peak, bytesPerSecond),
      };
    },
  };
}
