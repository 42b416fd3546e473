import { z } from 'zod';
import { ClientFacts, LinkCheck, NasFacts } from './probe';

/** A host name, IPv4 or IPv6 address: letters, digits and . - : % only (no spaces, no shell characters). */
export const HostName = z
  .string()
  .min(1)
  .max(253)
  .regex(/^[A-Za-z0-9.:%_-]+$/, 'a host name or address')
  .refine((host) => !host.startsWith('-'), 'a host name or address');

/** A NAS as people write it: `nas.local`, or `nas.local:2222` when SSH is on another port. */
export function nasAddressLabel(host: string, port: number): string {
  if (port === 22) return host;
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

export const SshAuthInput = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('password'),
    /** Omitted: use the password remembered in the OS keychain. */
    password: z.string().min(1).max(1024).optional(),
    /** Remember it in the OS keychain (desktop app only). */
    remember: z.boolean().default(false),
    /** The answer to the NAS's one-time-code prompt (two-step sign-in), when it asked for one. */
    oneTimeCode: z.string().min(1).max(64).optional(),
  }),
  z.strictObject({
    kind: z.literal('key'),
    keyPath: z.string().min(1).max(4096),
    passphrase: z.string().max(1024).optional(),
  }),
  z.strictObject({ kind: z.literal('agent') }),
]);

export const Fingerprint = z.string().regex(/^SHA256:[A-Za-z0-9+/]{43}$/, 'an SSH SHA256 fingerprint');

export const ConnectInput = z.strictObject({
  host: HostName,
  port: z.number().int().min(1).max(65535).default(22),
  username: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[^\s:@/]+$/, 'a user name'),
  auth: SshAuthInput,
  /** The fingerprint the user confirmed for a host seen for the first time. */
  trustFingerprint: Fingerprint.optional(),
  /**
   * A NAS the user reset on purpose: replace its pinned key, but only if the NAS now shows exactly
   * this fingerprint (the app's "Forget this key", after a typed confirmation).
   */
  replaceFingerprint: Fingerprint.optional(),
});
export type ConnectInput = z.input<typeof ConnectInput>;

export const SessionId = z.uuid();

export const Connection = z.object({
  sessionId: SessionId,
  host: z.string(),
  port: z.number(),
  username: z.string(),
  fingerprint: Fingerprint,
  passwordRemembered: z.boolean(),
  /** Scratch folders older than a day, left by earlier runs, removed on this connect. */
  sweptScratchFolders: z.array(z.string()),
});
export type Connection = z.infer<typeof Connection>;

export const ProbeResult = z.object({
  nas: NasFacts,
  client: ClientFacts,
  /** Both ends of the link and what they disagree on (absent where the probe could not check it). */
  link: LinkCheck.optional(),
});
export type ProbeResult = z.infer<typeof ProbeResult>;

/**
 * The probe's parts, in the order they start: the NAS (its script: model, drives, ports, tools) and this
 * computer (its route and adapter to the NAS) side by side, then the link between them (the packet sizes
 * that pass). A probe on a slow NAS takes a minute; each part is said while it runs.
 */
export const ProbeStageName = z.enum(['nas', 'this-computer', 'link']);
export type ProbeStageName = z.infer<typeof ProbeStageName>;
export const probeStageNames = ProbeStageName.options;

/** Where a probe is: sent as each part starts and ends. */
export const ProbeProgress = z.strictObject({
  sessionId: SessionId,
  running: z.array(ProbeStageName),
  done: z.array(ProbeStageName),
});
export type ProbeProgress = z.infer<typeof ProbeProgress>;

export const SavedLoginQuery = z.strictObject({
  host: HostName,
  port: z.number().int().min(1).max(65535).default(22),
  username: z.string().min(1).max(64),
});
