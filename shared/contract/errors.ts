import { z } from 'zod';

/**
 * Every failure the app reports has one of these codes. The list is the CLI contract's
 * (../shared/cli-contract.md) plus a few the app needs itself; codes are never renamed.
 */
export const ErrorCode = z.enum([
  'INVALID_INPUT',
  'UNREACHABLE',
  'AUTH_FAILED',
  'HOST_KEY_UNKNOWN',
  'HOST_KEY_MISMATCH',
  'TOOL_MISSING',
  'PERMISSION_DENIED',
  'DISK_FULL',
  'NOT_ENOUGH_SPACE',
  'SERVER_BUSY',
  'LINK_LOST',
  'TIMEOUT',
  'CANCELLED',
  'PARSE_ERROR',
  'NOT_FOUND',
  /** A file saved by a newer NASBench, in a format this version cannot read. */
  'UNSUPPORTED_VERSION',
  /** Another run is already measuring this NAS: two at once would measure each other. */
  'NAS_BUSY',
  /** The login's shell start-up files print so much before every command that NASBench cannot use the login. */
  'LOGIN_PRINTS_TOO_MUCH',
  'INTERNAL',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** What the user sees when something fails: what happened, and what to do next. */
export const AppError = z.object({
  code: ErrorCode,
  message: z.string(),
  hint: z.string(),
  /** Facts the user must see or confirm, e.g. the host key fingerprint of HOST_KEY_UNKNOWN. */
  details: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  /** HOST_KEY_UNKNOWN: the other names (`10.0.0.5`, `nas.local:2222`) this very key is already trusted under. */
  knownAs: z.array(z.string()).optional(),
});
export type AppError = z.infer<typeof AppError>;

/** The result of every contract method: data, or an error that never crosses the boundary as a throw. */
export type Result<T> = { ok: true; data: T } | { ok: false; error: AppError };

export function resultSchema<T extends z.ZodType>(data: T) {
  return z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), data }),
    z.object({ ok: z.literal(false), error: AppError }),
  ]);
}

/** Thrown inside the engine; turned into `{ ok: false, error }` at the boundary. */
export class NasbenchError extends Error {
  readonly code: ErrorCode;
  readonly hint: string;
  readonly details: Record<string, string | number> | undefined;
  readonly knownAs: string[] | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    hint: string,
    options?: { cause?: unknown; details?: Record<string, string | number>; knownAs?: string[] },
  ) {
    super(message, options);
    this.name = 'NasbenchError';
    this.code = code;
    this.hint = hint;
    this.details = options?.details;
    this.knownAs = options?.knownAs;
  }

  toJSON(): AppError {
    return {
      code: this.code,
      message: this.message,
      hint: this.hint,
      ...(this.details ? { details: this.details } : {}),
      ...(this.knownAs ? { knownAs: this.knownAs } : {}),
    };
  }
}

/**
 * Turns anything thrown into an AppError. Unknown errors keep a generic message so that
 * internals (paths, stack traces, possibly secrets) never reach the user or a report.
 */
export function toAppError(error: unknown): AppError {
  if (error instanceof NasbenchError) return error.toJSON();
  return {
    code: 'INTERNAL',
    message: 'Something went wrong inside NASBench.',
    hint: 'Try again. If it keeps happening, restart the app and report the steps that led here.',
  };
}
