import type { ShareBenchResult, ShareBenchTest } from '../../../../shared/contract/share-bench';
import { describeSession } from '../../../../shared/kinds/copy/share-session';
import { crystalTileRows, hasCrystalCells } from '../../../../shared/kinds/disk/disk-card';
import { formatIops } from '../../../../shared/kinds/disk/words';
import { roundTripWords, shareCardText } from '../../../../shared/kinds/share/share-card';
import { latencyWords, shareSetupWords, shareTestCache, shareWhere } from '../../../../shared/kinds/share/words';
import { formatRate, type RateUnit } from '../../../../shared/util/units';
import { CrystalCard } from '../../components/CrystalCard';
import { Facts } from '../../components/Facts';
import { PlainText } from '../../components/PlainText';
import { SpreadMark } from '../../components/Spread';
import { Term, TermText } from '../../components/Term';
import { PartialFigures } from '../../components/UnfinishedRun';
import tables from '../../components/tables.module.css';
import text from '../../theme/text.module.css';
import styles from './ShareResults.module.css';

/**
 * The share benchmark from this computer: CrystalDiskMark's tile of the eight figures people post,
 * then every test with its IOPS, mean latency and which caches could have served it, then where and
 * how it was measured (the share's session terms when known).
 */
export function ShareResults({
  result,
  unit,
  state,
}: {
  result: ShareBenchResult;
  unit: RateUnit;
  state: 'done' | 'failed' | 'cancelled';
}) {
  const { tests } = result;
  const withNotes = tests.some((test) => test.note);
  // The engine's notes may repeat its I/O path, which "Measured with" already says.
  const notes = result.notes.filter((note) => !result.ioPath.includes(note));
  if (tests.length === 0)
    return (
      <p data-testid="share-results-empty">
        No test of the share benchmark finished before the run stopped, so there are no figures.
      </p>
    );
  return (
    <>
      <PartialFigures state={state} testId="share-results-partial" />
      {hasCrystalCells(tests) && (
        <CrystalCard
          heading={
            <>
              From this computer, in <Term id="crystaldiskmark">CrystalDiskMark</Term>’s layout
            </>
          }
          rows={crystalTileRows(tests)}
          text={shareCardText(result)}
          testIdPrefix="share"
        />
      )}
      <table className={`${tables.result} ${styles.table}`} data-testid="share-results">
        <caption>
          <TermText text="Each test’s best scored pass: throughput, operations per second (IOPS), the mean time one I/O took, how much the passes varied, and which caches could have served it." />
        </caption>
        <thead>
          <tr>
            <th scope="col">Test</th>
            <th scope="col">Throughput</th>
            <th scope="col">IOPS</th>
            <th scope="col">Mean latency</th>
            <th scope="col">Spread</th>
            <th scope="col">Cache</th>
            {withNotes && <th scope="col">Note</th>}
          </tr>
        </thead>
        <tbody>
          {tests.map((test) => (
            <tr key={test.name} data-test={test.name}>
              <th scope="row">
                <TermText text={test.name} />
              </th>
              <td className={styles.figure} data-bytes-per-second={test.bytesPerSecond}>
                {formatRate(test.bytesPerSecond, unit)}
              </td>
              <td className={styles.figure} data-iops={test.iops}>
                {formatIops(test.iops)}
              </td>
              <td className={styles.figure} data-latency-ns={test.latencyNs.mean}>
                {latencyWords(test.latencyNs.mean)}
              </td>
              <td className={styles.figure}>
                <PassSpread test={test} />
              </td>
              <td className={styles.words}>
                <TermText text={shareTestCache(test).words} />
              </td>
              {withNotes && <td className={styles.words}>{test.note ? <PlainText text={test.note} terms /> : ''}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      <Facts
        testId="share-measured-with"
        facts={[
          { label: 'Where', value: <TermText text={`Measured ${shareWhere(result)}`} />, valueTestId: 'share-where' },
          ...(result.path.session
            ? [{ label: 'Session', value: <TermText text={describeSession(result.path.session)} /> }]
            : []),
          ...(result.roundTrip
            ? [{ label: 'Round trip', value: roundTripWords(result.roundTrip), valueTestId: 'share-round-trip' }]
            : []),
          { label: 'Folder', value: result.dir, valueClassName: text.mono },
          { label: 'File system', value: <TermText text={result.fileSystem ?? 'unknown'} /> },
          {
            label: 'Measured with',
            value: <TermText text={[shareSetupWords(result), result.ioPath].filter(Boolean).join('; ')} />,
          },
        ]}
      />
      {notes.length > 0 && (
        <ul className={styles.notes} data-testid="share-notes" aria-label="Notes on these figures">
          {notes.map((note) => (
            <li key={note}>
              <PlainText text={note} terms />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** How much the scored passes varied; a single pass has nothing to vary against. */
function PassSpread({ test }: { test: ShareBenchTest }) {
  if (test.passes.length < 2) return <span className={text.muted}>one pass</span>;
  if (!test.spread)
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">not measured</span>
      </>
    );
  return <SpreadMark spread={test.spread} />;
}
