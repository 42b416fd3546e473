import type { RunRecord } from '../contract/runs';
import { csvField } from './escape';
import { testRows } from './report-model';
import { sweepGridCells } from '../sweep/grid';
import { resultsOfKind } from '../kinds';

/**
 * Spreadsheet exports in base units (bytes/s, bytes, seconds, ns), so nothing is lost to rounding:
 * one row per test, and one row per stored sample of each chart line.
 */
const testColumns = [
  'run_id',
  'group',
  'test',
  'op',
  'bytes_per_second',
  'bits_per_second',
  'iops',
  'latency_p50_ns',
  'latency_p99_ns',
  'block_size_bytes',
  'file_size_bytes',
  'streams_or_jobs',
  'bytes',
  'seconds',
  'cached',
  'direct',
  'how',
  'note',
  // Added with figure quality (#15): at the end, so sheets that read columns by position keep working.
  'spread_relative',
  'spread_basis',
  'cache_client',
  'cache_nas',
  'cache_words',
  'path_kind',
  'path_server',
  'path_protocol',
  'path_interface',
  // Added with UDP tests (#16), at the end for the same reason.
  'udp_target_bits_per_second',
  'udp_packets',
  'udp_lost_packets',
  'udp_loss_percent',
  'udp_jitter_ms',
] as const;

const line = (fields: readonly (string | number | boolean | null)[]) => fields.map(csvField).join(',');

export function reportTestsCsv(record: RunRecord): string {
  const rows = testRows(record).map((row) =>
    line([
      record.id,
      row.group,
      row.test,
      row.op,
      row.bytesPerSecond,
      row.bytesPerSecond * 8,
      row.iops,
      row.latencyP50Ns,
      row.latencyP99Ns,
      row.blockSize,
      row.fileSize,
      row.streams,
      row.bytes,
      row.seconds,
      row.cached,
      row.direct,
      row.how,
      row.note,
      row.spread?.relative ?? null,
      row.spread?.basis ?? null,
      row.cache?.client ?? null,
      row.cache?.nas ?? null,
      row.cacheWords,
      row.path?.kind ?? null,
      row.path?.server ?? null,
      row.path?.protocol ?? null,
      row.path?.interface ?? null,
      row.udp?.targetBitsPerSecond ?? null,
      row.udp?.packets ?? null,
      row.udp?.lostPackets ?? null,
      row.udp?.lossPercent ?? null,
      row.udp?.jitterMs ?? null,
    ]),
  );
  return `${[line(testColumns), ...rows].join('\r\n')}\r\n`;
}

export function reportSamplesCsv(record: RunRecord): string {
  const labels = new Map(record.series.map((series) => [series.id, series.label]));
  const rows = record.samples.flatMap((series) =>
    series.points.map(([t, bytesPerSecond]) =>
      line([record.id, series.series, labels.get(series.series) ?? series.series, t, bytesPerSecond]),
    ),
  );
  return `${[line(['run_id', 'series', 'series_label', 't_seconds', 'bytes_per_second']), ...rows].join('\r\n')}\r\n`;
}

const gridColumns = [
  'run_id',
  'direction',
  'block_size_bytes',
  'file_size_bytes',
  'jobs',
  'how',
  'bytes_per_second',
  'bytes_per_second_per_job',
  'iops',
  'latency_p99_ns',
  'spread_relative',
  'cache_client',
  'cache_nas',
] as const;

/**
 * A disk sweep's whole grid, one row per cell: measured ones with fio's figures, an adaptive sweep's
 * inferred ones marked `inferred` (throughput, per job and IOPS inferred; p99 never), cells that did
 * not run as `not run`; each measured cell with its spread and the caches that could have served it.
 * Only the header for a run without a sweep.
 */
export function reportGridCsv(record: RunRecord): string {
  const rows = resultsOfKind(record.results, 'disk').flatMap((result) =>
    result.sweep
      ? sweepGridCells(result.sweep, result.tests).map((cell) =>
          line([
            record.id,
            cell.rw,
            cell.bs,
            cell.fileSize,
            cell.jobs,
            cell.how,
            cell.bytesPerSecond,
            cell.perJobBytesPerSecond,
            cell.iops,
            cell.p99Ns,
            cell.spread?.relative ?? null,
            cell.cache?.client ?? null,
            cell.cache?.nas ?? null,
          ]),
        )
      : [],
  );
  return `${[line(gridColumns), ...rows].join('\r\n')}\r\n`;
}
