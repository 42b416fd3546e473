import { averageRate, describeLinkUse, type LegLink } from '../../../../shared/kinds/network/words';
import { formatRate, type RateUnit } from '../../../../shared/util/units';
import { spreadOfSamples } from '../../../../shared/util/spread';
import { HeadlineContext } from '../../components/Headline';
import { SpreadMark } from '../../components/Spread';
import tables from '../../components/tables.module.css';
import { useNetworkTestStore, type NetworkRunLinks } from './store';
import type { LiveRun } from '../../stores/runs';
import styles from './NetworkResults.module.css';

/** The links a network run went over, when this session started it and knew them. */
export function useRunLinks(runId: string): NetworkRunLinks | undefined {
  return useNetworkTestStore((state) => state.linksByRun[runId]);
}

/** "— 94% of a 1 GbE link", after the headline figure; nothing when the links' speeds are unknown. */
export function LinkUse({ bytesPerSecond, runLinks }: { bytesPerSecond: number; runLinks: NetworkRunLinks }) {
  const words = describeLinkUse(bytesPerSecond, runLinks.links, runLinks.direction);
  if (!words) return null;
  return <HeadlineContext testId="results-link-use">— {words}</HeadlineContext>;
}

/** The links under one line of the chart: its own leg, or all of them for the total. */
function linksOf(seriesId: string, runLinks: NetworkRunLinks | undefined): LegLink[] {
  if (!runLinks) return [];
  if (seriesId === 'total') return runLinks.links;
  const leg = /^leg-(\d+)$/.exec(seriesId);
  const link = leg ? runLinks.links[Number(leg[1]) - 1] : undefined;
  return link ? [link] : [];
}

/** Each line's average over the test: whether every leg of a multi-link test pulled its weight. */
export function SeriesAverages({
  run,
  unit,
  runLinks,
}: {
  run: LiveRun;
  unit: RateUnit;
  runLinks: NetworkRunLinks | undefined;
}) {
  const rows = run.series.map((info) => {
    const readings = run.samples[info.id]?.toArray() ?? [];
    const average = averageRate(readings);
    // The same rule the engine uses for a figure's spread: the steady part of the per-second readings.
    const spread = spreadOfSamples(readings.map((reading) => reading.value));
    const use =
      average === null || !runLinks ? null : describeLinkUse(average, linksOf(info.id, runLinks), runLinks.direction);
    return { info, average, use, spread };
  });
  const anyUse = rows.some((row) => row.use !== null);
  return (
    <table className={`${tables.figures} ${styles.averages}`} data-testid="series-averages">
      <caption>Average of each line’s readings</caption>
      <thead>
        <tr>
          <th scope="col">Line</th>
          <th scope="col">Average</th>
          {anyUse && <th scope="col">Use of the link</th>}
        </tr>
      </thead>
      <tbody>
        {rows.map(({ info, average, use, spread }) => (
          <tr key={info.id} data-series={info.id} data-bytes-per-second={average ?? undefined}>
            <th scope="row">{info.label}</th>
            <td>
              {average === null ? 'no readings' : formatRate(average, unit)}
              {average !== null && <SpreadMark spread={spread} />}
            </td>
            {anyUse && <td>{use ?? 'speed unknown'}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
