import type { ZfsPool } from '../../../../shared/contract/probe';
import type { z } from 'zod';
import { nonEmpty, type ProbeOutput } from './sections';

type Pool = z.infer<typeof ZfsPool>;

/**
 * `zpool list -Hp -o name,size,allocated,free,health`: one tab-separated line per pool, sizes in
 * bytes. Absent where ZFS is (Synology, QTS without hero, most Linux boxes).
 */
export function readZfsPools(probe: ProbeOutput): Pool[] {
  const pools: Pool[] = [];
  for (const line of probe.lines('zpool')) {
    const [name, size, allocated, free, health] = line.split('\t');
    const sizeBytes = byteCount(size);
    const allocatedBytes = byteCount(allocated);
    const freeBytes = byteCount(free);
    if (!name || sizeBytes === null || allocatedBytes === null || freeBytes === null) continue;
    pools.push({ name, sizeBytes, allocatedBytes, freeBytes, health: nonEmpty(health) });
  }
  return pools;
}

/** Pools reach petabytes, past the digit count wholeNumber allows; stay within exact doubles. */
function byteCount(text: string | undefined): number | null {
  if (text === undefined || !/^\d{1,16}$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return Number.isSafeInteger(value) ? value : null;
}
