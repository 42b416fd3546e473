import type { NasVolume } from '../contract/probe';
import type { z } from 'zod';
import { withoutTrailingSlashes } from './trailing-slashes';

type Volume = z.infer<typeof NasVolume>;

/** The volume that holds a folder on the NAS: the longest mount point that contains it (null when none listed does). */
export function volumeHolding(volumes: readonly Volume[], folder: string): Volume | null {
  const path = withoutTrailingSlashes(folder) || '/';
  const holding = volumes
    .filter((candidate) => {
      const mount = withoutTrailingSlashes(candidate.mount) || '/';
      return mount === '/' || path === mount || path.startsWith(`${mount}/`);
    })
    .sort((a, b) => b.mount.length - a.mount.length);
  return holding[0] ?? null;
}
