import { z } from 'zod';

/**
 * What every measured figure says about itself (../shared/cli-contract.md, "Fields"): how steady it
 * was, which caches could have served it, and — for the share copy — which path its bytes took.
 * A figure without these is a number nobody can judge; they are optional only so runs saved before
 * they existed still load.
 */

/** Standard deviation ÷ mean of the steady part of the per-second samples (or of repeats of a short test). */
export const Spread = z.object({
  relative: z.number().nonnegative(),
  basis: z.enum(['samples', 'repeats']),
});
export type Spread = z.infer<typeof Spread>;

/** Above this a figure is flagged as unsteady, and differences smaller than the noise are called that. */
export const unsteadyAbove = 0.1;

/**
 * Both caches a figure may have gone through. `bypassed` is claimed only where the method guarantees it:
 * direct I/O on a file system that honours it, or files at least twice the RAM of the machine that could
 * cache them.
 */
export const CacheState = z.object({
  /** This computer's file cache: bypassed (direct I/O or files ≥ 2 × its RAM), buffered, or not involved (fio on the NAS). */
  client: z.enum(['bypassed', 'buffered', 'not-involved']),
  /** The NAS's cache: bypassed, may serve the figure, the folder lives in memory (tmpfs), or unknown (RAM unknown). */
  nas: z.enum(['bypassed', 'may-serve', 'in-memory', 'unknown']),
});
export type CacheState = z.infer<typeof CacheState>;

/** How a network share reaches this computer. */
export const ShareProtocol = z.enum(['smb', 'nfs', 'sshfs', 'afp', 'webdav']);
export type ShareProtocol = z.infer<typeof ShareProtocol>;

/**
 * The terms of the session a share copy used (../shared/cli-contract.md, "Third-wave additions"), as
 * this computer's OS (`client`), the NAS (`nas`: smbstatus or its Samba config) or only the mount's
 * options (`mount-options`) told them. What no source said is `unknown` or null, never guessed.
 */
export const ShareSession = z.object({
  protocol: ShareProtocol,
  /** The dialect or version in use: "3.1.1", "2.1", "1" for SMB; "4.2", "3" for NFS. */
  version: z.string().nullable(),
  /** Whether every message is signed (encrypted messages count: encryption protects them too). */
  signing: z.enum(['on', 'off', 'unknown']),
  /** Whether either end requires signing; false when the end that was asked does not (the other may still). */
  signingRequired: z.boolean().nullable(),
  encryption: z.enum(['on', 'off', 'unknown']),
  /** The largest read and write one request carries, in bytes, where the client says. */
  rsize: z.number().int().positive().nullable(),
  wsize: z.number().int().positive().nullable(),
  source: z.enum(['client', 'nas', 'mount-options']),
  /** When only the NAS's config was read: the newest dialect it allows (the session is no newer). */
  versionAtMost: z.string().nullable().optional(),
  /** Every write waits for the disk before it is answered (mount option `sync`, Samba `sync always`). */
  syncWrites: z.boolean().nullable().optional(),
});
export type ShareSession = z.infer<typeof ShareSession>;

/** What a copy folder really is and which link its traffic takes: mount table → server → address → route → interface. */
export const SharePath = z.object({
  kind: z.enum(['network-share', 'local-disk', 'memory', 'unknown']),
  /** The server as the mount names it (host name or address). */
  server: z.string().nullable(),
  protocol: ShareProtocol.nullable(),
  /** The local network interface the route to the server leaves by. */
  interface: z.string().nullable(),
  /** This computer's address on that route. */
  localAddress: z.string().nullable(),
  /** The server's address the route was looked up for. */
  serverAddress: z.string().nullable().optional(),
  /** The session's terms; null when nothing could tell them, absent in runs saved before they were read. */
  session: ShareSession.nullable().optional(),
});
export type SharePath = z.infer<typeof SharePath>;
