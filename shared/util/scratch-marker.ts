import { RunId } from '../contract/run-events';

/**
 * Every folder NASBench writes in — on the NAS or on a mounted share — is `.nasbench-<runId>/`,
 * made fresh for one run, with a marker file inside naming that run and when it began. A crash or
 * a lost connection can leave such a folder behind; the sweep removes one only when the marker
 * proves NASBench made it (same run id as the folder's name) and it is older than a day. A folder
 * that merely looks like ours is never removed.
 */
export const scratchPrefix = '.nasbench-';
export const markerFileName = '.nasbench-run';
/** Old enough that no run can still be using it: runs are hours at most. */
export const staleAfterSeconds = 24 * 3600;

/** `.nasbench-<uuid>` and nothing else. */
const scratchName = /^\.nasbench-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export function scratchFolderName(runId: string): string {
  if (!RunId.safeParse(runId).success || !scratchName.test(`${scratchPrefix}${runId}`)) {
    throw new Error('A scratch folder needs a run id of the form NASBench makes (a UUID).');
  }
  return `${scratchPrefix}${runId}`;
}

/** The marker's first lines: one for people who find it, then the run; `created=<seconds>` follows. */
export function markerHead(runId: string): string {
  return `NASBench test folder: safe to delete.\nrun=${runId}\n`;
}

/** The whole marker, when the clock that stamps it is this computer's. */
export function markerText(runId: string, createdSeconds: number): string {
  return `${markerHead(runId)}created=${Math.floor(createdSeconds)}\n`;
}

/**
 * Whether a folder called `folderName` whose marker says `marker` may be removed at `nowSeconds`:
 * the name is exactly ours, the marker names the same run, and it was made over a day ago.
 */
export function isStaleScratch(folderName: string, marker: string, nowSeconds: number): boolean {
  const id = scratchName.exec(folderName)?.[1];
  if (!id) return false;
  const facts = new Map(
    marker.split('\n').flatMap((line) => {
      const at = line.indexOf('=');
      return at > 0 ? [[line.slice(0, at), line.slice(at + 1).trim()] as const] : [];
    }),
  );
  const created = Number(facts.get('created'));
  return facts.get('run') === id && Number.isInteger(created) && nowSeconds - created > staleAfterSeconds;
}
