import { z } from 'zod';
import { HostName, SessionId } from './connect';

export const NetworkDirection = z.enum(['upload', 'download', 'bidir']);
export type NetworkDirection = z.infer<typeof NetworkDirection>;

/** One link of a multi-link (bonded) test: where its streams go and from which local address. */
export const NetworkLeg = z.strictObject({
  target: HostName,
  bindAddress: HostName.optional(),
  /** An iperf3 server that already runs on this port of the target; otherwise one is started on the NAS. */
  port: z.number().int().min(1).max(65535).optional(),
});

export const NetworkRunInput = z.strictObject({
  sessionId: SessionId,
  /** upload: this computer sends to the NAS; download: the NAS sends; bidir: both at once. */
  direction: NetworkDirection.default('upload'),
  streams: z.number().int().min(1).max(128).default(1),
  seconds: z.number().int().min(1).max(3600).default(10),
  /** Omitted: one leg to the address the NAS was connected at. */
  legs: z.array(NetworkLeg).min(1).max(8).optional(),
});
export type NetworkRunInput = z.input<typeof NetworkRunInput>;

/** A proposed multi-link test: legs with distinct address pairs, and what the NAS's bond means for them. */
export const LinkPlan = z.object({
  legs: z.array(z.object({ target: z.string(), bindAddress: z.string(), label: z.string() })),
  notes: z.array(z.string()),
});
