import type { TestResult } from '../contract/runs';
import { copyKind } from './copy/descriptor';
import type { HasKind, KindDescriptor, KindDescriptors, ResultOf } from './descriptor';
import { diskThroughNetworkKind } from './disk-through-network/descriptor';
import { diskKind } from './disk/descriptor';
import { loadKind } from './load/descriptor';
import { networkKind } from './network/descriptor';
import { shareKind } from './share/descriptor';
import { throughputKind } from './throughput/descriptor';

export type { EndDetails, ResultOf } from './descriptor';

/**
 * Every result kind's descriptor, by kind (Heroic's `Record<Runner, GameManager>`): the verdicts,
 * the report, History and the CLI look a kind's pieces up here instead of switching on it.
 */
export const resultKinds: KindDescriptors = {
  network: networkKind,
  disk: diskKind,
  copy: copyKind,
  'disk-through-network': diskThroughNetworkKind,
  throughput: throughputKind,
  load: loadKind,
  share: shareKind,
};

/**
 * The descriptor of a result's kind, typed for that result. Indexing the map by a union of kinds
 * loses which descriptor goes with which result; this is the one place that says they pair up.
 */
export function descriptorOf<R extends TestResult>(result: R): KindDescriptor<R> {
  return resultKinds[result.kind] as unknown as KindDescriptor<R>;
}

/** Whether a result (or a run end's details) is of one kind, narrowing it to that kind. */
export function isKind<R extends HasKind, K extends R['kind']>(
  result: R | null | undefined,
  kind: K,
): result is ResultOf<K, R> {
  return result?.kind === kind;
}

/** The results of one kind, in their order: how a step or a command finds its own kind's results. */
export function resultsOfKind<R extends HasKind, K extends R['kind']>(
  results: readonly R[],
  kind: K,
): ResultOf<K, R>[] {
  return results.filter((result): result is ResultOf<K, R> => isKind(result, kind));
}

/** Each kind that has results, with them, in the map's order (a report section per kind). */
export function kindsWithResults(
  results: readonly TestResult[],
): { descriptor: KindDescriptor<TestResult>; results: TestResult[] }[] {
  return Object.keys(resultKinds).flatMap((kind) => {
    const own = results.filter((result) => result.kind === kind);
    const descriptor = resultKinds[kind as TestResult['kind']] as unknown as KindDescriptor<TestResult>;
    return own.length > 0 ? [{ descriptor, results: own }] : [];
  });
}
