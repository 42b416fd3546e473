import type { ShareBenchResult, ShareBenchTest } from '../../contract/share-bench';
import { copyCache, type FigureCache } from '../../words/cache';
import { formatBytes } from '../../util/units';
import { figureOp } from './profiles';

/** Which memory could have served one benchmark figure, in the words every other share figure uses. */
export function shareTestCache(test: Pick<ShareBenchTest, 'cache' | 'rw' | 'readPercent'>): FigureCache {
  const op = figureOp(test);
  return copyCache({ cache: test.cache, cached: false, direct: test.cache.client === 'bypassed', op });
}

/** "over SMB from this computer", "on this computer's own disk": where the figures were measured. */
export function shareWhere(result: Pick<ShareBenchResult, 'path' | 'share' | 'dir'>): string {
  const protocol = result.path.protocol ?? result.share?.protocol;
  if (result.path.kind === 'network-share')
    return `from this computer over ${protocol ? protocol.toUpperCase() : 'the share'}${result.path.server ? ` to ${result.path.server}` : ''}`;
  if (result.path.kind === 'memory') return 'in a folder in this computer’s memory (no disk, no network)';
  if (result.path.kind === 'local-disk') return 'on this computer’s own disk (no NAS involved)';
  return 'in a folder of unknown kind';
}

/** The benchmark in one line: engine, file and passes, as CrystalDiskMark's header says them. */
export function shareSetupWords(
  result: Pick<ShareBenchResult, 'engine' | 'fileSizeBytes' | 'tests' | 'unbuffered'>,
): string {
  const passes = result.tests[0]?.passes.length ?? 0;
  const engine = result.engine === 'fio' ? 'fio on this computer' : 'NASBench’s own engine';
  return `${engine}, a ${formatBytes(result.fileSizeBytes)} test file, best of ${passes} ${passes === 1 ? 'pass' : 'passes'} after a warm-up${result.unbuffered ? ', past this computer’s cache' : ', through this computer’s cache'}`;
}

/** "12.3 µs", "1.42 ms": a latency as people read it. */
export function latencyWords(ns: number): string {
  if (ns >= 1e6) return `${(ns / 1e6).toFixed(ns >= 1e7 ? 1 : 2)} ms`;
  return `${(ns / 1e3).toFixed(ns >= 1e5 ? 0 : 1)} µs`;
}
