import type { NasResourceSample, NasResources } from '../../../shared/contract/nas-resources';
import { freebsdSnapshot } from './freebsd';
import { KeptSamples } from './kept-samples';
import { linuxSnapshot, readCpuLimit, readFullName, readHeaderLine } from './linux';
import { arraysOf, sampleBetween } from './readings';
import { emptyHeader, type Snapshot } from './snapshot';

/**
 * Turns the reader's stream, line by line, into samples: a sample as soon as a block has ended
 * (the first block only sets the counters to subtract from). Pure: the same lines give the same
 * samples, so captured streams test it.
 */
export class NasViewStream {
  private readonly header = emptyHeader();
  private sections: Map<string, string[]> | null = null;
  private section: string[] | null = null;
  private previous: Snapshot | null = null;
  private startClock: number | null = null;
  private readonly missing = new Set<string>();
  private blocks = 0;
  private readonly kept: KeptSamples;

  /** `keep`: the samples kept for the record (every one is passed to `onSample` as it comes). */
  constructor(
    private readonly onSample: (sample: NasResourceSample) => void = () => undefined,
    keep?: number,
  ) {
    this.kept = new KeptSamples(keep);
  }

  /** The samples kept so far: every second for the first hour, then merged neighbours (kept-samples.ts). */
  get samples(): readonly NasResourceSample[] {
    return this.kept.samples;
  }

  push(line: string): void {
    if (!line.startsWith('@@')) {
      this.section?.push(line);
      return;
    }
    const marker = line.trim();
    if (marker.startsWith('@@limit ')) readCpuLimit(marker, this.header);
    else if (marker.startsWith('@@name ')) readFullName(marker, this.header);
    else if (marker === '@@sample') {
      this.sections = new Map();
      this.section = null;
    } else if (marker === '@@end') this.endBlock();
    else if (marker.startsWith('@@failed')) this.missing.add(`the reader's ${marker.slice(9) || 'tool'} could not run`);
    else if (this.sections) {
      this.section = [];
      this.sections.set(marker.slice(2), this.section);
    } else readHeaderLine(line, this.header);
  }

  /** Everything read so far in the contract's shape (the baseline is the caller's). */
  resources(): Omit<NasResources, 'baseline'> {
    const unreadable = [...this.missing];
    if (this.blocks === 0) unreadable.push('nothing: the reader on the NAS sent no figures');
    const arrays = arraysOf(this.header);
    return { samples: [...this.samples], unreadable, ...(arrays.length > 0 ? { arrays } : {}) };
  }

  private endBlock(): void {
    const sections = this.sections;
    this.sections = null;
    this.section = null;
    if (!sections) return;
    const snapshot =
      this.header.platform === 'linux' ? linuxSnapshot(sections, this.header) : freebsdSnapshot(sections);
    if (this.blocks === 0) this.noteUnreadable(snapshot);
    this.blocks += 1;
    if (snapshot.clock === null) return;
    this.startClock ??= snapshot.clock;
    const before = this.previous;
    this.previous = snapshot;
    if (!before) return;
    const sample = sampleBetween(before, snapshot, this.header, this.startClock);
    if (!sample) return;
    this.kept.push(sample);
    this.onSample(sample);
  }

  /** What the first block lacked, in the words the NAS panel shows. */
  private noteUnreadable(snapshot: Snapshot): void {
    const linux = this.header.platform === 'linux';
    const where = (linuxPath: string, freebsd: string) => (linux ? linuxPath : freebsd);
    const parts: [boolean, string][] = [
      [snapshot.clock !== null, `the NAS's clock (${where('/proc/uptime', 'kern.clockrate')})`],
      [snapshot.cpu !== null, `CPU use (${where('/proc/stat', 'kern.cp_time')})`],
      [snapshot.processes.size > 0, `per-process CPU (${where('/proc/<pid>/stat', 'ps')})`],
      [snapshot.memory !== null, `memory (${where('/proc/meminfo', 'vm.stats.vm')})`],
      [snapshot.swap !== null, `swapping (${where('/proc/vmstat', 'vm.stats.vm.v_swappgs*')})`],
      [
        snapshot.diskCounters !== null || (snapshot.diskRates?.length ?? 0) > 0,
        `disks (${where('/proc/diskstats', 'iostat -x')})`,
      ],
      [snapshot.interfaces !== null, `network interfaces (${where('/proc/net/dev', 'netstat -ibn')})`],
    ];
    for (const [read, words] of parts) if (!read) this.missing.add(words);
  }
}
