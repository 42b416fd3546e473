/** A whole-number field with its label, and a help line that turns into the problem when there is one. */
export function NumberField(props: {
  id: string;
  label: string;
  testId: string;
  value: string;
  max: number;
  onChange: (value: string) => void;
  problem: string | undefined;
  help: string;
  /** Shown while the field is empty: the figure used then. */
  placeholder?: string;
}) {
  const { id, problem } = props;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={props.max}
        step={1}
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
