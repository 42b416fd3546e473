import type { NasVolume } from '../contract/probe';
import type { z } from 'zod';

type Volume = z.infer<typeof NasVolume>;

/** The volume that holds a folder on the NAS: the longest mount point that contains it (null when none listed does). */
export function volumeHolding(volumes: readonly Volume[], folder: string): Volume | null {
  const path = folder.replace(/\/+$/, '') || '/';
  const holding = volumes
    .filter((candidate) => {
      const mount = candidate.mount.replace(/\/+$/, '') || '/';
      return mount === '/' || path === mount || path.startsWith(`${mount}/`);
    })
    .sort((a, b) => b.mount.length - a.mount.length);
  return holding[0] ?? null;
}
