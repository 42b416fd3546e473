import type { ReactNode } from 'react';
import { useNavigationActions } from '../stores/navigation';

/** What a screen shows before there is anything to show, with the way forward. */
export function EmptyState({ children }: { children: ReactNode }) {
  const { show } = useNavigationActions();
  return (
    <div className="empty-state">
      <p>{children}</p>
      <button type="button" className="button" onClick={() => show('devices')}>
        Go to Devices
      </button>
    </div>
  );
}
