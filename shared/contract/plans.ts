import { z } from 'zod';
import { maxTestSeconds } from './limits';
import { SessionId } from './connect';
import { LocalFolder, ShareCopyRunInput } from './copy';
import { DiskRunInput, DiskSweepRunInput } from './disk';
import { NasFolder } from './nas-folder';
import { NetworkLeg, NetworkRunInput } from './network';
import { ConnectionName, RunTags } from './runs/record';

/**
 * The guided plans (../shared/design.md, "The guided plans"): a plan is a list of steps over the
 * engine's single tests, run as one run. Before it starts, the app shows its preview: every step,
 * how long it takes, and what it writes where.
 */

export const PlanName = z.enum([
  'quick',
  'cached-vs-uncached',
  'bonded-link',
  'compare-connections',
  'disk-sweep',
  'custom',
]);
export type PlanName = z.infer<typeof PlanName>;

const absoluteLocalFolder = LocalFolder;

/** A step of the Custom plan: the same settings the single tests take, without the session and folders. */
export const CustomStep = z.discriminatedUnion('kind', [
  NetworkRunInput.omit({ sessionId: true }).extend({ kind: z.literal('network') }),
  DiskRunInput.omit({ sessionId: true, folder: true }).extend({ kind: z.literal('disk') }),
  DiskSweepRunInput.omit({ sessionId: true, folder: true }).extend({ kind: z.literal('sweep') }),
  ShareCopyRunInput.omit({ folder: true }).extend({ kind: z.literal('copy') }),
]);
export type CustomStep = z.input<typeof CustomStep>;

export const PlanSettings = z.strictObject({
  plan: PlanName,
  sessionId: SessionId,
  /** The folder on the NAS for disk steps (they write only in a scratch folder inside it); none: no disk steps. */
  nasFolder: NasFolder.optional(),
  /** A local folder, normally where a share of this NAS is mounted; none: no share copy steps. */
  shareFolder: absoluteLocalFolder.optional(),
  /**
   * Yes to the preview's question (a step's `askFirst`): the share folder is on this computer, not a
   * share of the NAS, and the copy steps may run in it anyway. Without it such a plan does not start.
   */
  useLocalShareFolder: z.boolean().optional(),
  /** Seconds per network test (each direction, each connection). */
  networkSeconds: z.number().int().min(1).max(maxTestSeconds).optional(),
  /** Seconds per disk test. */
  diskSeconds: z.number().int().min(1).max(maxTestSeconds).optional(),
  /** The share copy's file size, bytes. */
  shareFileBytes: z
    .number()
    .int()
    .min(2 ** 20)
    .max(2 ** 44)
    .optional(),
  /**
   * Bonded link only: the links to test as the user built them, one leg each: several NAS addresses
   * (a bond with an address per link) from this computer's one address, or each from its own local
   * address. None: the leg planner's, one per local interface that reaches the NAS.
   */
  legs: z
    .array(NetworkLeg.omit({ port: true }))
    .min(2)
    .max(8)
    .optional(),
  /** Custom only: the steps, in order. */
  steps: z.array(CustomStep).min(1).max(16).optional(),
  /** Put on the saved run, e.g. "after NVMe cache". Compare connections adds the link's own. */
  tags: RunTags.optional(),
  /** What the user calls this connection ("Cable", "Wi-Fi", their own words); suggested from the interface if not given. */
  connection: ConnectionName.optional(),
});
export type PlanSettings = z.input<typeof PlanSettings>;
export type CheckedPlanSettings = z.output<typeof PlanSettings>;

export const PlannedStep = z.object({
  index: z.number().int().nonnegative(),
  kind: z.enum(['network', 'disk', 'sweep', 'copy', 'load', 'share']),
  label: z.string(),
  /** What it does and why, in plain words. */
  what: z.string(),
  /** About how long it takes. */
  seconds: z.number().nonnegative(),
  /** Where it writes and how much at most; removed when the step ends. Empty for network tests. */
  writes: z.array(z.object({ where: z.string(), bytes: z.number().nonnegative() })),
  /**
   * What to know before starting it, in plain words: e.g. the share folder is a folder on this
   * computer's own disk, or the share is mounted over another link than the one the plan is about.
   */
  warnings: z.array(z.string()).optional(),
  /**
   * A question the user answers yes to before the plan may start (PlanSettings.useLocalShareFolder):
   * the share folder is on this computer's own disk or in its memory, so no NAS would be measured.
   */
  askFirst: z.string().optional(),
});
export type PlannedStep = z.infer<typeof PlannedStep>;

export const PlanPreview = z.object({
  plan: PlanName,
  title: z.string(),
  /** The question the plan answers. */
  answers: z.string(),
  steps: z.array(PlannedStep),
  /** Steps the plan would have had, and why they are left out (no folder chosen, fio missing, one link only). */
  leftOut: z.array(z.object({ label: z.string(), reason: z.string() })),
  /** Facts from the probe that shaped the plan (RAM, bonds, tools). */
  notes: z.array(z.string()),
  expectedSeconds: z.number().nonnegative(),
  tags: z.array(z.string()),
});
export type PlanPreview = z.infer<typeof PlanPreview>;
