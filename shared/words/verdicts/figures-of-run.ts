import type { HeatmapPanel } from '../../contract/disk';
import type { Spread } from '../../contract/figure-quality';
import type { NasFacts } from '../../contract/probe';
import type { RunRecord, TestResult } from '../../contract/runs';
import { copyCache, throughNetworkCache } from '../cache';
import { portHolding, wifiBand } from '../describe-nas';
import { driveLayoutOf } from '../drive-layout';
import { copyOverOtherLink, describeCopyPlace } from '../share-path';
import {
  noFigures,
  type Figures,
  type NasViewFigure,
  type NetworkFigures,
  type ShareApart,
  type ShareFigure,
} from './figures';

type Result<K extends TestResult['kind']> = Extract<TestResult, { kind: K }>;

/** The figures of a saved run: what its tests measured, and the links and RAM its probe found. */
export function figuresOfRun(record: RunRecord): Figures {
  const figures = noFigures();
  const { nas, client } = record.environment;
  if (client) {
    const { wifi, type } = client.route;
    // On Wi-Fi the PHY rate the radio runs at is the link's rate; an interface's speed is often missing there.
    const speed = (type === 'wifi' ? wifi?.txRateMbps : null) ?? client.route.speedMbps;
    figures.clientLink = { type, bitsPerSecond: speed ? speed * 1e6 : null };
    if (type === 'wifi' && wifi) figures.clientLink.wifi = { band: wifiBand(wifi), signalDbm: wifi.signalDbm };
  }
  figures.nasLink = nasLinkOf(nas, record.environment.target);
  figures.clientDrives = (client?.drives ?? []).flatMap((drive) => (drive.kind === 'virtual' ? [] : [drive.kind]));
  figures.ram = { nasBytes: nas?.memoryBytes ?? null, clientBytes: client?.memoryBytes ?? null };
  for (const result of record.results) {
    if (result.kind === 'network') addNetwork(figures.network, result);
    else if (result.kind === 'throughput' && result.test === 'network') addThroughput(figures.network, result, record);
    else if (result.kind === 'disk') addDisk(figures, result);
    else if (result.kind === 'disk-through-network') addDiskThroughNetwork(figures, result);
    else if (result.kind === 'copy') addCopy(figures, result, record);
    else if (result.kind === 'load' && result.stepUp)
      figures.loadSteps = result.stepUp.map((step) => ({ op: result.rw, ...step }));
  }
  figures.nasViews = nasViewsOf(record);
  // The drives behind the folder the disks were tested in (the first disk test's folder).
  const diskFolder = record.results.find((result) => result.kind === 'disk')?.folder ?? null;
  if (nas?.disks && diskFolder) figures.nasDrives = driveLayoutOf(nas.disks, diskFolder, nas.pools);
  return figures;
}

/**
 * What the NAS itself did during each test that had its login: one view per step (a step's results
 * share one view — the Quick check's network step both of its directions), named as the user saw it.
 */
function nasViewsOf(record: RunRecord): NasViewFigure[] {
  const seen = new Set<unknown>();
  const views: NasViewFigure[] = [];
  for (const result of record.results) {
    if (!('nas' in result) || !result.nas || seen.has(result.nas.resources)) continue;
    seen.add(result.nas.resources);
    const named = nasViewName(result);
    const { rates = [], lines, resources, testSeconds } = result.nas;
    views.push({ ...named, rates, ...(lines ? { lines } : {}), resources, ...(testSeconds ? { testSeconds } : {}) });
  }
  return views;
}

const directionNames = {
  upload: 'Upload (this computer to the NAS)',
  download: 'Download (NAS to this computer)',
  bidir: 'Upload and download at once',
} as const;

