import { useId } from 'react';
import { useShallow } from 'zustand/react/shallow';
import {
  answersElsewhereWords,
  fioServerCommand,
  fioServerSteps,
  readHelperLines,
} from '../../../../shared/kinds/load/words';
import { Button } from '../../components/Button';
import { RadioChoices } from '../../components/Choices';
import { CheckboxField, Field, FieldGrid, NumberField } from '../../components/Field';
import { TestPanel } from '../../components/TestPanel';
import { useLoadTestActions, useLoadTestStore } from './store';
import { useNasConnectionStore } from '../../stores/nas-connection';
import { NasFolderField } from '../../components/NasFolderField';
import { formState } from '../../stores/store-helpers';
import text from '../../theme/text.module.css';
import styles from './LoadPanel.module.css';

/**
 * Load from several computers at once: one laptop rarely shows what a NAS can serve. Each other
 * computer runs `fio --server`; this computer's fio drives them all (fio's client/server mode).
 */
export function LoadPanel() {
  const id = useId();
  const form = useLoadTestStore(useShallow(formState));
  const actions = useLoadTestActions();
  const connected = useNasConnectionStore((state) => state.connection !== null);

  return (
    <TestPanel
      id={id}
      testId="load-test"
      title="Load from several computers"
      intro="Several computers write to (or read from) the NAS at once, as a family backing up together does: what the NAS serves in total, and each computer's share of it. Each writes only in its own hidden folder on the share and removes it afterwards."
      starting={form.starting}
      startError={form.startError}
      start={actions.start}
      startButton={{ testId: 'start-load', label: 'Start the load test', errorTitle: 'The load test did not start.' }}
    >
      <details className={styles.how} data-testid="load-how">
        <summary>How to get another computer ready</summary>
        <p className={text.muted}>
          Mount the NAS share on it, install fio (the same version as on this computer), and start fio&apos;s server.
          fio&apos;s server asks no password: let only this computer reach it, and stop it (Ctrl+C) when done.
        </p>
        <dl className={styles.steps}>
          {fioServerSteps().map((step) => (
            <div key={step.system}>
              <dt>{step.system}</dt>
              <dd>
                <pre>{step.command}</pre>
                <span className={text.muted}>{step.note}</span>
              </dd>
            </div>
          ))}
        </dl>
      </details>
      <Field
        id={`${id}-helpers`}
        label="The other computers"
        problem={form.problems.helpersText}
        help="One per line: its address (and :port if not 8765), then the share's folder as that computer sees it."
      >
        <textarea
          id={`${id}-helpers`}
          data-testid="load-helpers"
          rows={3}
          spellCheck={false}
          autoCapitalize="off"
          placeholder={'192.168.1.21 /mnt/nas\n192.168.1.22 Z:\\'}
          value={form.helpersText}
          aria-invalid={Boolean(form.problems.helpersText)}
          aria-describedby={`${id}-helpers-help`}
          onChange={(event) => actions.choose({ helpersText: event.target.value })}
        />
      </Field>
      <TypedServerCommands helpersText={form.helpersText} />
      <HelperChecks />
      <RadioChoices
        legend="Each computer"
        name={`${id}-rw`}
        layout="row"
        value={form.rw}
        onChange={(rw) => actions.choose({ rw })}
        options={[
          { value: 'write', label: 'writes to the NAS', testId: 'load-write' },
          { value: 'read', label: 'reads from the NAS', testId: 'load-read' },
        ]}
      />
      <CheckboxField
        id={`${id}-step-up`}
        label="Add the computers one at a time"
        testId="load-step-up"
        checked={form.stepUp}
        onChange={(stepUp) => actions.choose({ stepUp })}
        help="One computer, then two, … then all, each measured: whether the total keeps growing, or where the NAS stops."
      />
      {connected && (
        <>
          <CheckboxField
            id={`${id}-also-nas`}
            label="Also load the NAS from the NAS itself"
            testId="load-also-nas"
            checked={form.alsoNas}
            onChange={(alsoNas) => actions.choose({ alsoNas })}
            help="Its own fio writes (or reads) the same file on its disks, no network in between: started over SSH for this test only, listening only on the address you connected to, and stopped afterwards. It needs the same fio version as this computer."
          />
          {form.alsoNas && <NasFolderField id={`${id}-nas-folder`} />}
        </>
      )}
      <FieldGrid>
        <NumberField
          id={`${id}-seconds`}
          label="Seconds"
          testId="load-seconds"
          value={form.seconds}
          max={3600}
          placeholder="20"
          onChange={(seconds) => actions.choose({ seconds })}
          problem={form.problems.seconds}
          help="How long each step measures, after 2 s of ramp-up."
        />
        <NumberField
          id={`${id}-size`}
          label="File size per computer (MiB)"
          testId="load-size"
          value={form.fileSizeMiB}
          max={2 ** 24}
          placeholder="1024"
          onChange={(fileSizeMiB) => actions.choose({ fileSizeMiB })}
          problem={form.problems.fileSizeMiB}
        />
      </FieldGrid>
    </TestPanel>
  );
}

/** For each computer typed, the command that starts its fio server at the address typed for it, and there only. */
function TypedServerCommands({ helpersText }: { helpersText: string }) {
  const { helpers } = readHelperLines(helpersText);
  if (helpers.length === 0) return null;
  return (
    <div data-testid="load-server-commands">
      <p className={text.muted}>On each of them, start fio&apos;s server at that address only (Ctrl+C stops it):</p>
      <ul>
        {helpers.map((helper) => (
          <li key={`${helper.host}:${helper.port}`}>
            {helper.host}: <code>{fioServerCommand(helper.host, helper.port)}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** "Check these computers": each one's answer, before anything is started. */
function HelperChecks() {
  const checks = useLoadTestStore((state) => state.checks);
  const checking = useLoadTestStore((state) => state.checking);
  const { check } = useLoadTestActions();
  return (
    <div className={styles.checks}>
      <Button type="button" data-testid="load-check" disabled={checking} onClick={() => void check()}>
        {checking ? 'Asking the computers…' : 'Check these computers'}
      </Button>
      {checks && (
        <ul role="status" data-testid="load-checks">
          {checks.map((found) => (
            <li key={`${found.host}:${found.port}`} data-ok={found.ok} data-testid="load-check-result">
              <strong>{found.host}</strong>:{' '}
              {found.ok
                ? `ready — ${found.fioVersion ?? 'fio'} on ${found.os ?? 'its system'}, sees its folder.`
                : `${found.error?.message ?? ''} ${found.error?.hint ?? ''}`}
              {found.alsoAnswersOn && (
                <span data-testid="load-check-elsewhere">
                  {' '}
                  {answersElsewhereWords(found.host, found.alsoAnswersOn)}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
