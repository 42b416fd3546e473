import type { InputHTMLAttributes } from 'react';

interface FieldProps {
  id: string;
  label: string;
  testId: string;
  value: string;
  onChange: (value: string) => void;
  problem: string | undefined;
  help: string;
  /** Shown while the field is empty: the figure used then. */
  placeholder?: string;
}

/** A text field with its label, and a help line that turns into the problem when there is one. */
export function TextField(props: FieldProps & { inputProps?: InputHTMLAttributes<HTMLInputElement> }) {
  const { id, problem } = props;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        type="text"
        spellCheck={false}
        {...props.inputProps}
        data-testid={props.testId}
        value={props.value}
        placeholder={props.placeholder}
        aria-invalid={problem !== undefined}
        aria-describedby={`${id}-help`}
        onChange={(event) => props.onChange(event.target.value)}
      />
      <p id={`${id}-help`} className={problem ? 'field__error' : 'field__help muted'}>
        {problem ?? props.help}
      </p>
    </div>
  );
}

/** A whole-number field, 1 to `max`. */
export function NumberField(props: FieldProps & { max: number }) {
  return (
    <TextField
      {...props}
      inputProps={{ type: 'number', inputMode: 'numeric', min: 1, max: props.max, step: 1, spellCheck: undefined }}
    />
  );
}
