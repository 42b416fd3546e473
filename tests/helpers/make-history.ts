/**
 * A long history made from one real recorded run (tests/fixtures/report/lab-quick-run.json, a lab
 * Quick check): `count` copies, one run file each, over three years, on two NASes — the first seen
 * at two addresses (same host key) — over Wi-Fi, Ethernet and a USB adapter, some tagged, each
 * figure varied a little (deterministically). Files are written straight into the runs folder, as
 * years of saves would leave them; the index is built by the first listing.
 *
 *   npx tsx tests/helpers/make-history.ts DATA_DIR [COUNT]
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseRunRecord, type RunRecord } from '../../shared/contract/runs';

const fixture = fileURLToPath(new URL('../fixtures/report/lab-quick-run.json', import.meta.url));
const day = 24 * 3600 * 1000;

/** The NASes of the generated history: the first one reached at two addresses over the years. */
export const historyNases = [
  { fingerprint: 'SHA256:hist0ry/first/nas/aaaaaaaaaaaaaaaaaaaaaaaaaaa', addresses: ['192.0.2.10', 'nas.local'] },
  { fingerprint: 'SHA256:hist0ry/second/nas/bbbbbbbbbbbbbbbbbbbbbbbbbb', addresses: ['192.0.2.20'] },
] as const;
const links = ['ethernet', 'wifi', 'usb-ethernet'] as const;
const tagsEvery = ['Wi-Fi', 'after DSM update', 'NVMe cache added', 'second cable'];

/** A small deterministic generator (mulberry32): the same history every time. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Scales every figure of a result by `factor` (rates only; bytes and seconds stay as measured). */
function scaled<T>(value: T, factor: number): T {
  if (Array.isArray(value)) return value.map((item) => scaled(item, factor)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        typeof item === 'number' && /(?:bytesPerSecond|bitsPerSecond|iops)$/i.test(key)
          ? item * factor
          : scaled(item, factor),
      ]),
    ) as T;
  }
  return value;
}

export function historyRun(base: RunRecord, index: number, count: number): RunRecord {
  const next = random(index + 1);
  const nas = historyNases[index % 5 === 4 ? 1 : 0];
  const address = nas.addresses[index % nas.addresses.length] ?? nas.addresses[0];
  const link = links[Math.floor(next() * links.length)] ?? 'ethernet';
  const startedAt = new Date(Date.UTC(2023, 10, 20) + Math.floor((index / count) * 3 * 365 * day));
  const factor = 0.95 + next() * 0.1;
  const client = base.environment.client;
  return {
    ...base,
    id: `00000000-0000-4000-8000-${index.toString(16).padStart(12, '0')}`,
    startedAt: startedAt.toISOString(),
    endedAt: new Date(startedAt.getTime() + base.seconds * 1000).toISOString(),
    tags: index % 97 === 0 ? [tagsEvery[(index / 97) % tagsEvery.length] ?? 'lab'] : [],
    results: scaled(base.results, factor),
    ...(base.summary ? { summary: scaled(base.summary, factor) } : {}),
    environment: {
      ...base.environment,
      target: address,
      nasIdentity: { fingerprint: nas.fingerprint, sshPort: 22 },
      ...(client ? { client: { ...client, route: { ...client.route, type: link } } } : {}),
    },
  };
}

/** Writes `count` run files into DATA_DIR/runs; returns their ids, oldest first. */
export function makeHistory(dataDir: string, count: number): string[] {
  const base = parseRunRecord(JSON.parse(readFileSync(fixture, 'utf8')));
  const runs = path.join(dataDir, 'runs');
  mkdirSync(runs, { recursive: true, mode: 0o700 });
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const run = historyRun(base, index, count);
    writeFileSync(path.join(runs, `${run.id}.json`), JSON.stringify(run));
    ids.push(run.id);
  }
  return ids;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const [dataDir, countText] = process.argv.slice(2);
  if (!dataDir) throw new Error('usage: make-history.ts DATA_DIR [COUNT]');
  const started = performance.now();
  const ids = makeHistory(dataDir, Number(countText ?? 10_000));
  console.log(`${ids.length} runs in ${path.join(dataDir, 'runs')} (${Math.round(performance.now() - started)} ms)`);
}
