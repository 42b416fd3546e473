import { Fragment } from 'react';
import type { z } from 'zod';
import type { DiskRunDetails, DiskTestResult } from '../../../../shared/disk';
import {
  describeCacheUse,
  describeDiskEngine,
  describeLatency,
  describeTestShape,
  diskResultTable,
  formatIops,
  groupNotes,
  type DiskColumn,
} from '../../../../shared/disk-words';
import { formatRate, type RateUnit } from '../../../../shared/units';
import { PlainText } from '../../components/PlainText';
import { SweepHeatmaps } from './SweepHeatmaps';

type DiskDetails = z.infer<typeof DiskRunDetails>;

const columnNames: Record<DiskColumn, string> = { read: 'Read', write: 'Write', mixed: 'Read and write mixed' };

/**
 * A disk run's results as CrystalDiskMark lays them out (a row per test, Read and Write side by side),
 * then what they were measured with, anything that changes how to read them, and the exact commands.
 */
export function DiskResults({
  details,
  unit,
  state,
}: {
  details: DiskDetails;
  unit: RateUnit;
  state: 'done' | 'failed' | 'cancelled';
}) {
  const { tests } = details;
  if (tests.length === 0) {
    return (
      <p data-testid="disk-results-empty">No disk test finished before the run stopped, so there are no figures.</p>
    );
  }
  const { rows, columns } = diskResultTable(tests);
  const notes = groupNotes(tests);
  return (
    <>
      {state !== 'done' && (
        <p data-testid="disk-results-partial">
          The run {state === 'failed' ? 'failed' : 'was cancelled'} before every test had run: these are the tests that
          finished.
        </p>
      )}
      {details.sweep ? (
        <SweepHeatmaps sweep={details.sweep} unit={unit} />
      ) : (
        <table className="disk-results" data-testid="disk-results">
          <caption>
            {details.engine === 'fio'
              ? 'Each test’s throughput, with its operations per second (IOPS) and the time within which 99 in 100 ' +
                'requests finished (p99 latency).'
              : 'Each test’s throughput. dd counts no operations and times no requests, so there is no IOPS or latency.'}
          </caption>
          <thead>
            <tr>
              <th scope="col">Test</th>
              {columns.map((column) => (
                <th scope="col" key={column}>
                  {columnNames[column]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const first = Object.values(row.cells)[0];
              return (
                <tr key={`${row.shape}-${first?.name ?? ''}`} data-shape={row.shape}>
                  <th scope="row">
                    <span className="disk-results__shape">{row.shape}</span>
                    {first && <span className="disk-results__words muted">{describeTestShape(first)}</span>}
                  </th>
                  {columns.map((column) => (
                    <ResultCell key={column} test={row.cells[column]} unit={unit} />
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <dl className="facts" data-testid="disk-measured-with">
        <div>
          <dt>Measured with</dt>
          <dd>{describeDiskEngine(details.engine, tests)}</dd>
        </div>
        <div>
          <dt>File system</dt>
          <dd>{details.fileSystem ?? 'unknown'}</dd>
        </div>
        <div>
          <dt>Folder</dt>
          <dd className="mono">{details.folder}</dd>
        </div>
        <div>
          <dt>Cache</dt>
          <dd>{describeCacheUse(tests)}</dd>
        </div>
      </dl>
      {notes.length > 0 && (
        <ul className="disk-notes" data-testid="disk-notes" aria-label="Notes on these figures">
          {notes.map(({ tests: which, note }) => (
            <li key={note}>
              <strong>{which}:</strong> <PlainText text={note} />
            </li>
          ))}
        </ul>
      )}
      {details.hints.map((hint) => (
        <p key={hint} className="notice notice--neutral">
          <PlainText text={hint} />
        </p>
      ))}
      <details className="disk-commands">
        <summary data-testid="disk-commands">Show the exact commands</summary>
        <p className="muted">What ran on the NAS, in its scratch folder, one command per test.</p>
        <ol className="commands">
          {tests.map((test) => (
            <li key={test.name}>
              <span className="commands__name">{test.name}</span>
              <pre className="mono">
                <CommandLine text={test.commandLine} />
              </pre>
            </li>
          ))}
        </ol>
      </details>
    </>
  );
}

/** Throughput in the user's unit, IOPS under it, p99 latency under that (and in words in the tooltip). */
function ResultCell({ test, unit }: { test: DiskTestResult | undefined; unit: RateUnit }) {
  if (!test) {
    return (
      <td className="disk-results__cell">
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">not measured</span>
      </td>
    );
  }
  const latency = describeLatency(test.latencyNs);
  // dd counts no operations and times no requests: a derived IOPS figure would look measured.
  const measuredByFio = test.engine === 'fio';
  return (
    <td
      className="disk-results__cell"
      data-test={test.name}
      data-bytes-per-second={test.bytesPerSecond}
      data-iops={test.iops}
      title={measuredByFio ? latency.long : undefined}
    >
      <span className="disk-results__figure">{formatRate(test.bytesPerSecond, unit)}</span>
      {measuredByFio && (
        <>
          <span className="disk-results__secondary">{formatIops(test.iops)}</span>
          <span className="disk-results__secondary muted">{latency.short}</span>
        </>
      )}
    </td>
  );
}

/**
 * A command that wraps only between its arguments: a line break after "--" would read as a
 * different option. Copying it still gives the exact command, spaces and all.
 */
function CommandLine({ text }: { text: string }) {
  return text.split(' ').map((word, index) => (
    <Fragment key={index}>
      {index > 0 && ' '}
      <span className="commands__word">{word}</span>
    </Fragment>
  ));
}
