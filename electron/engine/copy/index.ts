/**
 * The share copy engine: what a user really gets when copying files to and from a mounted
 * share, and where the cache wall is (issue 6). Pure Node; every file it writes lives in
 * `<folder>/.nasbench-<runId>/` and is removed afterwards.
 */
export { runShareCopy, copyDefaults, type ShareCopyOptions, type ShareCopyResult } from './share-copy';
export { measureShareWrite, measureShareRead, type CopyTestResult, type SequentialTestOptions } from './sequential';
export { measureSmallFiles, type SmallFilesOptions } from './small-files';
export {
  runCacheWallSweep,
  planSweepSizes,
  findCacheWall,
  cacheWallRule,
  type CacheWallSweep,
  type SweepPoint,
} from './cache-wall';
export { chooseIoMethod, thisPlatformIo, type IoMethod, type PlatformIo } from './cache-bypass';
export { withScratchFolder, ensureFreeSpace, scratchFolderPrefix } from './scratch-folder';
export type { CopySample } from './throughput-meter';
export { parseByteSize } from './sizes';
export {
  parseLinuxMounts,
  parseMacMounts,
  parseWindowsNetUse,
  parseUncPath,
  type MountedShare,
  type ShareProtocol,
} from './mount-table';
export {
  listMountedShares,
  sharesOfNas,
  offerShares,
  shareIsOnNas,
  shareOfFolder,
  type NasIdentity,
  type MountTableSource,
} from './mounted-shares';
export { shareCopyRunPlan } from './run-plan';
