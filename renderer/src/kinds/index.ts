import type { TestResult } from '../../../shared/contract/runs';
import { copyView } from './copy/descriptor';
import { diskThroughNetworkView } from './disk-through-network/descriptor';
import { diskView } from './disk/descriptor';
import { loadView } from './load/descriptor';
import { networkView } from './network/descriptor';
import { shareView } from './share/descriptor';
import { throughputView } from './throughput/descriptor';
import type { RendererKind, RendererKinds } from './types';

/** Every result kind's pieces on screen, by kind (shared/kinds/index.ts holds the rest of each kind). */
export const rendererKinds: RendererKinds = {
  network: networkView,
  disk: diskView,
  copy: copyView,
  'disk-through-network': diskThroughNetworkView,
  throughput: throughputView,
  load: loadView,
  share: shareView,
};

/** The screen pieces of a result's kind, typed for that result (as shared/kinds' descriptorOf). */
export function rendererKindOf<R extends TestResult>(result: R): RendererKind<R> {
  return rendererKinds[result.kind] as unknown as RendererKind<R>;
}
