import type { ReactNode } from 'react';
import { Button } from './Button';
import { useNavigationActions } from '../stores/navigation';
import styles from './EmptyState.module.css';

/** What a screen shows before there is anything to show, with the way forward. */
export function EmptyState({ children }: { children: ReactNode }) {
  const { show } = useNavigationActions();
  return (
    <div className={styles.emptyState}>
      <p>{children}</p>
      <Button onClick={() => show('devices')}>Go to Devices</Button>
    </div>
  );
}
