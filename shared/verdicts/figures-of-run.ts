import type { NasFacts } from '../contract/probe';
import type { RunRecord } from '../contract/runs';
import { descriptorOf, resultsOfKind } from '../kinds';
import { portHolding, wifiBand } from '../words/describe-nas';
import { driveLayoutOf } from './drive-layout';
import { noFigures, type Figures, type NasViewFigure } from './figures';

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
    const bond = client.route.bond;
    if (bond)
      figures.clientLink.bond = {
        name: bond.name,
        legs: bond.slaves.length,
        hashPolicy: bond.hashPolicy,
        mode: bond.mode,
      };
  }
  figures.nasLink = nasLinkOf(nas, record.environment.target);
  figures.clientDrives = (client?.drives ?? []).flatMap((drive) => (drive.kind === 'virtual' ? [] : [drive.kind]));
  figures.ram = { nasBytes: nas?.memoryBytes ?? null, clientBytes: client?.memoryBytes ?? null };
  // Each kind adds what it measured (shared/kinds/<kind>/figures.ts).
  for (const result of record.results) descriptorOf(result).addFigures(figures, result, record);
  figures.nasViews = nasViewsOf(record);
  // The drives behind the folder the disks were tested in (the first disk test's folder).
  const diskFolder = resultsOfKind(record.results, 'disk')[0]?.folder ?? null;
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
    const named = descriptorOf(result).nasView?.(result, record) ?? { test: 'A test', kind: 'other' as const };
    const { rates = [], lines, resources, testSeconds } = result.nas;
    views.push({ ...named, rates, ...(lines ? { lines } : {}), resources, ...(testSeconds ? { testSeconds } : {}) });
  }
  return views;
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
