import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fioFailureFromText, parseFioReport, summarizeFioReport } from '../../electron/engine/disk/parse';
import { FioStatusStream } from '../../electron/engine/disk/status-stream';
import { NasbenchError } from '../../shared/contract/errors';

const fixtureDir = path.join(__dirname, '../fixtures/fio');
const stdoutOf = (name: string): string => readFileSync(path.join(fixtureDir, `${name}.out`), 'utf8');
const stderrOf = (name: string): string => readFileSync(path.join(fixtureDir, `${name}.err`), 'utf8');

interface RawDirection {
  io_bytes: number;
  bw_bytes: number;
  bw: number;
  iops: number;
  runtime: number;
  clat_ns: { percentile: Record<string, number> };
  lat_ns: { mean: number };
}
interface RawJob {
  jobname: string;
  error: number;
  read: RawDirection;
  write: RawDirection;
}
interface RawReport {
  jobs: RawJob[];
}

/**
 * The objects of a fixture, split independently of the code under test: every object fio 3.33
 * prints starts with a line `{` followed by its version line.
 */
function rawObjects(text: string): RawReport[] {
  return text
    .slice(text.indexOf('{\n  "fio version"'))
    .split(/\n(?=\{\n {2}"fio version")/)
    .map((part) => JSON.parse(part) as RawReport);
}
const rawFinal = (name: string): RawReport => rawObjects(stdoutOf(name)).at(-1) as RawReport;

function errorOf(run: () => unknown): NasbenchError {
  try {
    run();
  } catch (error) {
    if (error instanceof NasbenchError) return error;
    throw error;
  }
  throw new Error('expected a NasbenchError');
}

describe('fio final report', () => {
  it('takes bytes/s from bw_bytes exactly (bw is KiB/s: KiB/1000 would be 2.4% off)', () => {
    const raw = rawFinal('final-randread-4k-q32');
    const report = parseFioReport(stdoutOf('final-randread-4k-q32'));
    const summary = summarizeFioReport(report);
    const read = raw.jobs[0]?.read as RawDirection;
    expect(summary.bytesPerSecond).toBe(read.bw_bytes);
    expect(summary.bytesPerSecond).not.toBe((read.bw * 1024) / 1000);
    expect(summary.iops).toBe(read.iops);
    expect(summary.ioBytes).toBe(read.io_bytes);
    expect(summary.seconds).toBe(read.runtime / 1000);
    expect(summary.latencyNs).toEqual({
      mean: read.lat_ns.mean,
      p50: read.clat_ns.percentile['50.000000'],
      p99: read.clat_ns.percentile['99.000000'],
    });
    expect(report.fioVersion).toBe('3.33');
    expect(report.raw).toEqual(raw);
  });

  it('reads group_reporting over 4 jobs as one entry', () => {
    const raw = rawFinal('group-reporting-4jobs');
    expect(raw.jobs).toHaveLength(1);
    const summary = summarizeFioReport(parseFioReport(stdoutOf('group-reporting-4jobs')));
    expect(summary.bytesPerSecond).toBe(raw.jobs[0]?.write.bw_bytes);
    expect(summary.iops).toBe(raw.jobs[0]?.write.iops);
    expect(summary.latencyNs.p99).toBe(raw.jobs[0]?.write.clat_ns.percentile['99.000000']);
  });

  it('adds up jobs reported one by one, and keeps the worst latency', () => {
    const raw = rawFinal('per-job-2jobs');
    expect(raw.jobs).toHaveLength(2);
    const summary = summarizeFioReport(parseFioReport(stdoutOf('per-job-2jobs')));
    const [first, second] = raw.jobs.map((job) => job.read);
    expect(summary.bytesPerSecond).toBe((first?.bw_bytes ?? 0) + (second?.bw_bytes ?? 0));
    expect(summary.iops).toBeCloseTo((first?.iops ?? 0) + (second?.iops ?? 0), 6);
    expect(summary.latencyNs.p99).toBe(
      Math.max(first?.clat_ns.percentile['99.000000'] ?? 0, second?.clat_ns.percentile['99.000000'] ?? 0),
    );
  });

  it('adds reads and writes of a mixed test', () => {
    const job = rawFinal('mixed-randrw').jobs[0] as RawJob;
    const summary = summarizeFioReport(parseFioReport(stdoutOf('mixed-randrw')));
    expect(job.read.bw_bytes).toBeGreaterThan(job.write.bw_bytes);
    expect(summary.bytesPerSecond).toBe(job.read.bw_bytes + job.write.bw_bytes);
    // Latency from the direction that did most of the I/O (70% reads).
    expect(summary.latencyNs.p50).toBe(job.read.clat_ns.percentile['50.000000']);
  });

  it('finds the report after the notes fio prints before it', () => {
    const text = stdoutOf('warnings-before-json');
    expect(text.startsWith('note: both iodepth >= 1 and synchronous I/O engine')).toBe(true);
    const summary = summarizeFioReport(parseFioReport(text));
    expect(summary.bytesPerSecond).toBe(rawFinal('warnings-before-json').jobs[0]?.read.bw_bytes);
  });

  it('reads steady-state detection', () => {
    const summary = summarizeFioReport(parseFioReport(stdoutOf('steady-state')));
    expect(summary.steadyState).toEqual({ criterion: 'bw_slope:0.500000%', durationSeconds: 3, attained: true });
    // Attained before the 30 s runtime: the test stopped early.
    expect(summary.seconds).toBeLessThan(30);
  });

  it('takes the last object of a status stream as the report', () => {
    const objects = rawObjects(stdoutOf('status-seqwrite-1m'));
    expect(objects.length).toBe(5);
    const summary = summarizeFioReport(parseFioReport(stdoutOf('status-seqwrite-1m')));
    expect(summary.bytesPerSecond).toBe(objects.at(-1)?.jobs[0]?.write.bw_bytes);
  });
});

describe('fio failures', () => {
  it('turns ENOSPC into DISK_FULL', () => {
    const error = errorOf(() => summarizeFioReport(parseFioReport(stdoutOf('error-disk-full'))));
    expect(error.code).toBe('DISK_FULL');
    expect(error.message).toMatch(/ran out of space/);
    expect(errorOf(() => summarizeFioReport(parseFioReport(stdoutOf('error-disk-full-preallocated')))).code).toBe(
      'DISK_FULL',
    );
    expect(fioFailureFromText(stderrOf('error-disk-full'))?.code).toBe('DISK_FULL');
  });

  it('recognises a file system that refuses O_DIRECT (EINVAL), from the JSON and from stderr', () => {
    const error = errorOf(() => summarizeFioReport(parseFioReport(stdoutOf('error-direct-refused'))));
    expect(error.details).toMatchObject({ fioError: 22, reason: 'direct-refused' });
    expect(fioFailureFromText(stderrOf('error-direct-refused'))?.details?.reason).toBe('direct-refused');
  });

  it('recognises a missing I/O engine, which prints no JSON at all', () => {
    expect(errorOf(() => parseFioReport(stdoutOf('engine-missing'))).code).toBe('PARSE_ERROR');
    const error = fioFailureFromText(`${stderrOf('engine-missing')}\n${stdoutOf('engine-missing')}`);
    expect(error).toMatchObject({ code: 'TOOL_MISSING', details: { reason: 'engine-missing' } });
  });

  it('says nothing specific about output it does not know', () => {
    expect(fioFailureFromText('fio: something else went wrong')).toBeUndefined();
  });
});

describe('fio status stream', () => {
  it('gives one sample per interval: Δio_bytes / Δruntime', () => {
    const objects = rawObjects(stdoutOf('status-seqwrite-1m')).map((object) => object.jobs[0]?.write as RawDirection);
    const stream = new FioStatusStream();
    const samples = stream.push(stdoutOf('status-seqwrite-1m'));
    expect(samples).toHaveLength(objects.length);
    let previous = { io_bytes: 0, runtime: 0 };
    for (const [index, sample] of samples.entries()) {
      const now = objects[index] as RawDirection;
      expect(sample.t).toBe(now.runtime / 1000);
      expect(sample.ioBytes).toBe(now.io_bytes);
      expect(sample.bytesPerSecond).toBeCloseTo(
        ((now.io_bytes - previous.io_bytes) * 1000) / (now.runtime - previous.runtime),
        6,
      );
      previous = now;
    }
  });

  it('gives the same samples whatever the chunks', () => {
    const text = stdoutOf('status-seqwrite-1m');
    const whole = new FioStatusStream().push(text);
    for (const size of [1, 7, 100, 4096]) {
      const stream = new FioStatusStream();
      const samples = [];
      for (let offset = 0; offset < text.length; offset += size)
        samples.push(...stream.push(text.slice(offset, offset + size)));
      expect(samples).toEqual(whole);
    }
  });

  it('keeps the samples that arrived before the disk was full', () => {
    const samples = new FioStatusStream().push(stdoutOf('error-disk-full'));
    expect(samples.length).toBeGreaterThanOrEqual(2);
    // The capture was capped at 4 MiB/s.
    expect(samples[1]?.bytesPerSecond).toBeGreaterThan(3 * 1024 * 1024);
    expect(samples[1]?.bytesPerSecond).toBeLessThan(5 * 1024 * 1024);
  });

  it('skips garbage and notes between objects', () => {
    const text = stdoutOf('status-seqwrite-1m');
    const noisy = `note: { not json\n${text.replace(/\n\{\n/g, '\nfio: warning }\n{\n')}`;
    expect(new FioStatusStream().push(noisy)).toEqual(new FioStatusStream().push(text));
  });
});
