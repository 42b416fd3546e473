import type { NetworkResult, RunRecord } from '../../contract/runs';
import type { RateUnit } from '../../util/units';
import { emptyRow, linkSubject, steadiness, type TestRow } from '../../report/parts';
import { describeDelay } from './delay';
import { describeUdp } from './udp';

export const networkTitle = 'Network';

/** A network test's row: its summed rate, and in words which way the data went and to which addresses. */
export function networkRows(result: NetworkResult, record: RunRecord, unit: RateUnit): TestRow[] {
  const legs = Math.max(1, result.legs.length);
  const streams = result.streamsPerLeg * legs;
  // Which way the data went, in words: this computer connects to the NAS in every direction, so an
  // arrow from it would read as an upload even for a download.
  const flow = {
    upload: 'data from this computer to the NAS',
    download: 'data from the NAS to this computer (iperf3 -R)',
    bidir: 'data both ways at once (iperf3 --bidir)',
  }[result.direction];
  const to = result.legs.map((leg) => `${leg.bindAddress ?? 'this computer'} connects to ${leg.target}:${leg.port}`);
  return [
    {
      ...emptyRow,
      group: networkTitle,
      test: `${result.udp ? 'UDP ' : ''}${result.direction}, ${streams} ${streams === 1 ? 'stream' : 'streams'}${legs > 1 ? ` over ${legs} links` : ''}`,
      op: result.direction,
      bytesPerSecond: result.summary.bitsPerSecond / 8,
      streams,
      bytes: result.summary.bytes,
      seconds: result.summary.seconds,
      how: `${result.method === 'iperf3' ? 'iperf3 protocol' : 'SSH stream'}, ${flow}: ${to.join(', ')}`,
      udp: result.udp ?? null,
      ...steadiness(result.summary.spread, legs > 1 ? null : linkSubject(record)),
      note: [
        result.note,
        result.latency && `${describeDelay(result.latency)}.`,
        result.udp && `${describeUdp(result.udp, unit)}.`,
      ]
        .filter(Boolean)
        .join(' '),
    },
  ];
}
