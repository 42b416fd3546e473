import { shareName, type CopyRunDetails, type CopyTestResult } from '../../../../shared/contract/copy';
import type { ClientFacts } from '../../../../shared/contract/probe';
import type { RunConnection } from '../../../../shared/contract/runs';
import { formatBytes, formatRate, type RateUnit } from '../../../../shared/util/units';
import { copyCache } from '../../../../shared/words/cache';
import { describeCopyPlace } from '../../../../shared/kinds/copy/share-path';
import { describeUnsteady, linkAsSubject } from '../../../../shared/words/spread';
import { PlainText } from '../../components/PlainText';
import { TermText } from '../../components/Term';
import { SpreadMark } from '../../components/Spread';
import tables from '../../components/tables.module.css';
import text from '../../theme/text.module.css';
import styles from './CopyResults.module.css';
import { NoFigures, PartialFigures } from '../../components/UnfinishedRun';
import { CacheWallChart, CacheWallTable } from './CacheWallChart';

const testNames: Record<CopyTestResult['test'], string> = {
  sequential: 'One large file',
  'small-files': 'Small files',
  sweep: 'Sweep',
};

/**
 * A copy run's results: a row per measured figure, then (when a sweep ran) throughput against
 * file size with the cache wall marked, and what each method of bypassing the cache means.
 */
export function CopyResults({
  details,
  unit,
  state,
  route,
  connection,
}: {
  details: CopyRunDetails;
  unit: RateUnit;
  state: 'done' | 'failed' | 'cancelled';
  /** The link the run reached the NAS by, when known: an unsteady copy over that same link names it. */
  route?: ClientFacts['route'] | null | undefined;
  /** The run's connection as the user named it: the share's interface is said by that name. */
  connection?: RunConnection | null | undefined;
}) {
  const { tests } = details;
  if (tests.length === 0) return <NoFigures kind="copy" testId="copy-results-empty" />;
  const place = describeCopyPlace(details, connection);
  // Only a copy known to have taken the run's own link names that link when it varied.
  const subject =
    details.path?.interface && details.path.interface === route?.interface ? linkAsSubject(route.type) : null;
  return (
    <>
      <PartialFigures state={state} />
      <h3 data-testid="copy-place" data-place={place.kind}>
        <TermText text={place.heading} />
      </h3>
      <p className={text.muted}>
        In <code>{details.dir}</code>
        {details.share ? ` on ${shareName(details.share)} (${details.share.fsType})` : ''}
        {/* "fuse" names how the share is mounted, not a file system anyone would know: the share's protocol says more. */}
        {details.fileSystem && !/^fuse/.test(details.fileSystem) ? `, file system ${details.fileSystem}` : ''}.
      </p>
      <table className={`${tables.result} ${styles.table}`} data-testid="copy-results">
        <caption>Each copy test’s throughput, and whether a memory cache may be in the figure.</caption>
        <thead>
          <tr>
            <th scope="col">Test</th>
            <th scope="col">Direction</th>
            <th scope="col">File size</th>
            <th scope="col">Block</th>
            <th scope="col">Cache</th>
            <th scope="col">Throughput</th>
            <th scope="col">Notes</th>
          </tr>
        </thead>
        <tbody>
          {tests.map((test, index) => (
            <tr key={`${test.test}-${test.op}-${test.fileSize}-${index}`} data-op={test.op}>
              <th scope="row">{testNames[test.test]}</th>
              <td>{test.op === 'write' ? 'Write' : 'Read'}</td>
              <td className={styles.nowrap}>{formatBytes(test.fileSize)}</td>
              <td className={styles.nowrap}>{formatBytes(test.blockSize)}</td>
              <td data-testid="copy-cache">{copyCache(test).words}</td>
              <td className={styles.nowrap} data-bytes-per-second={test.bytesPerSecond}>
                {formatRate(test.bytesPerSecond, unit)}
                <SpreadMark spread={test.spread} />
              </td>
              <td>
                {[
                  test.files !== undefined && test.filesPerSecond !== undefined
                    ? `${test.files} files, ${Math.round(test.filesPerSecond)} files/s`
                    : '',
                  describeUnsteady(test.spread, subject) ?? '',
                ]
                  .filter(Boolean)
                  .join('. ')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {details.roundTripIdentical !== undefined && (
        <p>{details.roundTripIdentical ? 'The file read back was identical.' : 'The file read back was different!'}</p>
      )}
      {details.sweep && (
        <section aria-labelledby="copy-sweep-title">
          <h3 id="copy-sweep-title">Throughput by file size (cache-wall sweep)</h3>
          <CacheWallChart sweep={details.sweep} />
          <p>
            <PlainText text={details.sweep.note} terms />
          </p>
          <p className={text.muted} data-testid="copy-sweep-ram">
            RAM that can cache a copy: this computer {formatBytes(details.sweep.clientRamBytes)}; the NAS{' '}
            {details.sweep.nasRamBytes === null
              ? 'unknown (pick a share on a connected NAS to include it)'
              : formatBytes(details.sweep.nasRamBytes)}
            .
          </p>
          <CacheWallTable sweep={details.sweep} unit={unit} tests={tests} />
        </section>
      )}
      {details.notes.length > 0 && (
        <ul className={text.muted} aria-label="How the figures were measured">
          {details.notes.map((note) => (
            <li key={note}>
              <PlainText text={note} terms />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
