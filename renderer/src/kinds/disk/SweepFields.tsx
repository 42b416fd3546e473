import { useShallow } from 'zustand/react/shallow';
import { readSweepGrid, type SweepChoices } from '../../../../shared/sweep/words';
import { sweepBudgetPreview } from '../../../../shared/sweep/budget';
import { RadioChoices } from '../../components/Choices';
import { CheckboxField, FieldGrid, FieldHelp, TextField, type TextFieldProps } from '../../components/Field';
import { useDiskTestActions, useDiskTestStore, type SweepFields as SweepLists } from './store';
import text from '../../theme/text.module.css';
import styles from './SweepFields.module.css';

const directions: { value: SweepChoices['rw']; label: string; testId: string }[] = [
  { value: 'write', label: 'Writing', testId: 'sweep-rw-write' },
  { value: 'read', label: 'Reading', testId: 'sweep-rw-read' },
  { value: 'both', label: 'Both', testId: 'sweep-rw-both' },
];

type ListName = Exclude<keyof SweepLists, 'rw' | 'adaptive' | 'steadyState'>;

/** Each of the grid's fields: its id suffix, words and test id. */
const lists: (Pick<TextFieldProps, 'label' | 'help' | 'testId'> & { name: ListName; id: string; numeric?: true })[] = [
  { name: 'blockSizes', id: 'bs', label: 'Block sizes', testId: 'sweep-block-sizes', help: 'The heatmap’s rows.' },
  {
    name: 'fileSizes',
    id: 'files',
    label: 'File sizes (per job)',
    testId: 'sweep-file-sizes',
    help: 'The heatmap’s columns.',
  },
  { name: 'jobs', id: 'jobs', label: 'Jobs at once', testId: 'sweep-jobs', help: 'One heatmap each.' },
  {
    name: 'budgetMinutes',
    id: 'budget',
    label: 'Time budget (minutes)',
    testId: 'sweep-budget',
    help: 'Cells that would run past it are left out, and the result says so.',
    numeric: true,
  },
  {
    name: 'maxSeconds',
    id: 'max',
    label: 'Longest per cell (seconds)',
    testId: 'sweep-max-seconds',
    help: 'A cell whose speed never settles stops here.',
    numeric: true,
  },
];

const adaptiveHelp =
  'Jobs until they stop helping, a coarse grid, and the cells between neighbours that differ are measured; the ' +
  'others are inferred from them and marked ≈ — never shown as measured.';

/** What the budget allows, once every field reads: "Within 30 min: about 17 of 80 cells measured …". */
function budgetPreview(sweep: SweepLists): string | null {
  const { blockSizes, fileSizes, jobs, budgetSeconds, maxSeconds } = readSweepGrid(sweep);
  if (!blockSizes || !fileSizes || !jobs || budgetSeconds === null || maxSeconds === null) return null;
  return sweepBudgetPreview({
    blockSizes,
    fileSizes,
    jobs,
    budgetSeconds,
    maxSeconds,
    steadyState: sweep.steadyState,
    rw: sweep.rw,
    adaptive: sweep.adaptive,
  }).words;
}

function listChange(name: ListName, value: string): Partial<SweepLists> {
  const change: Partial<SweepLists> = {};
  change[name] = value;
  return change;
}

/** The sweep's grid: the lists of block sizes, file sizes and job counts, the direction and a time budget. */
export function SweepFields({ id }: { id: string }) {
  const { sweep, problems } = useDiskTestStore(
    useShallow((state) => ({ sweep: state.sweep, problems: state.problems })),
  );
  const { chooseSweep } = useDiskTestActions();
  return (
    <fieldset className={styles.grid} data-testid="disk-sweep-fields" aria-describedby={`${id}-sweep-help`}>
      <legend>The grid</legend>
      <FieldHelp id={`${id}-sweep-help`}>
        Each combination is one fio run. Sizes take k, M and G, e.g. 4k, 128k, 1M.
      </FieldHelp>
      <FieldGrid>
        {lists.map((list) => (
          <TextField
            key={list.name}
            id={`${id}-sweep-${list.id}`}
            label={list.name === 'maxSeconds' && !sweep.steadyState ? 'Seconds per cell' : list.label}
            testId={list.testId}
            value={sweep[list.name]}
            onChange={(value) => chooseSweep(listChange(list.name, value))}
            problem={problems[list.name]}
            help={list.name === 'maxSeconds' && !sweep.steadyState ? 'Every cell runs this long.' : list.help}
            inputProps={list.numeric ? { inputMode: 'numeric' } : undefined}
          />
        ))}
      </FieldGrid>
      <RadioChoices
        legend="Direction"
        name={`${id}-sweep-rw`}
        options={directions}
        value={sweep.rw}
        onChange={(rw) => chooseSweep({ rw })}
        layout="row"
      />
      <CheckboxField
        id={`${id}-sweep-steady`}
        label="Stop each cell once its speed settles"
        testId="sweep-steady-state"
        checked={sweep.steadyState}
        onChange={(steadyState) => chooseSweep({ steadyState })}
        help="fio’s steady-state check: a cell ends once its rate stops changing, as storage evaluations run their grids. Off: every cell runs the same seconds, down to one."
      />
      <CheckboxField
        id={`${id}-sweep-adaptive`}
        label="Measure only where the grid tells something (adaptive)"
        testId="sweep-adaptive"
        checked={sweep.adaptive}
        onChange={(adaptive) => chooseSweep({ adaptive })}
        help={adaptiveHelp}
      />
      <p className={text.muted} data-testid="sweep-budget-preview" aria-live="polite">
        {budgetPreview(sweep)}
      </p>
    </fieldset>
  );
}
