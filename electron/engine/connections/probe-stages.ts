import type { ProbeProgress, ProbeStageName } from '../../../shared/contract/connect';

/**
 * Says where a probe is as each of its parts starts and ends, for Connect and Plan to show while the
 * NAS is read (a slow NAS took a minute on one sentence, #49). A part that fails is not counted done.
 */
export function probeStages(
  sessionId: string,
  tell: ((progress: ProbeProgress) => void) | undefined,
): <T>(stage: ProbeStageName, work: () => Promise<T>) => Promise<T> {
  const running = new Set<ProbeStageName>();
  const done: ProbeStageName[] = [];
  const say = () => tell?.({ sessionId, running: [...running], done: [...done] });
  return async (stage, work) => {
    running.add(stage);
    say();
    try {
      const result = await work();
      done.push(stage);
      return result;
    } finally {
      running.delete(stage);
      say();
    }
  };
}
