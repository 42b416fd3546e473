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

/** What a copy folder really is and which link its traffic takes: mount table → server → address → route → interface. */
export const SharePath = z.object({
  kind: z.enum(['network-share', 'local-disk', 'memory', 'unknown']),
  /** The server as the mount names it (host name or address). */
  server: z.string().nullable(),
  protocol: z.enum(['smb', 'nfs', 'sshfs', 'afp', 'webdav']).nullable(),
  /** The local network interface the route to the server leaves by. */
  interface: z.string().nullable(),
  /** This computer's address on that route. */
  localAddress: z.string().nullable(),
  /** The server's address the route was looked up for. */
  serverAddress: z.string().nullable().optional(),
});
export type SharePath = z.infer<typeof SharePath>;
