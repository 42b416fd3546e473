import { explainFigures, noFigures, type Figures } from '../../shared/verdicts';

/** Building blocks for verdict tests: figures typed in the way a run would gather them. */

/** This computer and the NAS on 1 GbE at MTU 1500, with whatever else the test sets. */
export function gigabit(changes: Partial<Figures> = {}): Figures {
  return {
    ...noFigures(),
    clientLink: { type: 'ethernet', bitsPerSecond: 1e9 },
    nasLink: { bitsPerSecond: 1e9, mtu: 1500, bond: null },
    ...changes,
  };
}

/** Upload and download, bits/s, single stream. */
export const network = (upload: number | null, download: number | null = null): Figures['network'] => ({
  upload,
  download,
  singleStream: upload,
  multiLink: null,
});

/** A sequential fio test on the NAS, as the Quick check runs it. */
export const seqDisk = (op: 'read' | 'write', bytesPerSecond: number, nasCache?: 'bypassed' | 'may-serve') => ({
  test: `SEQ1M Q8T1 ${op}`,
  op,
  bytesPerSecond,
  throughNetwork: false,
  ...(nasCache ? { nasCache } : {}),
});

/** The verdict with this id, in MB/s words. */
export const verdictOf = (figures: Figures, id: string) =>
  explainFigures(figures, { unit: 'MB/s' }).find((found) => found.id === id);
