import { NasbenchError } from '../../../shared/contract/errors';

/**
 * Turns what ssh2 and the OS report into errors a home user can act on. Messages never
 * include credentials: ssh2's own messages carry none, and we never add them.
 */
export function connectError(error: unknown, target: string): NasbenchError {
  if (error instanceof NasbenchError) return error;
  const { code, level, message } = (error ?? {}) as { code?: string; level?: string; message?: string };
  const text = String(message ?? '');
  if (level === 'client-authentication' || /authentication methods failed/i.test(text)) {
    return new NasbenchError(
      'AUTH_FAILED',
      `${target} refused the user name or password (or key).`,
      'Check the user name and password. On Synology and QNAP the user must be an administrator and SSH must be enabled in the control panel.',
      { cause: error },
    );
  }
  if (/encrypted private key|passphrase|Cannot parse privateKey|Unsupported key format/i.test(text)) {
    return new NasbenchError(
      'AUTH_FAILED',
      'The private key could not be used: it is encrypted and the passphrase is missing or wrong, or it is not a key file.',
      'Check the key file and its passphrase (the CLI reads it from NASBENCH_KEY_PASSPHRASE).',
      { cause: error },
    );
  }
  if (level === 'client-timeout' || /timed out/i.test(text) || code === 'ETIMEDOUT') {
    return new NasbenchError(
      'UNREACHABLE',
      `${target} did not answer in time.`,
      'Check that the NAS is on, that the address is right, and that SSH is enabled on it.',
      { cause: error },
    );
  }
  if (code === 'ECONNREFUSED') {
    return new NasbenchError(
      'UNREACHABLE',
      `${target} refused the connection: nothing is listening for SSH on that port.`,
      'Enable SSH on the NAS (Synology: Control Panel > Terminal & SNMP; QNAP: Control Panel > Network Services > Telnet/SSH) or check the port.',
      { cause: error },
    );
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new NasbenchError(
      'UNREACHABLE',
      `The name ${target} could not be found.`,
      'Check the spelling, or type the NAS address instead.',
      {
        cause: error,
      },
    );
  }
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'ECONNRESET' || code === 'EPIPE') {
    return new NasbenchError(
      'UNREACHABLE',
      `${target} cannot be reached from this computer.`,
      'Check that this computer and the NAS are on the same network.',
      {
        cause: error,
      },
    );
  }
  return new NasbenchError(
    'UNREACHABLE',
    `Could not open an SSH connection to ${target}.`,
    'Check the address, the port and that SSH is enabled on the NAS.',
    {
      cause: error,
    },
  );
}
