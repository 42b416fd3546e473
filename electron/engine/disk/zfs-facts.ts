/**
 * What a NAS user may read about the ZFS dataset a test folder is on, and about its cache (the ARC).
 *
 * OpenZFS facts this relies on (zfsprops(7) in openzfs/zfs, the `direct` property, added by commit
 * a10e552b "Adding Direct IO Support", first released in zfs-2.3.0):
 * - `direct=standard` (the default from 2.3) bypasses the ARC "when possible"; `always` treats every
 *   aligned request as direct; `disabled` silently ignores O_DIRECT and sends every request through
 *   the ARC — "the default behavior for OpenZFS 2.2 and prior releases" (which accept O_DIRECT and
 *   ignore it).
 * - A direct *write* bypasses the ARC only where its offset and size are recordsize-aligned: "the
 *   unaligned portion of the request will be silently redirected through the ARC". Direct reads have
 *   no recordsize restriction.
 * - `primarycache=metadata|none` keeps file data out of the ARC altogether.
 */
export interface ZfsDatasetFacts {
  /** The dataset the folder is on (the mount's source), e.g. "tank/media". */
  dataset: string;
  /** all | metadata | none; null when `zfs get` could not be read. */
  primarycache: string | null;
  /** off | on | lz4 | zstd…; null when unknown. */
  compression: string | null;
  recordsizeBytes: number | null;
  /** standard | always | disabled. */
  sync: string | null;
  /** standard | always | disabled; null before OpenZFS 2.3 (no such property) or when unknown. */
  direct: string | null;
}

export interface ArcFacts {
  /** The most the ARC may grow to (`c_max`), bytes. */
  maxBytes: number;
  /** What it holds now (`size`), bytes. */
  sizeBytes: number | null;
  /** The L2ARC (a cache device), bytes; 0 without one. */
  l2Bytes: number;
}

const wanted = new Set(['primarycache', 'compression', 'recordsize', 'sync', 'direct']);

/**
 * `zfs get -H -p primarycache,compression,recordsize,sync,direct DATASET`: tab-separated lines of
 * name, property, value, source. Also reads the three-column form (`-o property,value,source`) and
 * the aligned form people paste (`zfs get all`), whose sizes are "128K" rather than bytes.
 */
export function parseZfsProperties(dataset: string, text: string): ZfsDatasetFacts {
  const values = new Map<string, string>();
  for (const line of text.split('\n')) {
    const fields = line.includes('\t') ? line.split('\t') : line.trim().split(/\s+/);
    // With a name column the property is second; without one, first.
    const at = wanted.has(fields[1] ?? '') ? 1 : wanted.has(fields[0] ?? '') ? 0 : -1;
    const property = fields[at];
    const value = fields[at + 1]?.trim();
    if (at < 0 || !property || !value || value === '-') continue;
    values.set(property, value);
  }
  return {
    dataset,
    primarycache: values.get('primarycache') ?? null,
    compression: values.get('compression') ?? null,
    recordsizeBytes: zfsSize(values.get('recordsize')),
    sync: values.get('sync') ?? null,
    direct: values.get('direct') ?? null,
  };
}

/** "131072" (-p) or "128K" (as people read it), in bytes; null for anything else. */
export function zfsSize(text: string | undefined): number | null {
  const match = /^(\d+(?:\.\d+)?)([KMGT]?)$/i.exec(text?.trim() ?? '');
  if (!match?.[1]) return null;
  const power = ['', 'K', 'M', 'G', 'T'].indexOf((match[2] ?? '').toUpperCase());
  const bytes = Math.round(Number(match[1]) * 1024 ** power);
  return Number.isSafeInteger(bytes) && bytes > 0 ? bytes : null;
}

/** /proc/spl/kstat/zfs/arcstats ("name type data" rows): the ARC's ceiling, its size and the L2ARC's. */
export function parseArcStats(text: string): ArcFacts | null {
  const rows = new Map<string, number>();
  for (const line of text.split('\n')) {
    const [name, type, data] = line.trim().split(/\s+/);
    if (!name || type !== '4' || !/^\d{1,20}$/.test(data ?? '')) continue;
    rows.set(name, Number(data));
  }
  const maxBytes = rows.get('c_max');
  if (maxBytes === undefined || !(maxBytes > 0)) return null;
  return { maxBytes, sizeBytes: rows.get('size') ?? null, l2Bytes: rows.get('l2_size') ?? 0 };
}

/**
 * The running OpenZFS version: /sys/module/zfs/version ("2.1.11-1+deb12u1"), or `zfs version`
 * ("zfs-2.1.11-1" then "zfs-kmod-2.1.11-1"), where the kernel module's line is the one that counts.
 */
export function zfsVersionOf(text: string): string | null {
  const lines = text.split('\n').map((line) => line.trim());
  const kmod = lines.find((line) => line.startsWith('zfs-kmod-'));
  const candidates = kmod ? [kmod.slice('zfs-kmod-'.length)] : lines.map((line) => line.replace(/^zfs-/, ''));
  for (const candidate of candidates) {
    const version = /^v?(\d+\.\d+(?:\.\d+)?)/.exec(candidate)?.[1];
    if (version) return version;
  }
  return null;
}

/** OpenZFS 2.3 or later: the first release that honours O_DIRECT. */
export function zfsHonoursDirect(version: string | null): boolean {
  const [major = 0, minor = 0] = (version ?? '0.0').split('.').map(Number);
  return major > 2 || (major === 2 && minor >= 3);
}
