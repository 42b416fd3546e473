import { describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../electron/engine';
import { RunStore } from '../../electron/engine/store';
import type { ReportFormat } from '../../shared/report';
import { testRows } from '../../shared/report/report-model';
import type { RunRecord } from '../../shared/contract/runs';
import { figuresOfRun } from '../../shared/verdicts';
import { allSeededSecrets, seededPrivateRun } from '../fixtures/report/seeded-private-run';
import { tempDir } from './helpers';

async function engineWith(record: RunRecord | null, name: string): Promise<Engine> {
  const dataDir = await tempDir(name);
  if (record) await new RunStore(dataDir).save(record);
  return createEngine({ dataDir, mode: 'cli' });
}

/** What a run measured and on what, without the names the anonymiser replaces. */
function withoutNames(record: RunRecord) {
  const { nas, client, app, tools } = record.environment;
  return {
    figures: JSON.stringify(figuresOfRun(record), (_key, value: unknown) =>
      typeof value === 'string' ? undefined : value,
    ),
    tests: testRows(record).map(({ group, op, bytesPerSecond, iops, latencyP99Ns, blockSize, fileSize, seconds }) => ({
      group,
      op,
      bytesPerSecond,
      iops,
      latencyP99Ns,
      blockSize,
      fileSize,
      seconds,
    })),
    samples: record.samples.map((series) => series.points),
    steps: record.steps.map((step) => step.status),
    environment: {
      app,
      tools,
      nas: nas && {
        os: nas.os,
        model: nas.model,
        cpu: nas.cpu,
        memoryBytes: nas.memoryBytes,
        fileSystems: nas.volumes.map((volume) => [volume.fsType, volume.sizeBytes]),
      },
      client: client && {
        os: client.os,
        memoryBytes: client.memoryBytes,
        type: client.route.type,
        speedMbps: client.route.speedMbps,
      },
    },
    plan: record.plan,
    status: record.status,
    startedAt: record.startedAt,
    seconds: record.seconds,
  };
}

async function roundTrip(
  format: ReportFormat,
  anonymize: boolean,
): Promise<{ original: RunRecord; imported: RunRecord; text: string }> {
  const original = seededPrivateRun();
  const from = await engineWith(original, 'report-from');
  const report = await from.handlers.exportReport({ runId: original.id, format, anonymize, paperSize: 'a4' });
  const to = await engineWith(null, 'report-to');
  const { run } = await to.handlers.importRun({ text: report.text ?? '' });
  const imported = await to.handlers.getRun({ runId: run.id });
  await Promise.all([from.shutdown(), to.shutdown()]);
  return { original, imported, text: report.text ?? '' };
}

describe('a report imported again', () => {
  it('HTML, anonymised: the same figures, tests and environment; none of the private names', async () => {
    const { original, imported, text } = await roundTrip('html', true);
    expect(text.startsWith('<!doctype html>')).toBe(true);
    expect(imported.id).toBe(original.id);
    expect(withoutNames(imported)).toEqual(withoutNames(original));
    const saved = JSON.stringify(imported).toLowerCase();
    expect(allSeededSecrets().filter((secret) => saved.includes(secret.toLowerCase()))).toEqual([]);
  });

  it('HTML, not anonymised: exactly the run that was saved', async () => {
    const { original, imported } = await roundTrip('html', false);
    expect(imported).toEqual(original);
  });

  it('JSON: exactly the run that was saved', async () => {
    const { original, imported } = await roundTrip('json', false);
    expect(imported).toEqual(original);
  });

  it('refuses an HTML file that carries no run, saying so', async () => {
    const engine = await engineWith(null, 'report-refuse');
    const result = await engine.dispatch('importRun', { text: '<!doctype html><p>hello</p>' });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'PARSE_ERROR', message: expect.stringMatching(/no NASBench run/) },
    });
    await engine.shutdown();
  });
});
