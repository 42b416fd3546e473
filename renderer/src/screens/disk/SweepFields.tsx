import { useShallow } from 'zustand/react/shallow';
import { TextField } from '../../components/NumberField';
import { useDiskTestActions, useDiskTestStore } from '../../stores/disk-test';

const directions = [
  ['write', 'Writing'],
  ['read', 'Reading'],
  ['both', 'Both'],
] as const;

/** The sweep's grid: the lists of block sizes, file sizes and job counts, the direction and a time budget. */
export function SweepFields({ id }: { id: string }) {
  const { sweep, problems } = useDiskTestStore(
    useShallow((state) => ({ sweep: state.sweep, problems: state.problems })),
  );
  const { chooseSweep } = useDiskTestActions();
  return (
    <fieldset className="field sweep-fields" data-testid="disk-sweep-fields">
      <legend>The grid</legend>
      <p className="field__help muted">
        Each combination is one fio run, stopped once its speed has settled. Sizes take k, M and G, e.g. 4k, 128k, 1M.
      </p>
      <div className="number-fields">
        <TextField
          id={`${id}-sweep-bs`}
          label="Block sizes"
          testId="sweep-block-sizes"
          value={sweep.blockSizes}
          onChange={(blockSizes) => chooseSweep({ blockSizes })}
          problem={problems.blockSizes}
          help="The heatmap’s rows."
        />
        <TextField
          id={`${id}-sweep-files`}
          label="File sizes (per job)"
          testId="sweep-file-sizes"
          value={sweep.fileSizes}
          onChange={(fileSizes) => chooseSweep({ fileSizes })}
          problem={problems.fileSizes}
          help="The heatmap’s columns."
        />
        <TextField
          id={`${id}-sweep-jobs`}
          label="Jobs at once"
          testId="sweep-jobs"
          value={sweep.jobs}
          onChange={(jobs) => chooseSweep({ jobs })}
          problem={problems.jobs}
          help="One heatmap each."
        />
        <TextField
          id={`${id}-sweep-budget`}
          label="Time budget (minutes)"
          testId="sweep-budget"
          value={sweep.budgetMinutes}
          onChange={(budgetMinutes) => chooseSweep({ budgetMinutes })}
          problem={problems.budgetMinutes}
          help="Cells that would run past it are left out, and the result says so."
          inputProps={{ inputMode: 'numeric' }}
        />
        <TextField
          id={`${id}-sweep-max`}
          label="Longest per cell (seconds)"
          testId="sweep-max-seconds"
          value={sweep.maxSeconds}
          onChange={(maxSeconds) => chooseSweep({ maxSeconds })}
          problem={problems.maxSeconds}
          help="A cell whose speed never settles stops here."
          inputProps={{ inputMode: 'numeric' }}
        />
      </div>
      <div className="field">
        <span id={`${id}-sweep-rw`}>Direction</span>
        <div className="segmented" role="radiogroup" aria-labelledby={`${id}-sweep-rw`}>
          {directions.map(([value, label]) => (
            <label key={value} className="choice">
              <input
                type="radio"
                name={`${id}-sweep-rw`}
                value={value}
                data-testid={`sweep-rw-${value}`}
                checked={sweep.rw === value}
                onChange={() => chooseSweep({ rw: value })}
              />
              {label}
            </label>
          ))}
        </div>
      </div>
    </fieldset>
  );
}
