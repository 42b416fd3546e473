import { useEffect, useId } from 'react';
import { maxTestSeconds } from '../../../../shared/contract/limits';
import { useShallow } from 'zustand/react/shallow';
import { ChoiceCards } from '../../components/Choices';
import { ErrorNotice } from '../../components/ErrorNotice';
import { FieldGrid, FoldedFields, NumberField } from '../../components/Field';
import { TestPanel } from '../../components/TestPanel';
import { usePlanActions, usePlanStore } from '../../stores/plan';
import { selectNasFolder, selectWritePlaces, useNasConnectionStore } from '../../stores/nas-connection';
import { formState } from '../../stores/store-helpers';
import { ConnectionNameField } from './ConnectionNameField';
import { NasFolderField } from '../../components/NasFolderField';
import { planCards, planTitle } from './plan-cards';
import { PlanSteps } from './PlanSteps';
import { ShareFolderField } from './ShareFolderField';

/**
 * The guided plans: pick the question, say where the tests may write, see every step (how long,
 * what it writes where) before starting, then follow it on Run. The single tests follow it.
 */
export function PlanPanel() {
  const id = useId();
  const form = usePlanStore(useShallow(formState));
  const actions = usePlanActions();
  // Where the plan writes is the NAS session's: a change there is a new preview too.
  const nasFolder = useNasConnectionStore(selectNasFolder);
  const shareFolder = useNasConnectionStore((state) => selectWritePlaces(state).shareFolder);

  useEffect(() => {
    const timer = setTimeout(() => void actions.loadPreview(), 250);
    return () => clearTimeout(timer);
  }, [actions, form.plan, form.networkSeconds, form.diskSeconds, form.connection, nasFolder, shareFolder]);

  return (
    <TestPanel
      id={id}
      testId="plan-panel"
      title="Guided tests"
      intro="Pick a question: NASBench runs the tests that answer it, one after the other."
      starting={form.starting}
      startError={form.startError}
      start={actions.start}
      startButton={{
        testId: 'start-plan',
        label: `Start: ${form.preview?.title ?? planTitle(form.plan)}`,
        errorTitle: 'The plan did not start.',
      }}
    >
      <ChoiceCards
        legend="What do you want to know?"
        name={`${id}-plan`}
        cards={planCards}
        value={form.plan}
        onChange={(plan) => actions.choose({ plan })}
        testIdPrefix="plan-"
      />
      <NasFolderField id={`${id}-nas`} />
      <ShareFolderField id={`${id}-share`} />
      <ConnectionNameField id={`${id}-connection`} />
      <FoldedFields summary="Advanced">
        <FieldGrid>
          <NumberField
            id={`${id}-net-seconds`}
            label="Seconds per network test"
            testId="plan-network-seconds"
            value={form.networkSeconds}
            max={maxTestSeconds}
            onChange={(networkSeconds) => actions.choose({ networkSeconds })}
            problem={form.problems.networkSeconds}
            help="Empty: the plan’s own."
          />
          <NumberField
            id={`${id}-disk-seconds`}
            label="Seconds per disk test"
            testId="plan-disk-seconds"
            value={form.diskSeconds}
            max={maxTestSeconds}
            onChange={(diskSeconds) => actions.choose({ diskSeconds })}
            problem={form.problems.diskSeconds}
            help="Empty: the plan’s own."
          />
        </FieldGrid>
      </FoldedFields>
      {form.preview && (
        <PlanSteps
          preview={form.preview}
          answer={{
            id: `${id}-local-folder`,
            yes: form.localFolderYes === shareFolder,
            onChange: actions.answerLocalFolder,
            problem: form.problems.localShareFolder ?? null,
          }}
        />
      )}
      {form.previewError && (
        <ErrorNotice title="This plan cannot run here." error={form.previewError} testId="plan-preview-error" />
      )}
    </TestPanel>
  );
}
