import type { ReactNode } from 'react';
import styles from './Badge.module.css';
import { classNames } from './class-names';

/** A short state ("running", "on the connected NAS"); a run's state gives it its colour. */
export function Badge({
  state,
  testId,
  children,
}: {
  state?: 'running' | 'done' | 'cancelled' | 'failed';
  testId?: string;
  children: ReactNode;
}) {
  return (
    <span className={classNames(styles.badge, state && styles[state])} data-testid={testId}>
      {children}
    </span>
  );
}
