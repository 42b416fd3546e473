import type { Verdict } from '../../shared/contract/verdict';

type Part = NonNullable<Verdict['limit']>['part'];

/** How each part is named as the limit in words (the network's words also stand for the link, working as it should). */
const limitPhrases: { parts: Part[]; words: RegExp }[] = [
  { parts: ['nas-processor'], words: /processor is the limit/i },
  { parts: ['disks'], words: /(?:drives were|disks are) the limit/i },
  { parts: ['wifi'], words: /Wi-Fi is the limit/i },
  { parts: ['network', 'link'], words: /network is the limit|link itself is the limit/i },
  { parts: ['file-sharing'], words: /file-sharing protocol(?: or client)? is the limit/i },
];

/**
 * By the words: a text that says a part is the limit carries that part as its ranked limit (a
 * verdict that names a limit in words only could contradict one the ranking saw). Problems in words.
 */
export function limitWordsUnranked(
  texts: readonly { id: string; text: string; limit: { part: string; ops: readonly string[] } | null }[],
): string[] {
  return texts.flatMap(({ id, text, limit }) =>
    limitPhrases
      .filter(({ words }) => words.test(text))
      .flatMap(({ parts }) =>
        limit && (parts as string[]).includes(limit.part) && limit.ops.length > 0
          ? []
          : [`${id} names ${parts[0]} as the limit in words; its ranked limit is ${limit?.part ?? 'none'}`],
      ),
  );
}

/** Writes against write figures only: no text sets copies to the NAS beside a read figure, or the reverse. */
export function crossedDirections(texts: readonly { id: string; text: string }[]): string[] {
  return texts.flatMap(({ id, text }) =>
    /to the NAS[^.;]*\bread\b|from the NAS[^.;]*\bwrite\b/i.test(text)
      ? [`${id} sets one direction against the other's disk figure: ${text}`]
      : [],
  );
}

/** Two texts that name different parts as the limit of one operation (write: copies to the NAS; read: from it). */
export function limitConflicts(claims: readonly { id: string; part: string; ops: readonly string[] }[]): string[] {
  const partOf = new Map<string, { id: string; part: string }>();
  const found: string[] = [];
  for (const { id, part, ops } of claims)
    for (const op of ops) {
      const before = partOf.get(op);
      if (before && before.part !== part) found.push(`${op}: ${before.id} says ${before.part}, ${id} says ${part}`);
      partOf.set(op, { id, part });
    }
  return found;
}
