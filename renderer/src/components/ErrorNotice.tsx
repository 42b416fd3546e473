import type { AppError } from '../../../shared/errors';
import { PlainText } from './PlainText';

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
  return (
    <div
      className={`notice notice--${tone}`}
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      data-code={error.code}
    >
      {title && <p className="notice__title">{title}</p>}
      <p>
        <PlainText text={error.message} />
      </p>
      <p className="notice__hint">
        <PlainText text={error.hint} />
      </p>
    </div>
  );
}
