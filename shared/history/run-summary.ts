import { shareProtocolOf } from './compare-runs';
import { nasAddressLabel } from '../contract/connect';
import type { RunRecord, RunSummary } from '../contract/runs';
import { figuresByTest } from './compare-runs';
import { summarizeNasViews } from '../verdicts/nas-glance';
import type { LinkType } from '../contract/probe';
import { describeLinkKind } from '../words/describe-nas';

/**
 * What History keeps of a run (its index entry): the list's line (what the NAS itself did too),
 * the NAS it measured, its figures by test and what it compares with like for like — all a trend
 * needs, so neither the list nor the trends read a run file.
 */
export function summarizeRun(record: RunRecord): RunSummary {
  const { environment } = record;
  const figures = [...figuresByTest(record)]
    // A share reached over another link than the run's is no figure of this run's link.
    .filter(([, figure]) => !figure.apart)
    .map(([test, figure]) => ({ test, bytesPerSecond: figure.value, spread: figure.spread?.relative ?? null }));
  // Left out, not null, where the NAS was not watched: most of 10,000 listed runs may have no view.
  const nasView = summarizeNasViews(record);
  return {
    id: record.id,
    plan: record.plan,
    title: record.title,
    host: nasAddressLabel(environment.target, environment.nasIdentity?.sshPort ?? 22),
    startedAt: record.startedAt,
    seconds: record.seconds,
    status: record.status,
    tags: record.tags,
    ...(record.summary ? { headline: record.summary } : {}),
    clientLink: environment.client?.route.type ?? null,
    ...(record.connection?.named ? { connection: record.connection.name } : {}),
    nas: nasOfRun(record),
    figures,
    likeFor: likeForOf(record),
    share: shareProtocolOf(record),
    ...(nasView ? { nasView } : {}),
  };
}

/**
 * The link on History's line: the name the user gave the connection with its kind ("Cable (Ethernet)"),
 * else the kind alone; null for a run without a link (This computer).
 */
export function describeRunLink(run: Pick<RunSummary, 'clientLink' | 'connection'>): string | null {
  const kind = run.clientLink ? (describeLinkKind(run.clientLink as LinkType) ?? run.clientLink) : null;
  if (!run.connection) return kind;
  return kind && kind.toLowerCase() !== run.connection.toLowerCase() ? `${run.connection} (${kind})` : run.connection;
}

/** The NAS by its host key (any address it had), else by its address; null without a NAS. */
function nasOfRun(record: RunRecord): RunSummary['nas'] {
  const { environment } = record;
  if (!environment.nas && !environment.nasIdentity) return null;
  const name = environment.nas?.hostname ?? environment.target;
  const { nasIdentity } = environment;
  return nasIdentity
    ? { key: `host key ${nasIdentity.fingerprint}`, name }
    : { key: `address ${nasAddressLabel(environment.target, 22)}`, name };
}

/**
 * Parameters that say where or when, not what was measured: the session, the addresses the run
 * was aimed at (a NAS at a new address is the same NAS), the tags. Everything else — sizes,
 * times, streams, folders, presets — must match for two runs to compare like for like.
 */
const notSettings = new Set(['sessionId', 'host', 'target', 'tags', 'connection']);

/** The same plan, over the same kind of link, with the same settings: "quick · ethernet · {…}". */
function likeForOf(record: RunRecord): string {
  const settings = Object.entries(record.environment.parameters)
    .filter(([key]) => !notSettings.has(key))
    // Network legs name addresses; how many links a test used is the setting.
    .map(([key, value]): [string, unknown] =>
      key === 'legs' && Array.isArray(value) ? [key, value.length] : [key, value],
    )
    .sort(([a], [b]) => a.localeCompare(b));
  // The same connection by name and interface (a user's "Cable" and "Wi-Fi" are never alike), else its kind.
  const link = record.connection
    ? `${record.connection.name} (${record.connection.interface ?? record.connection.kind})`
    : (record.environment.client?.route.type ?? 'unknown');
  // A share reached over SMB is not like one over NFS, nor a signed session like an unsigned one.
  const share = shareProtocolOf(record);
  return `${record.plan} · ${link}${share ? ` · ${share}` : ''} · ${JSON.stringify(settings)}`;
}
