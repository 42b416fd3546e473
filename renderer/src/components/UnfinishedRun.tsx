type EndState = 'done' | 'failed' | 'cancelled';

/** A run that stopped before any test of this kind finished: nothing to show, and why. */
export function NoFigures({ kind, testId }: { kind: 'disk' | 'copy'; testId: string }) {
  return <p data-testid={testId}>No {kind} test finished before the run stopped, so there are no figures.</p>;
}

/** Said above the figures of a run that failed or was cancelled: they are the tests that did finish. */
export function PartialFigures({ state, testId }: { state: EndState; testId?: string }) {
  if (state === 'done') return null;
  return (
    <p data-testid={testId}>
      The run {state === 'failed' ? 'failed' : 'was cancelled'} before every test had run: these are the tests that
      finished.
    </p>
  );
}
