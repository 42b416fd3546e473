import type { AriaRole, ReactNode } from 'react';
import styles from './Notice.module.css';

/**
 * A boxed message: `error` for what went wrong, `warning` for figures to read with care (a copy
 * that involved no NAS), `neutral` for what is worth knowing (a missing tool, nothing found). A one-line notice can be a paragraph itself (`as="p"`).
 */
export function Notice({
  tone = 'neutral',
  title,
  as: Element = 'div',
  role,
  testId,
  code,
  children,
}: {
  tone?: 'error' | 'warning' | 'neutral';
  title?: ReactNode;
  as?: 'div' | 'p';
  role?: AriaRole;
  testId?: string;
  /** The engine's error code, for tests and bug reports. */
  code?: string;
  children: ReactNode;
}) {
  return (
    <Element className={`${styles.notice} ${styles[tone]}`} role={role} data-testid={testId} data-code={code}>
      {title && <p className={styles.title}>{title}</p>}
      {children}
    </Element>
  );
}

/** What to do about it, under the message, quieter. */
export function NoticeHint({ children }: { children: ReactNode }) {
  return <p className={styles.hint}>{children}</p>;
}
