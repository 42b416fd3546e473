import { NasbenchError } from '../../../../shared/contract/errors';
import { linkLost, parseError } from '../control';
import { IperfState } from '../protocol';

/** How a test ends on the server's side, in words for the person who started the client. */

export function unexpectedState(state: number): NasbenchError {
  if (state === IperfState.CLIENT_TERMINATE) {
    return new NasbenchError('CANCELLED', 'The iperf3 client stopped the test before it finished.', 'Run it again.');
  }
  return parseError(`The iperf3 client sent control message ${state}, which does not belong at this point.`);
}

export function timeout(what: string): NasbenchError {
  return new NasbenchError(
    'TIMEOUT',
    `The iperf3 client ${what}.`,
    'The client or the network stalled. The server has dropped that test and is ready for the next one.',
  );
}

/** ControlReader words its errors for a client; on this side the peer is the client. */
export function asServerError(error: unknown): NasbenchError {
  if (error instanceof NasbenchError && error.code === 'LINK_LOST') {
    return linkLost('The iperf3 client closed the control connection before the test finished.', error);
  }
  if (error instanceof NasbenchError) return error;
  return new NasbenchError('INTERNAL', 'The iperf3 server failed during a test.', 'Try the test again.', {
    cause: error,
  });
}
