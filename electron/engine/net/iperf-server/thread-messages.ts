import type { ErrorCode } from '../../../../shared/contract/errors';
import type { IperfServerOptions } from './types';

/** What the server thread starts with. */
export type ServerThreadData = Pick<IperfServerOptions, 'port' | 'peers' | 'caps'> & { host: string };

export type ToServerThread = { kind: 'close' };

export type FromServerThread =
  | { kind: 'listening'; port: number }
  | { kind: 'failed'; code: ErrorCode; message: string; hint: string }
  | { kind: 'closed' };
