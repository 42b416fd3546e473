import type { NasFacts } from '../../../../shared/contract/probe';
import { withoutTrailingSlashes } from '../../../../shared/util/trailing-slashes';
import { volumeHolding } from '../../../../shared/util/volumes';

/**
 * Free bytes of the volume that holds a folder on the NAS, from the probe (the longest mount point
 * that contains it). Null when the probe did not list it: the disk step then checks on the NAS itself.
 */
export function freeBytesOfFolder(nas: NasFacts, folder: string): number | null {
  return volumeHolding(nas.volumes, folder)?.freeBytes ?? null;
}

/** Where a step writes, as the preview shows it: the scratch folder's name has the run's id in it. */
export function scratchIn(folder: string): string {
  return `${withoutTrailingSlashes(folder)}/.nasbench-<run id>`;
}
