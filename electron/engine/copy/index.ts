/**
 * The share copy engine: what a user really gets when copying files to and from a mounted
 * share, and where the cache wall is. Pure Node; every file it writes lives in
 * `<folder>/.nasbench-<runId>/` and is removed afterwards.
 */
export {
  runShareCopy,
  copyDefaults,
  withSessionTerms,
  type ShareCopyOptions,
  type ShareCopyResult,
} from './share-copy';
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
export {
  chooseIoMethod,
  fileSystemOf,
  openTestFile,
  thisPlatformIo,
  type IoMethod,
  type PlatformIo,
} from './cache-bypass';
export {
  cacheStateOf,
  mayIncludeCache,
  honoursDirectIo,
  nasCacheWords,
  type CacheFacts,
  type CopyContext,
} from './cache-state';
export { figureOfProgress, hasSettled, samplesOf, settleRule, type Checkpoint } from './progress-figure';
export { settleDefaults, quickSettle, planSettledWrite, type SettleLimits } from './settle-size';
export {
  findSharePath,
  findFolderShare,
  kindOfFileSystem,
  mountOfFolder,
  thisComputerPaths,
  type SharePathSources,
} from './share-path';
export { parseLinuxRouteGet, parseMacRouteGet, routeToServer, type RouteSources } from './route-lookup';
export {
  withScratchFolder,
  ensureFreeSpace,
  checkTargetFolder,
  fitsWithMargin,
  freeSpaceOf,
  scratchFolderPrefix,
} from './scratch-folder';
export type { CopySample } from './throughput-meter';
export {
  parseLinuxMounts,
  parseLinuxMountPoints,
  type MountPoint,
  type MountedShare,
  type ShareProtocol,
} from './mount-table';
export { parseMacMounts, parseMacMountPoints } from './mount-table-mac';
export { parseWindowsNetUse, parseUncPath, parseSmbConnections } from './mount-table-windows';
export { parseGvfsFolderName, shareBelowFuseMount, sharesInsideFuseMounts, type ReadDir } from './fuse-shares';
export {
  listMountedShares,
  sharesOfNas,
  offerShares,
  shareIsOnNas,
  shareOfFolder,
  type NasIdentity,
  type MountTableSource,
} from './mounted-shares';
export { copyHandlers } from './handlers';
export { errnoCode, shareIoFailure, throwIfCancelled } from './io-errors';
export * from './session-terms';
