import type { LeftBehind } from '../../../../shared/contract/run-events';
import { leftBehindWords } from '../../../../shared/words/left-behind';

/** The test folders a run could not remove, each named with what to do about it. */
export function LeftBehindNotice({ folders }: { folders: LeftBehind[] | undefined }) {
  if (!folders || folders.length === 0) return null;
  return (
    <div role="note" data-testid="results-left-behind">
      {folders.map((folder) => (
        <p key={`${folder.where}:${folder.path}`}>{leftBehindWords(folder)}</p>
      ))}
    </div>
  );
}
