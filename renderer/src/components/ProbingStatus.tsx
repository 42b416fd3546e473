import { probeStageNames, type ProbeStageName } from '../../../shared/contract/connect';
import { useNasConnectionStore } from '../stores/nas-connection';
import { useProbeProgressStore } from '../stores/probe-progress';
import { cardClass } from './Card';
import { classNames } from './class-names';
import text from '../theme/text.module.css';

const stageWords: Record<ProbeStageName, string> = {
  nas: 'Reading the NAS: its model, drives, network ports and tools.',
  'this-computer': 'Reading this computer’s network: the adapter and the route to the NAS.',
  link: 'Checking the link: the largest packet that passes between them.',
};

/** While the probe runs: what the app is doing now, how far it is, where its findings will appear. */
export function ProbingStatus() {
  const sessionId = useNasConnectionStore((state) => state.connection?.sessionId);
  const latest = useProbeProgressStore((state) => state.latest);
  // The end of an earlier probe (nothing running) says nothing about this one.
  const progress = latest && latest.sessionId === sessionId && latest.running.length > 0 ? latest : null;
  const done = progress?.done.length ?? 0;
  return (
    <div role="status" className={classNames(cardClass, text.muted)} data-testid="probing-status">
      <p>Finding out what this NAS is and how this computer reaches it…</p>
      <progress
        max={probeStageNames.length}
        value={done}
        aria-label={`${done} of ${probeStageNames.length} parts done`}
        data-testid="probe-progress"
      />
      {progress?.running.map((stage) => (
        <p key={stage} data-testid="probe-stage" data-stage={stage}>
          {stageWords[stage]}
        </p>
      ))}
    </div>
  );
}
