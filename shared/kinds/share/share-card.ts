import type { ShareSession } from '../../contract/figure-quality';
import type { ShareBenchResult, ShareBenchTest, ShareRoundTrip } from '../../contract/share-bench';
import { formatBytes } from '../../util/units';
import { describeSession } from '../copy/share-session';
import { crystalCells, crystalLayout, crystalMegabytes } from '../disk/disk-card';
import { shareProfileWords } from './choices';
import { latencyWords, shareTestCache, shareWhere } from './words';

/**
 * The share benchmark's CrystalDiskMark tile as text: CrystalDiskMark's "Copy" layout, so it reads
 * familiarly on a forum, but saying what it is — NASBench's engine or fio, run from this computer on
 * a share or a local folder — so nobody takes it for CrystalDiskMark on the NAS itself.
 */

type Card = Pick<
  ShareBenchResult,
  'dir' | 'fileSystem' | 'share' | 'path' | 'engine' | 'profile' | 'ioPath' | 'fileSizeBytes' | 'roundTrip' | 'tests'
>;

const sessionSources: Record<ShareSession['source'], string> = {
  client: 'as this computer reports it',
  nas: 'as the NAS reports it',
  'mount-options': 'from the mount’s options only',
};

/** "3393.880 MB/s [    3236.7 IOPS] <  2467.21 us>": CrystalDiskMark's <…> is the mean latency, and so is this. */
function figures(test: ShareBenchTest): string {
  const iops = test.iops.toFixed(1).padStart(10);
  const mean = (test.latencyNs.mean / 1000).toFixed(2).padStart(9);
  return `${crystalMegabytes(test.bytesPerSecond).padStart(9)} MB/s [${iops} IOPS] <${mean} us>`;
}

/**
 * "405 µs idle (median of 10 TCP handshakes to 192.168.1.20:445; shortest 380 µs)": the least each small
 * I/O over the share waits, in the same units as the tests' latencies.
 */
export function roundTripWords(roundTrip: ShareRoundTrip): string {
  const ms = (value: number) => latencyWords(value * 1e6);
  return `${ms(roundTrip.p50Ms)} idle (median of ${roundTrip.samples} ${roundTrip.via}; shortest ${ms(roundTrip.minMs)})`;
}

/** "Uncached", or each cache label with the tests it is true of when they differ. */
function cacheLine(tests: readonly ShareBenchTest[]): string {
  const byWords = new Map<string, string[]>();
  for (const test of tests) {
    const words = shareTestCache(test).words;
    byWords.set(words, [...(byWords.get(words) ?? []), test.name]);
  }
  if (byWords.size <= 1) return [...byWords.keys()][0] ?? 'unknown';
  return [...byWords].map(([words, names]) => `${words} (${names.join(', ')})`).join('; ');
}

/** The tests outside CrystalDiskMark's eight (NVMe's SEQ128K, the Ars trio's), each on its own line. */
function otherTests(tests: readonly ShareBenchTest[]): string[] {
  const inTile = new Set(crystalCells(tests).flatMap((cell) => (cell.test ? [cell.test.name] : [])));
  const others = tests.filter((test) => !inTile.has(test.name));
  if (others.length === 0) return [];
  return ['[Also measured]', ...others.map((test) => `  ${`${test.name}:`.padEnd(27)} ${figures(test)}`), ''];
}

export function shareCardText(result: Card): string {
  const first = result.tests[0];
  const engine = result.engine === 'fio' ? 'fio' : "NASBench's own engine";
  const passes = first?.passes.length ?? 0;
  const session = result.path.session
    ? [`Session: ${describeSession(result.path.session)} (${sessionSources[result.path.session.source]})`]
    : [];
  return crystalLayout({
    // Kept within the 78-column rules, as CrystalDiskMark's own header is.
    title: `NASBench: CrystalDiskMark's tests from this computer (${engine})`,
    tests: result.tests,
    figures,
    footer: [
      ...otherTests(result.tests),
      `Profile: ${result.profile === 'custom' ? 'Custom' : shareProfileWords[result.profile].title}`,
      `   Test: ${formatBytes(result.fileSizeBytes)} (x${passes}) [${result.dir}${result.fileSystem ? `, ${result.fileSystem}` : ''}]`,
      `   Time: Measure ${first ? Math.round(first.seconds) : '?'} sec per pass, best of ${passes} after a warm-up pass`,
      `  Where: ${shareWhere(result)}`,
      ...session,
      ...(result.roundTrip ? [`    RTT: ${roundTripWords(result.roundTrip)}`] : []),
      `  Cache: ${cacheLine(result.tests)}`,
      // A run cut short keeps its finished tests but not the engine's own words.
      ...(result.ioPath ? [`     IO: ${result.ioPath}`] : []),
      ' <...>: mean latency of one I/O, submit to completion',
    ],
  });
}
