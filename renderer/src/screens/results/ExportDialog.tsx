import { useEffect, useId, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ReportFormat } from '../../../../shared/contract/report';
import { Actions, Button } from '../../components/Button';
import { RadioChoices, type RadioOption } from '../../components/Choices';
import dialogStyles from '../../components/dialog.module.css';
import { ErrorNotice } from '../../components/ErrorNotice';
import { CheckboxField } from '../../components/Field';
import { useReportStore } from '../../stores/report';
import { formState } from '../../stores/store-helpers';
import text from '../../theme/text.module.css';
import styles from './ExportDialog.module.css';

const formatWords: { value: ReportFormat; label: string; what: string }[] = [
  { value: 'html', label: 'HTML', what: 'one file with charts; opens in any browser and can be imported again' },
  { value: 'pdf', label: 'PDF', what: 'the HTML report, printed' },
  { value: 'md', label: 'Markdown', what: 'a short table for forums and GitHub issues' },
  { value: 'csv', label: 'CSV', what: 'one row per test' },
  { value: 'csv-samples', label: 'CSV samples', what: 'one row per chart point' },
  { value: 'csv-grid', label: 'CSV grid', what: 'a disk sweep: one row per cell, inferred cells marked' },
  { value: 'json', label: 'JSON', what: 'the run file itself' },
];

const formats: RadioOption<ReportFormat>[] = formatWords.map(({ value, label, what }) => ({
  value,
  label: (
    <>
      <strong>{label}</strong> <span className={text.muted}>{what}</span>
    </>
  ),
}));

/** Longer text previews are cut here: the preview is for checking, the saved file has everything. */
const previewChars = 20_000;

/**
 * The report as HTML, inside a shadow root so its style sheet cannot restyle the app. It comes
 * from the engine's renderer, which escapes all run data and emits no active content (and
 * innerHTML never runs scripts anyway).
 */
function HtmlPreview({ html }: { html: string }) {
  const hostRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
    root.innerHTML = html;
  }, [html]);
  return <div ref={hostRef} className={styles.preview} data-testid="report-preview-html" />;
}

/** "2 host, 5 ipv4": what the anonymiser replaced, by kind (never the values themselves). */
function replacedWords(replaced: Record<string, number>): string {
  const each = Object.entries(replaced).map(([kind, count]) => `${count} ${kind}`);
  return each.length > 0 ? each.join(', ') : 'nothing private was found';
}

/** "Export report…": choose a format, see what will be shared (anonymised unless unticked), save it. */
export function ExportDialog({ runId }: { runId: string }) {
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const state = useReportStore(useShallow(formState));
  const actions = useReportStore((store) => store.actions);
  const open = state.runId === runId;
  const saved = useReportStore((store) => store.saved);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (open && dialog && !dialog.open) dialog.showModal();
    if (!open && dialog?.open) dialog.close();
  }, [open]);

  return (
    <>
      <Button data-testid="export-report" onClick={() => void actions.openFor(runId)}>
        Export report…
      </Button>
      <p className={text.muted} role="status" data-testid="export-saved">
        {saved?.runId === runId
          ? `Saved as ${saved.fileName} (in your downloads, or where the save dialog put it).` +
            (saved.replaced ? ` Anonymised: ${replacedWords(saved.replaced)}.` : ' Not anonymised.')
          : ''}
      </p>
      <dialog
        ref={dialogRef}
        className={dialogStyles.dialog}
        aria-labelledby={`${id}-title`}
        data-testid="export-dialog"
        onCancel={() => actions.close()}
      >
        <h2 id={`${id}-title`}>Export a report</h2>
        <RadioChoices
          legend="Format"
          name={`${id}-format`}
          options={formats}
          value={state.format}
          onChange={(format) => void actions.choose({ format })}
        />
        {state.format === 'pdf' && (
          <label>
            Paper{' '}
            <select
              value={state.paperSize}
              onChange={(event) =>
                void actions.choose({ paperSize: event.target.value === 'letter' ? 'letter' : 'a4' })
              }
            >
              <option value="a4">A4</option>
              <option value="letter">Letter</option>
            </select>
          </label>
        )}
        <CheckboxField
          id={`${id}-anonymize`}
          label="Anonymise: replace host names, addresses, serial numbers, user names, shares and folders (figures stay the same)"
          testId="export-anonymize"
          checked={state.anonymize}
          onChange={(anonymize) => void actions.choose({ anonymize })}
        />
        <p className={text.muted} data-testid="export-replaced" aria-live="polite">
          {state.loading
            ? 'Preparing the preview…'
            : !state.preview
              ? ''
              : state.anonymize
                ? `Replaced: ${replacedWords(state.preview.replaced)}.`
                : 'Not anonymised: the report shows your names and addresses as the run saved them.'}
        </p>
        {state.error && <ErrorNotice error={state.error} title="The report could not be made" />}
        {state.preview?.text !== undefined &&
          (state.format === 'html' || state.format === 'pdf' ? (
            <HtmlPreview html={state.preview.text} />
          ) : (
            <pre className={styles.preview} data-testid="report-preview-text">
              {state.preview.text.slice(0, previewChars)}
            </pre>
          ))}
        <Actions>
          <Button
            variant="primary"
            data-testid="export-save"
            aria-disabled={state.saving}
            onClick={() => void (state.saving ? undefined : actions.save())}
          >
            {state.saving ? 'Saving…' : 'Save'}
          </Button>
          <Button onClick={() => actions.close()}>Close</Button>
        </Actions>
      </dialog>
    </>
  );
}
