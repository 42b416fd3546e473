import { Fragment } from 'react';
import type { z } from 'zod';
import type { DiskRunDetails, DiskTestResult } from '../../../../shared/contract/disk';
import {
  describeCacheUse,
  describeDiskEngine,
  describeLatency,
  describeTestShape,
  diskResultTable,
  formatIops,
  groupNotes,
  type DiskColumn,
} from '../../../../shared/kinds/disk/words';
import { formatRate, type RateUnit } from '../../../../shared/util/units';
import { diskCache } from '../../../../shared/words/cache';
import { describeUnsteady } from '../../../../shared/words/spread';
import { SpreadMark } from '../../components/Spread';
import { Facts } from '../../components/Facts';
import { Notice } from '../../components/Notice';
import { PlainText } from '../../components/PlainText';
import { Term, TermText } from '../../components/Term';
import tables from '../../components/tables.module.css';
import text from '../../theme/text.module.css';
import styles from './DiskResults.module.css';
import { NoFigures, PartialFigures } from '../../components/UnfinishedRun';
import { SweepHeatmaps } from './SweepHeatmaps';
import { CrystalCard } from '../../components/CrystalCard';
import { crystalText, crystalTileRows, hasCrystalCells } from '../../../../shared/kinds/disk/disk-card';

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
  if (tests.length === 0) return <NoFigures kind="disk" testId="disk-results-empty" />;
  const { rows, columns } = diskResultTable(tests);
  const notes = groupNotes(tests);
  return (
    <>
      <PartialFigures state={state} testId="disk-results-partial" />
      {!details.sweep && hasCrystalCells(tests) && (
        <CrystalCard
          heading={
            <>
              In <Term id="crystaldiskmark">CrystalDiskMark</Term>’s layout
            </>
          }
          rows={crystalTileRows(tests)}
          text={crystalText(details)}
          testIdPrefix="crystal"
        />
      )}
      {details.sweep ? (
        <SweepHeatmaps sweep={details.sweep} unit={unit} tests={tests} />
      ) : (
        <table className={`${tables.result} ${styles.table}`} data-testid="disk-results">
          <caption>
            <TermText
              text={
                details.engine === 'fio'
                  ? 'Each test’s throughput, with its operations per second (IOPS) and the time within which 99 in ' +
                    '100 requests finished (p99 latency).'
                  : 'Each test’s throughput. dd counts no operations and times no requests, so there is no IOPS or ' +
                    'latency.'
              }
            />
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
                    <span className={styles.shape}>
                      <TermText text={row.shape} />
                    </span>
                    {first && <span className={styles.words}>{describeTestShape(first)}</span>}
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
      <Facts
        testId="disk-measured-with"
        facts={[
          { label: 'Measured with', value: <TermText text={describeDiskEngine(details.engine, tests)} /> },
          { label: 'File system', value: <TermText text={details.fileSystem ?? 'unknown'} /> },
          { label: 'Folder', value: details.folder, valueClassName: text.mono },
          { label: 'Cache', value: <TermText text={describeCacheUse(tests)} /> },
        ]}
      />
      {notes.length > 0 && (
        <ul className={styles.notes} data-testid="disk-notes" aria-label="Notes on these figures">
          {notes.map(({ tests: which, note }) => (
            <li key={note}>
              <strong>{which}:</strong> <PlainText text={note} terms />
            </li>
          ))}
        </ul>
      )}
      {details.hints.map((hint) => (
        <Notice key={hint} as="p">
          <PlainText text={hint} terms />
        </Notice>
      ))}
      <details className={styles.commandsBox}>
        <summary data-testid="disk-commands">Show the exact commands</summary>
        <p className={text.muted}>What ran on the NAS, in its scratch folder, one command per test.</p>
        <ol className={styles.commands}>
          {tests.map((test) => (
            <li key={test.name}>
              <span className={styles.commandName}>{test.name}</span>
              <pre className={text.mono} data-testid="disk-command">
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
      <td className={styles.cell}>
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">not measured</span>
      </td>
    );
  }
  const latency = describeLatency(test.latencyNs);
  // dd counts no operations and times no requests: a derived IOPS figure would look measured.
  const measuredByFio = test.engine === 'fio';
  const unsteady = describeUnsteady(test.spread);
  const tooltip = [
    measuredByFio ? latency.long : '',
    unsteady ? `${unsteady}.` : '',
    `Cache: ${diskCache(test).words}.`,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <td
      className={styles.cell}
      data-test={test.name}
      data-bytes-per-second={test.bytesPerSecond}
      data-iops={test.iops}
      title={tooltip}
    >
      <span className={styles.figure}>
        {formatRate(test.bytesPerSecond, unit)}
        <SpreadMark spread={test.spread} />
      </span>
      {measuredByFio && (
        <>
          <span className={styles.secondary}>{formatIops(test.iops)}</span>
          <span className={`${styles.secondary} ${text.muted}`}>{latency.short}</span>
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
      <span className={styles.commandWord}>{word}</span>
    </Fragment>
  ));
}
