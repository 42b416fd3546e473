import { execFile } from 'node:child_process';
import type { MountedShare } from '../mount-table';
import { shareSession, type RunCommand } from './gather';
import type { ShareSession } from './terms';

/** A program run here with its arguments (no shell), given a few seconds: a session lookup never holds up a test. */
export const runHere: RunCommand = (command, args) =>
  new Promise((resolve) => {
    execFile(command, args, { timeout: 10_000, windowsHide: true, encoding: 'utf8' }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });

/**
 * The terms of a share's session as this computer's OS and the mount tell them, and the NAS's login
 * when given (`runOnNas`, for a share that is the connected NAS's own). `localAddress` is this
 * computer's address on the way to the NAS: it picks this computer's session out of the NAS's list.
 */
export function sessionTermsOf(
  runOnNas?: RunCommand,
): (share: MountedShare, localAddress: string | null) => Promise<ShareSession | null> {
  return (share, localAddress) =>
    shareSession(share, {
      platform: process.platform,
      runLocal: runHere,
      ...(runOnNas ? { runOnNas } : {}),
      clientAddress: localAddress,
    });
}
