import type { NasFacts } from '../../../../shared/contract/probe';
import { checkNasFolder } from '../../../../shared/contract/nas-folder';
import type { ProbeOutput } from './sections';

type WritableFolder = NonNullable<NasFacts['folders']>[number];

/**
 * QTS lists each volume's root beside its shares (/share/CACHEDEV1_DATA, /share/MD0_DATA): writable
 * for an admin, but not a shared folder the user would pick.
 */
const volumeRoot = /^\/share\/[A-Z0-9]+_DATA$/;

/** Firmware folders that look like shares (QNAP's system partitions, Unraid's RAM roots for other disks). */
const applianceFolders = /^\/mnt\/(HDA_ROOT|ext|boot_config|snapshot|disks|remotes|rootshare)(\/|$)/;

/**
 * The folders the probe found writable for this login: shared folders where the NAS keeps them,
 * volume roots, the home folder (testFolderChoices ranks them). Undefined for a probe from before
 * the list existed (a saved run), so such facts read as they did.
 */
export function readFolders(probe: ProbeOutput): WritableFolder[] | undefined {
  if (!probe.sections.some((section) => section.name === 'folders')) return undefined;
  const found: WritableFolder[] = [];
  // The paths seen so far, looked up rather than searched: a NAS listing thousands of shares stays linear.
  const seen = new Set<string>();
  for (const line of probe.lines('folders')) {
    const [key, ...rest] = line.split('=');
    const check = checkNasFolder(rest.join('='));
    if ((key !== 'share' && key !== 'home') || !check.ok || applianceFolders.test(check.folder)) continue;
    if (seen.has(check.folder)) continue;
    seen.add(check.folder);
    const kind = key === 'home' ? 'home' : volumeRoot.test(check.folder) ? 'volume' : 'share';
    found.push({ path: check.folder, kind });
  }
  return found;
}
