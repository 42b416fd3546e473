import type { NasDiskLoad, NasProcessLoad, NasResourceSample } from '../contract/nas-resources';
import { median } from '../util/spread';
import type { NasViewFigure } from './figures';
import type { Verdict } from '../contract/verdict';

/**
 * Shared words and measures for the verdicts about what the NAS itself did during a test
 * (rules/nas-*.ts): shares as whole percents, CPU in cores, and what a user can do about the
 * process that used the most.
 */

/** A 0–1 share as a figure in percent, to a tenth. */
export function percentFigure(share: number): number {
  return Math.round(share * 1000) / 10;
}

/** A 0–1 share as a whole percent: "96%". */
export function percentWords(share: number): string {
  return `${Math.round(share * 100)}%`;
}

/** CPU in cores: "98% of a core" up to one core, "1.8 cores" above; a tenth below 10% ("2.5% of a core", not "3%"). */
export function coresWords(cores: number): string {
  if (cores > 1) return `${cores.toFixed(1)} cores`;
  return cores < 0.095 ? `${Number((cores * 100).toFixed(1))}% of a core` : `${percentWords(cores)} of a core`;
}

/** "a", "a and b", "a, b and c". */
export function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** The seconds of readings a sample stands for: one, or more for the merged samples of a long test. */
export const sampleSeconds = (sample: NasResourceSample): number => sample.seconds ?? 1;

/** The seconds a list of samples stands for. */
export const secondsOfSamples = (samples: readonly NasResourceSample[]): number =>
  samples.reduce((total, sample) => total + sampleSeconds(sample), 0);

/** The samples of a test, enough of them to say anything (three seconds or more), else none. */
export function samplesOf(view: NasViewFigure): NasResourceSample[] {
  const samples = testSamplesOf(view);
  return samples.length >= 3 ? samples : [];
}

/**
 * The samples at least half of whose second lies in the seconds the test reported its rate in (a
 * sample speaks for the time since the one before): not the step's setup and cleanup around it —
 * the iperf3 server starting on the NAS, fio laying out its files — which on a slow NAS took a
 * third of a 10 s network test's samples and hid a process held at its CPU quota. All of them where
 * the record does not say (runs from before it was kept).
 */
export function testSamplesOf(view: Pick<NasViewFigure, 'resources' | 'testSeconds'>): NasResourceSample[] {
  const { samples } = view.resources;
  const within = view.testSeconds;
  if (!within) return samples;
  return samples.filter((sample, index) => {
    const since = samples[index - 1]?.t ?? sample.t - 1;
    const overlap = Math.min(sample.t, within.to) - Math.max(since, within.from);
    return overlap >= (sample.t - since) / 2;
  });
}

/**
 * The process seen most often among these (by process id where `by` is "pid" and known, else by
 * name), with its median CPU and its group's; its CPU quota as last read (a quota may be set or
 * lifted while it runs, and the reader reads it again).
 */
export function busiestProcess(
  processes: readonly (NasProcessLoad | undefined)[],
  by: 'pid' | 'name',
): NasProcessLoad | null {
  const byKey = new Map<number | string, NasProcessLoad[]>();
  for (const process of processes) {
    if (!process) continue;
    const key = by === 'pid' ? (process.pid ?? process.name) : process.name;
    byKey.set(key, [...(byKey.get(key) ?? []), process]);
  }
  const seen = [...byKey.values()].sort((a, b) => b.length - a.length)[0];
  const last = seen?.at(-1);
  if (!seen || !last) return null;
  const groups = seen.flatMap((process) => (process.groupCpu === undefined ? [] : [process.groupCpu]));
  const limit = seen.findLast((process) => process.cpuLimit !== undefined)?.cpuLimit;
  return {
    name: last.name,
    ...(last.pid !== undefined ? { pid: last.pid } : {}),
    cpu: median(seen.map((process) => process.cpu)),
    ...(limit !== undefined ? { cpuLimit: limit } : {}),
    ...(groups.length ? { groupCpu: median(groups) } : {}),
  };
}

/** Drives as the NAS sees them; md arrays and device-mapper volumes only where no drive is seen. */
export function drivesOf(disks: readonly NasDiskLoad[]): NasDiskLoad[] {
  const drives = disks.filter((disk) => (disk.kind ?? 'disk') === 'disk');
  return drives.length > 0 ? drives : [...disks];
}

/**
 * What a user can do when this process keeps a core (or its CPU quota) full. Samba, iperf3 before
 * 3.16 and SSH serve a connection from one thread, so only a faster core — or work that costs less
 * per byte — helps; more cores do not.
 */
export function processAdvice(name: string): string {
  if (/^smbd/.test(name))
    return 'Samba serves each connection from one process, so a copy can use only one core: turn off SMB encryption and signing where you do not need them (they cost the most CPU), or copy over several connections at once (SMB multichannel).';
  if (/^(nfsd|rpc\.nfsd)/.test(name))
    return 'The NFS server is short of CPU: stop other work on the NAS while copying, or use NFS without Kerberos integrity or privacy (krb5i, krb5p) if the network is trusted.';
  if (/^(afpd|netatalk)/.test(name)) return 'AFP costs more CPU than SMB for the same copy: connect with SMB instead.';
  if (/^iperf3/.test(name))
    return 'iperf3 before 3.16 runs every stream on one core, so this figure shows the NAS’s processor rather than the network: a file copy over SMB may still go faster, and iperf3 3.16 or later on the NAS spreads streams over cores.';
  if (/^fio/.test(name))
    return 'fio itself used a whole core, so the disks may be faster than this figure: test with larger blocks or more jobs.';
  if (/^(sshd|dropbear|ssh)/.test(name))
    return 'The SSH connection’s encryption filled a core: figures measured over SSH are a lower bound; install iperf3 on the NAS for the network figure.';
  if (/^(rsync|tar|gzip|zstd|xz|borg|restic|duplicity|hyper-?backup|synobackup)/i.test(name))
    return `${name} is a backup or archive job: let it finish, or schedule it for when nobody copies files.`;
  return `Stop or reschedule ${name} while you copy, or use a NAS with faster cores.`;
}

/** The operations a test's figure speaks for, from its words ("Upload …", "SEQ1M Q8T1 read"); both when they say neither. */
export function opsOf(view: NasViewFigure): ('read' | 'write')[] {
  const write = /upload|write|to the NAS/i.test(view.test);
  const read = /download|read|from the NAS/i.test(view.test);
  return write === read ? ['write', 'read'] : write ? ['write'] : ['read'];
}

/**
 * What a part of the NAS limited during a test, for the one ranking: nothing for a test of another
 * path (a share over another link, a folder on this computer), whose limit is not this run's.
 */
export function viewLimit(view: NasViewFigure, part: 'disks' | 'nas-processor'): Verdict['limit'] {
  return view.apart ? undefined : { part, ops: opsOf(view) };
}

/** Said after a finding about a test of another path, so nobody takes it for this run's limit. */
export const apartWords =
  ' That test went over another path than this run’s link to the NAS, so this is about that path, not about what limits copies over this one.';
