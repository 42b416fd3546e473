import { useEffect, useId, useMemo, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { nasAddressChoices, type NasAddressChoice } from '../../../../shared/kinds/network/words';
import { Actions, Button } from '../../components/Button';
import { Field, TextField } from '../../components/Field';
import { maxLegs, useNetworkTestActions, useNetworkTestStore, type LegDraft } from './store';
import { useNasConnectionStore } from '../../stores/nas-connection';
import text from '../../theme/text.module.css';
import styles from './LegList.module.css';

const another = 'another';

/** The legs of a multi-link test: for each, the NAS address to send to and the local address to send from. */
export function LegList() {
  const { legs, problems } = useNetworkTestStore(
    useShallow((state) => ({ legs: state.legs, problems: state.problems.legs })),
  );
  const nas = useNasConnectionStore((state) => state.probe?.nas);
  const choices = useMemo(() => (nas ? nasAddressChoices(nas) : []), [nas]);
  const { addLeg, removeLeg } = useNetworkTestActions();
  const addButton = useRef<HTMLButtonElement>(null);
  // After adding a leg the keyboard goes to it; after removing one, back to "Add a link".
  const focusAfter = useRef<'new-leg' | 'add' | null>(null);
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    if (focusAfter.current === 'new-leg') {
      listRef.current?.querySelector<HTMLElement>('li:last-child :is(select, input)')?.focus();
    }
    if (focusAfter.current === 'add') addButton.current?.focus();
    focusAfter.current = null;
  }, [legs.length]);

  return (
    <>
      <ol className={styles.legs} ref={listRef} data-testid="legs">
        {legs.map((leg, index) => (
          <li key={leg.key}>
            <LegFields
              leg={leg}
              number={index + 1}
              choices={choices}
              problems={problems?.[index]}
              onRemove={
                legs.length > 1
                  ? () => {
                      focusAfter.current = 'add';
                      removeLeg(leg.key);
                    }
                  : undefined
              }
            />
          </li>
        ))}
      </ol>
      <Actions>
        <Button
          data-testid="add-leg"
          ref={addButton}
          aria-disabled={legs.length >= maxLegs}
          onClick={() => {
            if (legs.length >= maxLegs) return;
            focusAfter.current = 'new-leg';
            addLeg();
          }}
        >
          Add a link
        </Button>
        {legs.length >= maxLegs && <span className={text.muted}>Up to {maxLegs} links.</span>}
      </Actions>
    </>
  );
}

function LegFields(props: {
  leg: LegDraft;
  number: number;
  choices: NasAddressChoice[];
  problems: { nasAddress?: string; localAddress?: string } | undefined;
  onRemove: (() => void) | undefined;
}) {
  const { leg, number, choices, problems } = props;
  const id = useId();
  const { changeLeg } = useNetworkTestActions();
  const listed = choices.some((choice) => choice.address === leg.nasAddress);
  const typed = choices.length === 0 || leg.typedNasAddress || (!listed && leg.nasAddress !== '');
  const selected = typed ? another : leg.nasAddress;
  const nasProblem = problems?.nasAddress;

  return (
    <fieldset className={styles.leg} data-testid={`leg-${number}`}>
      <legend>Link {number}</legend>
      <div className={styles.fields}>
        <div className={styles.nas}>
          {choices.length > 0 && (
            <Field id={`${id}-nas`} label="NAS address" problem={typed ? undefined : nasProblem}>
              <select
                id={`${id}-nas`}
                data-testid={`leg-${number}-nas`}
                value={selected}
                aria-invalid={!typed && nasProblem !== undefined}
                aria-describedby={!typed && nasProblem ? `${id}-nas-help` : undefined}
                onChange={(event) => {
                  const value = event.target.value;
                  if (value === another) {
                    changeLeg(leg.key, { typedNasAddress: true, nasAddress: '' });
                    requestAnimationFrame(() => document.getElementById(`${id}-nas-typed`)?.focus());
                  } else changeLeg(leg.key, { typedNasAddress: false, nasAddress: value });
                }}
              >
                {selected === '' && <option value="">Choose an address</option>}
                {choices.map((choice) => (
                  <option key={choice.address} value={choice.address}>
                    {choice.label}
                  </option>
                ))}
                <option value={another}>Another address…</option>
              </select>
            </Field>
          )}
          {typed && (
            <TextField
              id={`${id}-nas-typed`}
              label={choices.length > 0 ? 'Other NAS address' : 'NAS address'}
              testId={`leg-${number}-nas-typed`}
              value={leg.nasAddress}
              onChange={(nasAddress) => changeLeg(leg.key, { nasAddress })}
              problem={nasProblem}
              help="An address or host name of the NAS."
            />
          )}
        </div>
        <TextField
          id={`${id}-local`}
          label="From this computer’s address"
          testId={`leg-${number}-local`}
          value={leg.localAddress}
          onChange={(localAddress) => changeLeg(leg.key, { localAddress })}
          problem={problems?.localAddress}
          help="Optional. Empty: the system picks the way."
        />
      </div>
      {props.onRemove && (
        <Button
          size="small"
          className={styles.remove}
          data-testid={`remove-leg-${number}`}
          aria-label={`Remove link ${number}`}
          onClick={props.onRemove}
        >
          Remove
        </Button>
      )}
    </fieldset>
  );
}
