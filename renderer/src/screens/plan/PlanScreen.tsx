import { useEffect } from 'react';
import { ScreenHeading } from '../../components/ScreenHeading';
import { useSessionActions, useNasConnectionStore } from '../../stores/nas-connection';
import text from '../../theme/text.module.css';
import { ProbingStatus } from '../../components/ProbingStatus';
import { ShareCopyPanel } from '../../kinds/copy/ShareCopyPanel';
import { DiskTestPanel } from '../../kinds/disk/DiskTestPanel';
import { EmptyState } from '../../components/EmptyState';
import { LoadPanel } from '../../kinds/load/LoadPanel';
import { NetworkTestPanel } from '../../kinds/network/NetworkTestPanel';
import { PlanPanel } from './PlanPanel';

/**
 * What to measure: a guided plan (one question, several tests) first, then the single tests.
 * The plans, the network and the disk tests need the connected NAS; the share copy works on
 * any folder and the load test from other computers' fio servers, so they are offered with or without one.
 */
export function PlanScreen() {
  const connection = useNasConnectionStore((state) => state.connection);
  const probing = useNasConnectionStore((state) => state.probing);

  // The shares mounted here come and go: asked on each visit, and again once the probe names the NAS,
  // so its shares come first and are marked.
  const probe = useNasConnectionStore((state) => state.probe);
  const { loadMountedShares } = useSessionActions();
  useEffect(() => {
    void loadMountedShares();
  }, [loadMountedShares, probe]);

  return (
    <>
      <ScreenHeading>Plan</ScreenHeading>
      {!connection ? (
        <EmptyState>
          Connect to a NAS first for the guided tests and the network and disk tests. The shared folder test below works
          without one.
        </EmptyState>
      ) : (
        <p className={text.muted} data-testid="plan-nas">
          Tests for <strong>{connection.host}</strong>
          {connection.port !== 22 && ` (SSH port ${connection.port})`}, logged in as {connection.username}.
        </p>
      )}
      {connection && probing && <ProbingStatus />}
      {/* The folder lists, the fio check and the multi-link choices come from the probe: they wait for it. */}
      {connection && !probing && (
        <>
          <PlanPanel />
          <NetworkTestPanel nasHost={connection.host} />
          <DiskTestPanel />
        </>
      )}
      <ShareCopyPanel />
      <LoadPanel />
    </>
  );
}
