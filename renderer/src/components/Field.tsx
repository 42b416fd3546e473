import type { InputHTMLAttributes, ReactNode } from 'react';
import { classNames } from './class-names';
import styles from './Field.module.css';

/** The help line under a control; it becomes the problem, in the error colour, when there is one. */
export function FieldHelp({ id, problem, children }: { id: string; problem?: string | null; children?: ReactNode }) {
  if (!problem && children === undefined) return null;
  return (
    <p id={id} className={problem ? styles.error : styles.help}>
      {problem || children}
    </p>
  );
}

/**
 * A control with its label above and its help line below (`<id>-help`, which the control names
 * in `aria-describedby`). Without help and without a problem there is no line.
 */
export function Field(props: {
  id: string;
  label: ReactNode;
  problem?: string | null;
  help?: ReactNode;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className={classNames(styles.field, props.className)} data-testid={props.testId}>
      <label htmlFor={props.id}>{props.label}</label>
      {props.children}
      <FieldHelp id={`${props.id}-help`} problem={props.problem}>
        {props.help}
      </FieldHelp>
    </div>
  );
}

export interface TextFieldProps {
  id: string;
  label: ReactNode;
  testId: string;
  value: string;
  onChange: (value: string) => void;
  problem: string | null | undefined;
  help?: ReactNode;
  /** Shown while the field is empty: the figure used then, or an example. */
  placeholder?: string;
  type?: 'text' | 'password' | 'number';
  /** Anything else the input needs (`inputMode`, `onBlur`, `autoFocus`…). */
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
  className?: string;
  /** Names the whole field (label, input and help) for tests. */
  fieldTestId?: string;
}

/**
 * A text field with its label, and a help line that turns into the problem when there is one.
 * Typed values here are paths, addresses, names and figures: no spelling check, no capitals
 * added, no browser suggestions.
 */
export function TextField(props: TextFieldProps) {
  const { id, problem } = props;
  return (
    <Field
      id={id}
      label={props.label}
      problem={problem}
      help={props.help}
      className={props.className}
      testId={props.fieldTestId}
    >
      <input
        id={id}
        type={props.type ?? 'text'}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        {...props.inputProps}
        data-testid={props.testId}
        value={props.value}
        placeholder={props.placeholder}
        aria-invalid={Boolean(problem)}
        aria-describedby={problem || props.help !== undefined ? `${id}-help` : undefined}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </Field>
  );
}

/** A whole-number field, 1 to `max`. */
export function NumberField(props: Omit<TextFieldProps, 'type'> & { max: number }) {
  const { max, inputProps, ...field } = props;
  return (
    <TextField {...field} type="number" inputProps={{ inputMode: 'numeric', min: 1, max, step: 1, ...inputProps }} />
  );
}

/** A checkbox with its words, and a line of help under it (the problem instead, when there is one). */
export function CheckboxField(props: {
  id: string;
  label: ReactNode;
  testId?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  help?: ReactNode;
  problem?: string | null;
}) {
  const helpId = props.help === undefined && !props.problem ? undefined : `${props.id}-help`;
  return (
    <div className={styles.field}>
      <label className={styles.choice}>
        <input
          type="checkbox"
          data-testid={props.testId}
          checked={props.checked}
          aria-describedby={helpId}
          aria-invalid={props.problem ? true : undefined}
          onChange={(event) => props.onChange(event.target.checked)}
        />
        {props.label}
      </label>
      {helpId && (
        <FieldHelp id={helpId} problem={props.problem}>
          {props.help}
        </FieldHelp>
      )}
    </div>
  );
}

/** Short fields side by side while there is room, one under another when there is not. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return <div className={styles.grid}>{children}</div>;
}

/** Fields folded away under a summary ("Advanced"); the form's check unfolds them to show a problem. */
export function FoldedFields(props: {
  summary: ReactNode;
  summaryTestId?: string;
  /** Given when the form keeps the state itself (e.g. the several-links section). */
  open?: boolean;
  onToggle?: (open: boolean) => void;
  children: ReactNode;
}) {
  const { onToggle } = props;
  return (
    <details
      className={styles.folded}
      open={props.open}
      onToggle={onToggle && ((event) => onToggle(event.currentTarget.open))}
    >
      <summary data-testid={props.summaryTestId}>{props.summary}</summary>
      {props.children}
    </details>
  );
}
