import { z } from 'zod';

/** The CLI contract's verdict: a plain-words finding with the numbers behind it. */
export const Verdict = z.object({
  id: z.enum([
    'network-limit',
    'wifi-limit',
    'protocol-limit',
    'cache-wall',
    'bond-not-spreading',
    'bond-adds-up',
    'disk-limit',
    // Saved runs before 2026-11-25 call ceiling-link this; verdicts shown are recomputed, so it only has to parse.
    'link-utilisation',
    'ceiling-link',
    'ceiling-disks',
    'ceiling-upgrade',
    'ceiling-this-computer',
    'cache-gain',
    'sweep-best',
    'copy-not-on-nas',
    'copy-other-link',
    'unsteady-figure',
    'everyday-streams',
    'everyday-backup',
    'everyday-photos',
    'everyday-editing',
    'everyday-delay',
    'everyday-udp',
    'load-scaling',
    'share-small-io',
    // What the NAS itself did during a test (nas.resources).
    'nas-cpu-limit',
    'nas-disk-busy',
    'nas-disk-lagging',
    'nas-swapping',
    'nas-busy-before',
  ]),
  severity: z.enum(['info', 'warn', 'problem']),
  text: z.string(),
  /** The figures the text names, in base units (bytes/s, bits/s, bytes, percent). */
  figures: z.record(z.string(), z.number()),
  /**
   * For a verdict that names what limits the speed: that part, and the operations (writes: copies to
   * the NAS; reads: copies from it) it limits. One ranking decides it, so no two verdicts name
   * different parts for the same operation.
   */
  limit: z
    .object({
      part: z.enum(['link', 'network', 'wifi', 'disks', 'file-sharing', 'nas-processor']),
      ops: z.array(z.enum(['read', 'write'])),
    })
    .optional(),
});
export type Verdict = z.infer<typeof Verdict>;