function nasViewName(result: RunRecord['results'][number]): Pick<NasViewFigure, 'test' | 'kind'> {
  switch (result.kind) {
    case 'network':
      return { test: directionNames[result.direction], kind: 'network' };
    case 'disk':
      return {
        test: result.sweep ? 'Disk sweep' : `NAS disks (${result.tests.map((test) => test.name).join(', ')})`,
        kind: 'disk',
      };
    case 'copy':
      return { test: 'Share copy', kind: 'copy' };
    case 'load':
      return { test: `Load from several computers (${result.rw})`, kind: 'load' };
    default:
      return { test: 'label' in result ? result.label : 'A test', kind: 'other' };
  }
}

/** The port the run reached the NAS through (its address), else the fastest port that is up. */
function nasLinkOf(nas: NasFacts | null, target: string): Figures['nasLink'] {
  if (!nas) return null;
  const withAddress = nas.interfaces.filter((port) => port.addresses.length > 0 && port.state !== 'down');
  const port =
    portHolding(withAddress, target) ?? [...withAddress].sort((a, b) => (b.speedMbps ?? 0) - (a.speedMbps ?? 0))[0];
  if (!port) return null;
  const bond = nas.bonds.find((candidate) => candidate.name === port.name);
  const legSpeeds = bond
    ? bond.slaves.map((slave) => nas.interfaces.find((candidate) => candidate.name === slave)?.speedMbps ?? null)
    : [];
  const legMbps = legSpeeds.every((speed) => speed !== null) ? Math.max(0, ...(legSpeeds as number[])) : null;
  // A virtual port's speed (a veth says 10 Gb/s) is a placeholder, never a ceiling.
  const mbps = port.virtual ? null : (port.speedMbps ?? (bond && legMbps ? legMbps * bond.slaves.length : null));
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
  test: { direction: string; bitsPerSecond: number; streams: number; legCount: number; spread?: Spread | undefined },
  legs: { label: string; bitsPerSecond: number }[],
): void {
  const { direction, bitsPerSecond, streams, legCount, spread } = test;
  // The best figure of each kind is the one verdicts speak of, so its spread goes with it.
  const keep = (which: 'upload' | 'download' | 'multiLink') => {
    const { [which]: _replaced, ...others } = network.spreads ?? {};
    network.spreads = spread ? { ...others, [which]: spread } : others;
  };
  if (legCount > 1) {
    if (bitsPerSecond > (network.multiLink?.bitsPerSecond ?? 0)) {
      network.multiLink = { bitsPerSecond, streams, legs };
      keep('multiLink');
    }
    return;
  }
  if (streams === 1) network.singleStream = Math.max(network.singleStream ?? 0, bitsPerSecond);
  if (direction === 'upload' && bitsPerSecond > (network.upload ?? -1)) {
    network.upload = bitsPerSecond;
    keep('upload');
  }
  if (direction === 'download' && bitsPerSecond > (network.download ?? -1)) {
    network.download = bitsPerSecond;
    keep('download');
  }
}

function addNetwork(network: NetworkFigures, result: Result<'network'>): void {
  const legs = result.legs.map((leg) => ({
    label: `${leg.bindAddress ?? 'this computer'} → ${leg.target}`,
    bitsPerSecond: leg.bitsPerSecond,
  }));
  const legCount = Math.max(1, legs.length);
  // A UDP test sends at the rate the user chose: what arrived says how much of that got through,
  // not what the link can carry, so it never stands in for a throughput figure.
  if (!result.udp) {
    addRate(
      network,
      {
        direction: result.direction,
        bitsPerSecond: result.summary.bitsPerSecond,
        streams: result.streamsPerLeg * legCount,
        legCount,
        spread: result.summary.spread,
      },
      legs,
    );
  }
  if (result.udp) {
    const { targetBitsPerSecond, bitsPerSecond, lossPercent, jitterMs } = result.udp;
    const streams = result.streamsPerLeg * legCount;
    network.udp = [
      ...(network.udp ?? []),
      { direction: result.direction, targetBitsPerSecond, streams, bitsPerSecond, lossPercent, jitterMs },
    ];
  }
  // Timed over the login connection: about this load only when the load went to that address too.
  if (result.latency && result.legs.some((leg) => leg.target === result.latency?.via)) {
    const { idle, loaded } = result.latency;
    network.delays = [
      ...(network.delays ?? []),
      { direction: result.direction, idleMs: idle.p50Ms, loadedMs: loaded.p50Ms, loadedP99Ms: loaded.p99Ms },
    ];
  }
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
  for (const panel of result.sweep?.panels ?? []) addSweepPanel(figures, panel);
  for (const test of result.tests) {
    // Sequential tests only: 4K random figures are never expected to fill a link.
    if (test.rw !== 'read' && test.rw !== 'write') continue;
    figures.disks.push({
      test: test.name,
      op: test.rw,
      bytesPerSecond: test.bytesPerSecond,
      throughNetwork: false,
      ...(test.spread ? { spread: test.spread } : {}),
      ...(test.cache ? { nasCache: test.cache.nas } : {}),
    });
  }
}

