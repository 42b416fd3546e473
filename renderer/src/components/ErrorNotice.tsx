import type { AppError } from '../../../shared/contract/errors';
import { Notice, NoticeHint } from './Notice';
import { PlainText } from './PlainText';
import { RunningTestButton } from './RunningTestButton';

/**
 * What went wrong and what to do about it, as the engine worded it. A cancel the user asked
 * for is not an alarm, so it can be shown in the calm `neutral` tone.
 */
export function ErrorNotice({
  error,
  title,
  tone = 'error',
  testId,
}: {
  error: AppError;
  title?: string;
  tone?: 'error' | 'neutral';
  testId?: string;
}) {
  // The code is for tests and bug reports; people read the message and the hint.
  const busyWith = error.code === 'NAS_BUSY' ? error.details?.['runId'] : undefined;
  return (
    <Notice tone={tone} title={title} role={tone === 'error' ? 'alert' : 'status'} testId={testId} code={error.code}>
      <p>
        <PlainText text={error.message} />
      </p>
      <NoticeHint>
        <PlainText text={error.hint} />
      </NoticeHint>
      {typeof busyWith === 'string' && <RunningTestButton runId={busyWith} />}
    </Notice>
  );
}
