import type { ReactNode } from 'react';
import type { Spread } from '../../../shared/contract/figure-quality';
import styles from './Headline.module.css';
import { SpreadMark } from './Spread';

/** The figure a result leads with ("Average throughput  112 MB/s — 94% of a 1 GbE link"). */
export function Headline(props: {
  label: ReactNode;
  value: string;
  valueTestId?: string;
  /** The figure in base units, for tests and for copying. */
  bytesPerSecond?: number;
  /** How steady the figure was: "±3%" after it; nothing for older runs. */
  spread?: Spread | null | undefined;
  /** Said after the figure, in smaller type: see HeadlineContext. */
  context?: ReactNode;
}) {
  return (
    <p className={styles.headline}>
      <span className={styles.label}>{props.label}</span>
      <span className={styles.line}>
        <span className={styles.value} data-testid={props.valueTestId} data-bytes-per-second={props.bytesPerSecond}>
          {props.value}
        </span>
        <SpreadMark spread={props.spread} testId={props.valueTestId ? `${props.valueTestId}-spread` : 'spread'} />
        {props.context}
      </span>
    </p>
  );
}

/** What the headline figure means ("— 94% of a 1 GbE link"). */
export function HeadlineContext({ testId, children }: { testId?: string; children: ReactNode }) {
  return (
    <span className={styles.context} data-testid={testId}>
      {children}
    </span>
  );
}
