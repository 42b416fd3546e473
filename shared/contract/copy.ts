import { z } from 'zod';
import { NasView } from './nas-resources';
import { CacheState, SharePath, ShareProtocol, Spread } from './figure-quality';

/**
 * The share copy test in the contract: what the GUI asks for and what a run reports. The figures
 * mirror the engine's ShareCopyResult (electron/engine/copy), so Results and the CLI read the same.
 */

const MiB = 2 ** 20;
const wholeBytes = (min: number, max: number) => z.number().int().min(min).max(max);

/** A folder on this computer as an absolute path: `/mnt/nas`, `Z:\photos`, or a UNC path. */
export const LocalFolder = z
  .string()
  .min(1)
  .max(4096)
  .refine((folder) => folder.startsWith('/') || /^[A-Za-z]:[\\/]/.test(folder) || folder.startsWith('\\\\'), {
    message: 'an absolute folder path',
  });

export const ShareCopyRunInput = z.strictObject({
  /** The local folder to test in, normally where a share is mounted; files go in `.nasbench-<runId>/` only. */
  folder: LocalFolder,
  fileSizeBytes: wholeBytes(1, 2 ** 50).optional(),
  blockSizeBytes: wholeBytes(512, 256 * MiB).optional(),
  /** The cache-wall sweep: file sizes doubling until no RAM cache can hold them. */
  sweep: z.boolean().optional(),
  smallFiles: z.strictObject({ count: wholeBytes(1, 1_000_000), fileSizeBytes: wholeBytes(1, 64 * MiB) }).optional(),
  sweepBudgetSeconds: z
    .number()
    .int()
    .min(10)
    .max(24 * 3600)
    .optional(),
  /** The NAS's RAM when the probe knows it, so the sweep goes past it too. */
  nasRamBytes: wholeBytes(1, 2 ** 50).optional(),
  /** Check that the file read back is byte for byte what was written (sha256 of both). */
  verify: z.boolean().optional(),
  /**
   * The connected NAS whose share this is, when one is: the run is that NAS's one run, its RAM counts,
   * and it tells the terms of the share's session this computer's OS cannot (its Samba's account and config).
   */
  sessionId: z.string().min(1).max(128).optional(),
});
export type ShareCopyRunInput = z.input<typeof ShareCopyRunInput>;

/** A network share mounted on this computer, as its OS's mount table (or smbnetfs's, gvfs's folders) names it. */
export const MountedShare = z.object({
  /** Where it is mounted: a folder (Linux, macOS), a drive letter `Z:` or the UNC path itself (Windows). */
  localPath: z.string(),
  /** The server as mounted: a host name, a Bonjour name or an address (without a port). */
  server: z.string(),
  /** The share name or exported path on the server. */
  share: z.string(),
  /** The file system type as the OS names it: cifs, smb3, nfs4, fuse.sshfs, smbfs, … */
  fsType: z.string(),
  protocol: ShareProtocol,
  /** The server's address when the mount options give it (`addr=` for cifs and nfs). */
  address: z.string().optional(),
  /** The server's port when the mount names one other than the protocol's own (smbnetfs's `server:port`). */
  port: z.number().int().min(1).max(65_535).optional(),
  user: z.string().optional(),
});
export type MountedShare = z.infer<typeof MountedShare>;

/** "nas/photos", "192.168.1.20:/volume1/media": a share as people write it (NFS and sshfs paths start with /). */
export function shareName(share: Pick<MountedShare, 'server' | 'share'>): string {
  if (share.share === '') return share.server;
  return share.share.startsWith('/') ? `${share.server}:${share.share}` : `${share.server}/${share.share}`;
}

/** What identifies a NAS: the addresses and names discovery, the connection or the probe found. */
export const NasIdentity = z.strictObject({
  addresses: z.array(z.string().max(255)).max(64),
  names: z.array(z.string().max(255)).max(16),
});
export type NasIdentity = z.infer<typeof NasIdentity>;

/** A mounted share, and whether it lives on the NAS the app asked about (so the GUI can offer it first). */
export const ShareOnOffer = MountedShare.extend({ onNas: z.boolean() });
export type ShareOnOffer = z.infer<typeof ShareOnOffer>;

export const CopyTestResult = z.object({
  test: z.enum(['sequential', 'sweep', 'small-files']),
  op: z.enum(['write', 'read']),
  fileSize: z.number(),
  blockSize: z.number(),
  /** The figure may include a RAM cache. */
  cached: z.boolean(),
  /** The client's file cache was bypassed. */
  direct: z.boolean(),
  bytesPerSecond: z.number(),
  seconds: z.number(),
  /** What the figure means: how the cache was (or was not) bypassed. */
  method: z.string(),
  /** How steady the figure was; absent in runs saved before it was measured. */
  spread: Spread.optional(),
  /** Which caches could have served the figure; absent in older runs. */
  cache: CacheState.optional(),
  sha256: z.string().optional(),
  files: z.number().optional(),
  filesPerSecond: z.number().optional(),
});
export type CopyTestResult = z.infer<typeof CopyTestResult>;

const CacheWall = z.object({ fileSize: z.number(), bytesPerSecond: z.number(), cachedBytesPerSecond: z.number() });

export const CacheWallSweep = z.object({
  points: z.array(z.object({ fileSize: z.number(), writeBytesPerSecond: z.number(), readBytesPerSecond: z.number() })),
  readWall: CacheWall.nullable(),
  writeWall: CacheWall.nullable(),
  rule: z.string(),
  clientRamBytes: z.number(),
  nasRamBytes: z.number().nullable(),
  targetBytes: z.number(),
  stoppedBy: z.enum(['past-ram', 'free-space', 'time-budget']),
  note: z.string(),
});
export type CacheWallSweep = z.infer<typeof CacheWallSweep>;

export const CopyRunDetails = z.object({
  kind: z.literal('copy'),
  /** What the NAS itself did during the test (its CPU, memory and drives), when the run had its login. */
  nas: NasView.optional(),
  dir: z.string(),
  fileSystem: z.string().nullable(),
  share: MountedShare.nullable(),
  /** What the folder really is and which link its traffic takes; absent in older runs. */
  path: SharePath.optional(),
  tests: z.array(CopyTestResult),
  sweep: CacheWallSweep.optional(),
  roundTripIdentical: z.boolean().optional(),
  notes: z.array(z.string()),
});
export type CopyRunDetails = z.infer<typeof CopyRunDetails>;
