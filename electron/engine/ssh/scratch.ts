import { NasbenchError } from '../../../shared/contract/errors';
import { checkNasFolder } from '../../../shared/contract/nas-folder';
import { isStaleScratch, markerFileName, markerHead, scratchFolderName } from '../../../shared/util/scratch-marker';
import { spaceMargin } from '../../../shared/util/space-margin';
import { formatBytes } from '../../../shared/util/units';
import { checkFolderOnNas } from './folder-check';
import { shellQuote } from './quote';
import { wholeStdout, type NasLogin } from './login';

export interface ScratchFolder {
  /** `<chosen folder>/.nasbench-<runId>`: the only place a test may write. */
  path: string;
  /** True once the folder is gone; false when it could not be removed (or the NAS could not be asked). */
  remove(): Promise<boolean>;
}

export { spaceMargin };

/**
 * The folder the user chose, checked (full path, no control characters, no `..`) and normalised
 * before any remote command sees it: a refused name fails here with INVALID_INPUT.
 */
export function checkedNasFolder(chosenFolder: string): string {
  const check = checkNasFolder(chosenFolder);
  if (!check.ok) throw new NasbenchError('INVALID_INPUT', check.problem, check.hint);
  return check.folder;
}

/**
 * Checks the folder the user chose on the NAS and creates the run's scratch folder in it, with
 * the marker that lets a later sweep prove NASBench made it. The chosen path only ever reaches
 * the NAS checked and quoted; it starts with `/`, so no tool can read it as an option.
 */
export async function openScratchFolder(
  session: NasLogin,
  chosenFolder: string,
  runId: string,
  neededBytes: number,
): Promise<ScratchFolder> {
  const folder = checkedNasFolder(chosenFolder);
  const name = scratchFolderName(runId);
  const state = await checkFolderOnNas(session, folder);
  const margin = spaceMargin(neededBytes);
  if (state.freeBytes < neededBytes + margin) {
    throw new NasbenchError(
      'NOT_ENOUGH_SPACE',
      `The folder has ${formatBytes(state.freeBytes)} free; this test needs ${formatBytes(neededBytes)} plus ` +
        `${formatBytes(margin)} kept free. Nothing was written.`,
      'Choose a folder on a volume with more free space, or a smaller test size.',
      { details: { freeBytes: state.freeBytes, neededBytes, marginBytes: margin } },
    );
  }
  const path = folder === '/' ? `/${name}` : `${folder}/${name}`;
  const quoted = shellQuote(path);
  // The marker's time is the NAS's own clock, which is what the sweep compares it with later.
  const writeMarker = `printf '%screated=%s\\n' ${shellQuote(markerHead(runId))} "$(date +%s)"`;
  const markerPath = shellQuote(`${path}/${markerFileName}`);
  const created = await session.run(
    `mkdir -m 700 -- ${quoted} && { ${writeMarker} > ${markerPath} || { rm -rf -- ${quoted}; exit 1; }; }`,
  );
  if (created.code !== 0) {
    throw new NasbenchError(
      'PERMISSION_DENIED',
      'Could not create the test folder on the NAS.',
      created.stderr.trim() || 'Check the folder permissions.',
    );
  }
  return {
    path,
    remove: () => removeScratch(session, quoted),
  };
}

/**
 * Removes a scratch folder and checks it is gone. A tool that was just stopped (fio, iperf3 -F) may
 * still be closing a file inside it, so a removal that leaves it behind is tried again, a few times.
 * False when it is still there, or the NAS could no longer be asked.
 */
async function removeScratch(session: NasLogin, quotedPath: string): Promise<boolean> {
  for (let attempt = 0; attempt < 4; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    const removed = await session.run(`rm -rf -- ${quotedPath}; [ ! -e ${quotedPath} ]`).catch(() => null);
    if (removed === null) return false;
    if (removed.code === 0) return true;
  }
  return false;
}

/**
 * Removes the scratch folders a crash or a lost connection left in `chosenFolder` more than a day
 * ago — only those NASBench can prove it made: a real folder (not a symlink) named
 * `.nasbench-<uuid>` holding a marker file (not a symlink) that names the same run. Returns the
 * folders removed.
 */
export async function sweepStaleScratch(session: NasLogin, chosenFolder: string): Promise<string[]> {
  const folder = checkedNasFolder(chosenFolder);
  const script = [
    `p=${shellQuote(folder)}`,
    '[ -d "$p" ] || exit 0',
    'echo "now=$(date +%s)"',
    'for d in "$p"/.nasbench-????????-????-????-????-????????????; do',
    '  [ -d "$d" ] && [ ! -L "$d" ] || continue',
    `  m="$d/${markerFileName}"`,
    '  [ -f "$m" ] && [ ! -L "$m" ] || continue',
    '  printf "@@folder %s\\n" "${d##*/}"',
    // NUL bytes out first: grep takes a marker padded with them (a sparse file, the cheapest huge one) for binary
    // and prints none of its lines. Only the marker's own lines pass, so no marker can forge an "@@folder" line.
    "  head -c 512 \"$m\" | tr -d '\\000' | grep -E '^(run|created)='",
    'done',
  ].join('\n');
  const listing = await session.run(script, { timeoutMs: 30_000 });
  const stale = staleFoldersIn(wholeStdout(listing, 'The listing of old scratch folders'));
  if (stale.length === 0) return [];
  const paths = stale.map((name) => `${folder}/${name}`);
  await session.run(`rm -rf -- ${paths.map(shellQuote).join(' ')}`, { timeoutMs: 120_000 });
  return paths;
}

/** The folder names the sweep's listing proves stale (names are checked again, strictly). */
function staleFoldersIn(listing: string): string[] {
  const now = Number(/^now=(\d+)$/m.exec(listing)?.[1]);
  if (!Number.isInteger(now)) return [];
  return listing
    .split('\n@@folder ')
    .slice(1)
    .flatMap((block) => {
      const [name = '', ...marker] = block.split('\n');
      return isStaleScratch(name, marker.join('\n'), now) ? [name] : [];
    });
}
