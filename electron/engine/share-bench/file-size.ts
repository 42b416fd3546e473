import { formatBytes } from '../../../shared/util/units';
import { shareBenchDefaults } from '../../../shared/kinds/share/profiles';

const MiB = 2 ** 20;

/**
 * The test file's size: as given; CrystalDiskMark's 1 GiB where the cache is bypassed (O_DIRECT,
 * FILE_FLAG_NO_BUFFERING); otherwise — macOS, whose F_NOCACHE still serves cached pages, and file
 * systems that refuse direct I/O — twice the larger RAM of the two computers, so neither cache can
 * hold it, when the folder has room for that. Without room it stays 1 GiB and says so: the figures'
 * cache labels then say which caches may have served them.
 */
export function shareTestFileSize(facts: {
  given: number | undefined;
  direct: boolean;
  /** The larger of this computer's RAM and the NAS's (when known). */
  ramBytes: number;
  /** Whether a file of this many bytes fits the folder with the margin every test keeps free. */
  fits: (bytes: number) => boolean;
}): { fileSize: number; note: string | null } {
  if (facts.given !== undefined) return { fileSize: facts.given, note: null };
  const standard = shareBenchDefaults.fileSizeBytes;
  if (facts.direct) return { fileSize: standard, note: null };
  const pastRam = Math.ceil((2 * facts.ramBytes) / MiB) * MiB;
  if (pastRam <= standard) return { fileSize: standard, note: null };
  if (facts.fits(pastRam))
    return {
      fileSize: pastRam,
      note: `This computer cannot bypass its file cache here, so the test file is ${formatBytes(pastRam)}, twice the RAM involved: no cache can hold it.`,
    };
  return {
    fileSize: standard,
    note: `This computer cannot bypass its file cache here, and the folder has no room for a file past the RAM involved (${formatBytes(pastRam)}): the figures may come from a cache, as each one says.`,
  };
}
