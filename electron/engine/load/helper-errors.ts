import { NasbenchError, type AppError } from '../../../shared/contract/errors';
import type { LoadHelper } from '../../../shared/contract/load';
import type { ControllerRun } from './controller';
import { fioComplaints } from './fio-output';

const where = (helper: LoadHelper) => `${helper.host}:${helper.port}`;

/**
 * What went wrong on one helper, from how its controller ended and what fio said; null when nothing did.
 * The NAS itself (`onNas`) is no other computer: NASBench started its fio server over the SSH login and
 * reaches it through that login, so there is no server for the user to start and no port to open.
 */
export function helperError(
  helper: LoadHelper & { onNas?: boolean },
  run: ControllerRun,
  jobError: number | null,
): AppError | null {
  if (run.stoppedBy === 'cancel')
    return error('CANCELLED', `The test on ${helper.host} was cancelled.`, 'Start it again when ready.');
  if (run.stoppedBy === 'watchdog')
    return error(
      'TIMEOUT',
      `${helper.host} stopped answering: its test ran well past its time.`,
      'Check that the computer is awake and still on the network, then run again.',
    );
  const said = fioComplaints(`${run.output}\n${run.stdout}`);
  const text = said.join(' ');
  // "connect;" is how fio words a unix socket it could not reach (the NAS's tunnel), "No such file" included.
  const unreachable =
    /failed to connect|connection refused|no route|timed out|could not resolve|host not found|fio: connect;/i;
  if (unreachable.test(text) && helper.onNas)
    return error(
      'UNREACHABLE',
      'The fio server NASBench started on the NAS did not answer through its SSH login.',
      'Run the load test again; if it persists, leave the NAS out of it — the other computers still run.',
    );
  if (unreachable.test(text))
    return error(
      'UNREACHABLE',
      `No fio server answered on ${where(helper)}.`,
      `Start "fio --server" on that computer and let TCP port ${helper.port} through its firewall (from this computer only).`,
    );
  if (/not a directory|no such file/i.test(text))
    return error(
      'NOT_FOUND',
      `${helper.host} has no folder ${helper.dir}.`,
      'Mount the share on that computer and give its path as that computer sees it (e.g. /mnt/nas, /Volumes/share, Z:\\).',
    );
  if (/version|incompatible|unsupported/i.test(text))
    return error(
      'TOOL_MISSING',
      `fio on ${helper.host} does not match this computer's fio: ${text}`,
      'Install the same fio version on both.',
    );
  if (jobError !== null && jobError !== 0) return errnoError(helper, jobError);
  if (jobError === null)
    return error(
      'LINK_LOST',
      said.length > 0
        ? `fio on ${helper.host} ended the test: ${text}`
        : `${helper.host} stopped answering during the test.`,
      'Check that computer and its link to the share, then run again; the other computers’ figures are kept.',
    );
  return null;
}

/** fio's job error is an errno. */
function errnoError(helper: LoadHelper, errno: number): AppError {
  switch (errno) {
    case 28:
      return error(
        'DISK_FULL',
        `The share is full, seen from ${helper.host}.`,
        'Free space on the share, or use a smaller file size.',
      );
    case 13:
    case 1:
      return error(
        'PERMISSION_DENIED',
        `${helper.host} may not write in ${helper.dir}.`,
        'Log in to the share on that computer as a user who can write there, or choose another folder.',
      );
    case 22:
      return error(
        'INVALID_INPUT',
        `${helper.host} refused direct I/O in ${helper.dir}.`,
        'Run again with --buffered (that computer’s own cache may then serve reads).',
      );
    default:
      return error(
        'INTERNAL',
        `fio on ${helper.host} failed with error ${errno}.`,
        'Run again; if it persists, run the job on that computer by hand.',
      );
  }
}

const error = (code: AppError['code'], message: string, hint: string): AppError =>
  new NasbenchError(code, message, hint).toJSON();
