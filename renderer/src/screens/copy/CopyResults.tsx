import { shareName, type CopyRunDetails, type CopyTestResult } from '../../../../shared/copy';
import { formatBytes, formatRate, type RateUnit } from '../../../../shared/units';
import { PlainText } from '../../components/PlainText';
import { SweepChart, SweepTable } from './SweepChart';

const testNames: Record<CopyTestResult['test'], string> = {
  sequential: 'One large file',
  'small-files': 'Small files',
  sweep: 'Sweep',
};

/** How the figure relates to the caches: what a reader needs to trust (or discount) it. */
export function describeCaching(test: CopyTestResult): string {
  if (test.direct) return 'Uncached (direct I/O)';
  // Not direct and not cached: fsync'd writes, or files larger than the RAM involved (the notes say which).
  return test.cached ? 'May include a memory cache' : 'Uncached';
}

/**
 * A copy run's results: a row per measured figure, then (when a sweep ran) throughput against
 * file size with the cache wall marked, and what each method of bypassing the cache means.
 */
export function CopyResults({
  details,
  unit,
  state,
}: {
  details: CopyRunDetails;
  unit: RateUnit;
  state: 'done' | 'failed' | 'cancelled';
}) {
  const { tests } = details;
  if (tests.length === 0)
    return (
      <p data-testid="copy-results-empty">No copy test finished before the run stopped, so there are no figures.</p>
    );
  return (
    <>
      {state !== 'done' && (
        <p>
          The run {state === 'failed' ? 'failed' : 'was cancelled'} before every test had run: these are the tests that
          finished.
        </p>
      )}
      <p className="muted">
        In <code>{details.dir}</code>
        {details.share ? ` on ${shareName(details.share)} (${details.share.fsType})` : ''}
        {details.fileSystem ? `, file system ${details.fileSystem}` : ''}.
      </p>
      <table className="copy-results" data-testid="copy-results">
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
              <td className="copy-results__size">{formatBytes(test.fileSize)}</td>
              <td className="copy-results__size">{formatBytes(test.blockSize)}</td>
              <td>{describeCaching(test)}</td>
              <td className="copy-results__size" data-bytes-per-second={test.bytesPerSecond}>
                {formatRate(test.bytesPerSecond, unit)}
              </td>
              <td>
                {test.files !== undefined && test.filesPerSecond !== undefined
                  ? `${test.files} files, ${Math.round(test.filesPerSecond)} files/s`
                  : ''}
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
          <SweepChart sweep={details.sweep} />
          <p>
            <PlainText text={details.sweep.note} />
          </p>
          <p className="muted" data-testid="copy-sweep-ram">
            RAM that can cache a copy: this computer {formatBytes(details.sweep.clientRamBytes)}; the NAS{' '}
            {details.sweep.nasRamBytes === null
              ? 'unknown (pick a share on a connected NAS to include it)'
              : formatBytes(details.sweep.nasRamBytes)}
            .
          </p>
          <SweepTable sweep={details.sweep} unit={unit} />
        </section>
      )}
      {details.notes.length > 0 && (
        <ul className="muted" aria-label="How the figures were measured">
          {details.notes.map((note) => (
            <li key={note}>
              <PlainText text={note} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
