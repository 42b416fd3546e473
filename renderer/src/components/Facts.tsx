import type { ReactNode } from 'react';
import type { TermId } from '../../../shared/words/glossary';
import { classNames } from './class-names';
import styles from './Facts.module.css';
import { Term } from './Term';

export interface FactRow {
  label: string;
  value: ReactNode;
  /** A long value (a fingerprint, a path) goes under its label, across the whole width. */
  wide?: boolean;
  valueClassName?: string;
  valueTestId?: string;
  /** The glossary entry that explains the label ("MTU"): the label shows it on hover and focus. */
  term?: TermId;
}

/** Label and value pairs, as a description list. */
export function Facts({ facts, testId, spaced = false }: { facts: FactRow[]; testId?: string; spaced?: boolean }) {
  return (
    <dl className={classNames(styles.facts, spaced && styles.spaced)} data-testid={testId}>
      {facts.map((fact) => (
        <div key={fact.label} className={fact.wide ? styles.wide : undefined}>
          <dt>{fact.term ? <Term id={fact.term}>{fact.label}</Term> : fact.label}</dt>
          <dd className={fact.valueClassName} data-testid={fact.valueTestId}>
            {fact.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
