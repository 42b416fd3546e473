import type { Spread } from '../../../shared/contract/figure-quality';
import { describeUnsteady, formatSpread, isUnsteady } from '../../../shared/words/spread';
import styles from './Spread.module.css';

type MaybeSpread = Spread | null | undefined;

const basisWords = { samples: 'per-second readings', repeats: 'repeats of the test' } as const;

/**
 * "±3%" after a figure: how much its steady part varied. An unsteady figure (over 10%) is marked in
 * colour and says so in its tooltip; a figure saved before spreads were measured shows nothing.
 */
export function SpreadMark({ spread, testId = 'spread' }: { spread: MaybeSpread; testId?: string }) {
  if (!spread) return null;
  const unsteady = isUnsteady(spread);
  return (
    <span
      className={unsteady ? `${styles.spread} ${styles.unsteady}` : styles.spread}
      data-testid={testId}
      data-unsteady={unsteady || undefined}
      title={`Standard deviation of the ${basisWords[spread.basis]}, as a share of the figure${unsteady ? ': unsteady' : ''}`}
    >
      {' '}
      {formatSpread(spread)}
    </span>
  );
}

/** "Wi-Fi varied ±35% during the test", under a figure whose spread is over 10%; nothing otherwise. */
export function UnsteadyNote({
  spread,
  subject = null,
  as: Element = 'p',
}: {
  spread: MaybeSpread;
  subject?: string | null;
  as?: 'p' | 'span';
}) {
  const words = describeUnsteady(spread, subject);
  if (!words) return null;
  return (
    <Element className={styles.note} data-testid="unsteady">
      {words}.
    </Element>
  );
}
