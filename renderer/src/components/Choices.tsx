import type { ReactNode } from 'react';
import styles from './Choices.module.css';
import { classNames } from './class-names';
import fieldStyles from './Field.module.css';

export interface RadioOption<Value extends string> {
  value: Value;
  label: ReactNode;
  testId?: string;
}

/** One of a few choices, as radio buttons under a legend: one under another, or in a `row`. */
export function RadioChoices<Value extends string>(props: {
  legend: ReactNode;
  name: string;
  options: readonly RadioOption<Value>[];
  value: Value;
  onChange: (value: Value) => void;
  layout?: 'column' | 'row';
  className?: string;
}) {
  return (
    <fieldset className={classNames(fieldStyles.field, props.layout === 'row' && styles.row, props.className)}>
      <legend>{props.legend}</legend>
      {props.options.map((option) => (
        <label key={option.value} className={fieldStyles.choice}>
          <input
            type="radio"
            name={props.name}
            value={option.value}
            data-testid={option.testId}
            checked={props.value === option.value}
            onChange={() => props.onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

export interface ChoiceCard<Value extends string> {
  value: Value;
  title: string;
  text: string;
}

/**
 * A choice that needs a sentence each (a preset, a guided plan): one card per option, the
 * sentence tied to its radio button with `aria-describedby`.
 */
export function ChoiceCards<Value extends string>(props: {
  legend: ReactNode;
  /** Names the radio group and prefixes each sentence's id. */
  name: string;
  cards: readonly ChoiceCard<Value>[];
  /** The value chosen; one that no card offers leaves every card unticked. */
  value: string;
  onChange: (value: Value) => void;
  /** Each radio button is `<testIdPrefix><value>`. */
  testIdPrefix: string;
}) {
  return (
    <fieldset className={fieldStyles.field}>
      <legend>{props.legend}</legend>
      <div className={styles.cards}>
        {props.cards.map((card) => (
          <label key={card.value} className={styles.card}>
            <input
              type="radio"
              name={props.name}
              value={card.value}
              data-testid={`${props.testIdPrefix}${card.value}`}
              checked={props.value === card.value}
              aria-describedby={`${props.name}-${card.value}`}
              onChange={() => props.onChange(card.value)}
            />
            <span className={styles.cardTitle}>{card.title}</span>
            <span className={styles.cardText} id={`${props.name}-${card.value}`}>
              {card.text}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
