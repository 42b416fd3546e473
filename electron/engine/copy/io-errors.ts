import { NasbenchError } from '../../../shared/contract/errors';

/** The errno code of a Node file-system error, if it has one. */
export function errnoCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

/** Stops a test between blocks: the registry aborts with a CANCELLED NasbenchError; other callers may not. */
export function throwIfCancelled(signal: AbortSignal | undefined): void {
  if (!signal?.aborted) return;
  if (signal.reason instanceof NasbenchError) throw signal.reason;
  throw new NasbenchError(
    'CANCELLED',
    'The copy test was cancelled; the files it wrote were removed.',
    'Start it again when you are ready.',
  );
}

/**
 * Turns a failed read or write on the share into words the user can act on. Paths are left
 * out on purpose: messages end up in reports that people share.
 */
export function shareIoFailure(error: unknown): NasbenchError {
  if (error instanceof NasbenchError) return error;
  const code = errnoCode(error);
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return new NasbenchError(
        'DISK_FULL',
        'The share filled up while NASBench was writing its test file. The test files were removed.',
        'Free some space on the share (or raise your quota), or choose a smaller file size.',
        { cause: error, details: { errno: code } },
      );
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return new NasbenchError(
        'PERMISSION_DENIED',
        'NASBench may not write in this folder.',
        'Choose a folder you can write to, or mount the share read-write with your own user.',
        { cause: error, details: { errno: code } },
      );
    case 'ENOENT':
    case 'ENOTDIR':
      return new NasbenchError(
        'NOT_FOUND',
        'The folder disappeared during the test. Was the share unmounted?',
        'Check that the share is still mounted, then start the test again.',
        { cause: error, details: { errno: code } },
      );
    case 'EIO':
    case 'ESTALE':
    case 'ENOTCONN':
    case 'EHOSTDOWN':
    case 'EHOSTUNREACH':
    case 'ETIMEDOUT':
    case 'ECONNRESET':
    case 'ECONNABORTED':
      return new NasbenchError(
        'LINK_LOST',
        'The share stopped answering during the test.',
        'Check the network and that the NAS is awake, then start the test again.',
        { cause: error, details: { errno: code } },
      );
    default:
      return new NasbenchError(
        'INTERNAL',
        `Reading or writing the test file failed${code ? ` (${code})` : ''}.`,
        'Try again; if it keeps happening, try another folder on the share and report what you see.',
        { cause: error, ...(code ? { details: { errno: code } } : {}) },
      );
  }
}
