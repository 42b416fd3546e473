import type { ErrorCode } from '../../../../shared/contract/errors';

/** What the server thread starts with. */
export interface ServerThreadData {
  host: string;
  port: number;
}

export type ToServerThread = { kind: 'close' };

export type FromServerThread =
  | { kind: 'listening'; port: number }
  | { kind: 'failed'; code: ErrorCode; message: string; hint: string }
  | { kind: 'closed' };
