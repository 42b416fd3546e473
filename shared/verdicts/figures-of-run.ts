import type { NasFacts } from '../probe';
import type { RunRecord, TestResult } from '../runs';
import { noFigures, type Figures, type NetworkFigures } from './figures';

type Result<K extends TestResult['kind']> = Extract<TestResult, { kind: K }>;

/** The figures of a saved run: what its tests measured, and the links and RAM its probe found. */
export function figuresOfRun(record: RunRecord): Figures {
  const figures = noFigures();
  const { nas, client } = record.environment;
  if (client) {
    const speed = client.route.speedMbps;
    figures.clientLink = { type: client.route.type, bitsPerSecond: speed ? speed * 1e6 : null };
  }
  figures.nasLink = nasLinkOf(nas, record.environment.target);
  figures.ram = { nasBytes: nas?.memoryBytes ?? null, clientBytes: client?.memoryBytes ?? null };
  for (const result of record.results) {
    if (result.kind === 'network') addNetwork(figures.network, result);
    else if (result.kind === 'throughput' && result.test === 'network') addThroughput(figures.network, result, record);
    else if (result.kind === 'disk') addDisk(figures, result);
    else if (result.kind === 'disk-through-network') addDiskThroughNetwork(figures, result);
    else if (result.kind === 'copy') addCopy(figures, result);
  }
  return figures;
}

/** The port the run reached the NAS through (its address), else the fastest port that is up. */
function nasLinkOf(nas: NasFacts | null, target: string): Figures['nasLink'] {
  if (!nas) return null;
  const withAddress = nas.interfaces.filter((port) => port.addresses.length > 0 && port.state !== 'down');
  const port =
    withAddress.find((candidate) => candidate.addresses.some((address) => address.split('/')[0] === target)) ??
    [...withAddress].sort((a, b) => (b.speedMbps ?? 0) - (a.speedMbps ?? 0))[0];
  if (!port) return null;
  const bond = nas.bonds.find((candidate) => candidate.name === port.name);
  const legSpeeds = bond
    ? bond.slaves.map((slave) => nas.interfaces.find((candidate) => candidate.name === slave)?.speedMbps ?? null)
    : [];
  const legMbps = legSpeeds.every((speed) => speed !== null) ? Math.max(0, ...(legSpeeds as number[])) : null;
  const mbps = port.speedMbps ?? (bond && legMbps ? legMbps * bond.slaves.length : null);
  return {
    bitsPerSecond: mbps ? mbps * 1e6 : null,
    mtu: port.mtu,
    bond: bond
      ? {
          name: bond.name,
          legs: bond.slaves.length,
          legBitsPerSecond: legMbps ? legMbps * 1e6 : null,
          hashPolicy: bond.hashPolicy,
        }
      : null,
  };
}

/** Several legs at once is the bonded-link test; one leg is a plain upload or download. */
function addRate(
  network: NetworkFigures,
  test: { direction: string; bitsPerSecond: number; streams: number; legCount: number },
  legs: { label: string; bitsPerSecond: number }[],
): void {
  const { direction, bitsPerSecond, streams, legCount } = test;
  if (legCount > 1) {
    if (bitsPerSecond > (network.multiLink?.bitsPerSecond ?? 0)) network.multiLink = { bitsPerSecond, streams, legs };
    return;
  }
  if (streams === 1) network.singleStream = Math.max(network.singleStream ?? 0, bitsPerSecond);
  if (direction === 'upload') network.upload = Math.max(network.upload ?? 0, bitsPerSecond);
  if (direction === 'download') network.download = Math.max(network.download ?? 0, bitsPerSecond);
}

function addNetwork(network: NetworkFigures, result: Result<'network'>): void {
  const legs = result.legs.map((leg) => ({
    label: `${leg.bindAddress ?? 'this computer'} → ${leg.target}`,
    bitsPerSecond: leg.bitsPerSecond,
  }));
  const legCount = Math.max(1, legs.length);
  addRate(
    network,
    {
      direction: result.direction,
      bitsPerSecond: result.summary.bitsPerSecond,
      streams: result.streamsPerLeg * legCount,
      legCount,
    },
    legs,
  );
}

/** A network run that kept only its headline: its parameters say which way and how many streams and legs. */
function addThroughput(network: NetworkFigures, result: Result<'throughput'>, record: RunRecord): void {
  const { direction, streams, legs } = record.environment.parameters;
  const legCount = Array.isArray(legs) ? Math.max(1, legs.length) : 1;
  const perLeg = typeof streams === 'number' ? streams : 1;
  const way = typeof direction === 'string' ? direction : 'upload';
  addRate(
    network,
    { direction: way, bitsPerSecond: result.summary.bytesPerSecond * 8, streams: perLeg * legCount, legCount },
    [],
  );
}

function addDisk(figures: Figures, result: Result<'disk'>): void {
  for (const test of result.tests) {
    // Sequential tests only: 4K random figures are never expected to fill a link.
    if (test.rw !== 'read' && test.rw !== 'write') continue;
    figures.disks.push({ test: test.name, op: test.rw, bytesPerSecond: test.bytesPerSecond, throughNetwork: false });
  }
}

function addDiskThroughNetwork(figures: Figures, result: Result<'disk-through-network'>): void {
  // A file small enough for the NAS's RAM was read from its cache: not a disk figure.
  if (result.likelyCached) return;
  figures.disks.push({
    test: result.label,
    op: result.direction,
    bytesPerSecond: result.bitsPerSecond / 8,
    throughNetwork: true,
  });
}

function addCopy(figures: Figures, result: Result<'copy'>): void {
  const protocol = result.share?.protocol.toUpperCase() ?? 'share';
  for (const test of result.tests) {
    if (test.test === 'sequential' && !test.cached) {
      figures.share.push({ label: `${protocol} ${test.op}`, op: test.op, bytesPerSecond: test.bytesPerSecond });
    }
  }
  for (const point of result.sweep?.points ?? []) {
    figures.cacheSweep.push({ op: 'write', fileSize: point.fileSize, bytesPerSecond: point.writeBytesPerSecond });
    figures.cacheSweep.push({ op: 'read', fileSize: point.fileSize, bytesPerSecond: point.readBytesPerSecond });
  }
  if (result.sweep) {
    figures.ram.clientBytes ??= result.sweep.clientRamBytes;
    figures.ram.nasBytes ??= result.sweep.nasRamBytes;
  }
}