/** Keeps the fastest measured cell per direction across a sweep's panels. */
function addSweepPanel(figures: Figures, panel: HeatmapPanel): void {
  panel.values.forEach((row, rowIndex) =>
    row.forEach((bytesPerSecond, column) => {
      if (bytesPerSecond === null) return;
      const best = figures.sweepBest?.find((cell) => cell.op === panel.rw);
      if (best && best.bytesPerSecond >= bytesPerSecond) return;
      const cell = {
        op: panel.rw,
        blockSize: panel.y[rowIndex] ?? 0,
        fileSize: panel.x[column] ?? 0,
        jobs: panel.jobs,
        bytesPerSecond,
      };
      figures.sweepBest = [...(figures.sweepBest ?? []).filter((other) => other.op !== panel.rw), cell];
    }),
  );
}

function addDiskThroughNetwork(figures: Figures, result: Result<'disk-through-network'>): void {
  // A file small enough for the NAS's RAM was read from its cache: not a disk figure.
  if (throughNetworkCache(result)?.uncached === false) return;
  figures.disks.push({
    test: result.label,
    op: result.direction,
    bytesPerSecond: result.bitsPerSecond / 8,
    throughNetwork: true,
    ...(result.spread ? { spread: result.spread } : {}),
  });
}

function addCopy(figures: Figures, result: Result<'copy'>, record: RunRecord): void {
  const place = describeCopyPlace(result);
  const route = record.environment.client?.route;
  const otherLink = copyOverOtherLink(result.path, route);
  for (const test of result.tests) {
    if (
      test.test === 'small-files' &&
      test.filesPerSecond &&
      (place.kind === 'network-share' || place.kind === 'unknown') &&
      !otherLink
    ) {
      figures.smallFiles.push({ op: test.op, fileSize: test.fileSize, filesPerSecond: test.filesPerSecond });
    }
    if (test.test !== 'sequential') continue;
    const figure: ShareFigure = {
      label: `${place.protocol ?? (place.kind === 'network-share' || place.kind === 'unknown' ? 'share' : 'folder')} ${test.op}`,
      op: test.op,
      bytesPerSecond: test.bytesPerSecond,
      protocol: place.protocol,
      ...(result.path?.session ? { session: result.path.session } : {}),
      ...(test.spread ? { spread: test.spread } : {}),
    };
    // A folder on this computer is about this computer, whatever its cache did.
    if (place.kind === 'local-disk' || place.kind === 'memory') {
      figures.shareApart.push({ ...figure, place: { kind: place.kind } });
      continue;
    }
    // This computer's own memory answered: no figure of the share or the network.
    if (copyCache(test).thisComputersMemory) continue;
    if (otherLink) {
      figures.shareApart.push({ ...figure, place: { kind: 'other-link', link: otherLink } } satisfies ShareApart);
      continue;
    }
    const overRunLink = !!result.path?.interface && result.path.interface === route?.interface;
    figures.share.push({ ...figure, ...(overRunLink ? { overRunLink } : {}) });
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
