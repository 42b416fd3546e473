import { access } from 'node:fs/promises';
import type { Command } from 'commander';
import type { ConnectInput } from '../../shared/contract/connect';
import { NasbenchError } from '../../shared/contract/errors';
import type { Engine } from '../engine';
import { fingerprint, hostName, port } from './arguments';
import { call } from './front-door';

/** The SSH options of ../shared/cli-contract.md, shared by every command that logs in to a NAS. */
export interface SshLoginOptions {
  host: string;
  user: string;
  port: number;
  identity?: string;
  knownHosts?: string;
  trustNewHost: boolean;
  replaceHostKey?: string;
}

/** `required`: false for a command that logs in only when asked to (the load test's --nas-folder). */
export function addSshLoginOptions(command: Command, required = true): Command {
  const option = (flags: string, description: string, parse?: (value: string) => string) =>
    required
      ? command.requiredOption(flags, description, parse as (value: string) => string)
      : command.option(flags, description, parse as (value: string) => string);
  option('--host <host>', 'NAS address or name', hostName);
  option('--user <user>', 'SSH user on the NAS');
  return command
    .option('--port <port>', 'SSH port', port, 22)
    .option('--identity <file>', 'private key file (passphrase from NASBENCH_KEY_PASSPHRASE)')
    .option('--known-hosts <file>', 'pinned host keys (default: known_hosts in the data folder)')
    .option('--trust-new-host', 'accept and pin the key of a NAS seen for the first time', false)
    .option(
      '--replace-host-key <fingerprint>',
      'a NAS you reset on purpose: replace its pinned key, only if it now shows exactly this SHA256:… fingerprint',
      fingerprint,
    );
}

/**
 * Logs in through the engine's contract (connectNas), as the app does: a key (--identity), else the
 * password in NASBENCH_PASSWORD, else the SSH agent. Passwords are never accepted as arguments:
 * those show up in process lists. --trust-new-host pins the key the NAS shows the first time.
 */
export async function connectFromOptions(engine: Engine, options: SshLoginOptions, env: NodeJS.ProcessEnv) {
  const input: ConnectInput = {
    host: options.host,
    port: options.port,
    username: options.user,
    auth: await authFrom(options, env),
    ...(options.replaceHostKey ? { replaceFingerprint: options.replaceHostKey } : {}),
  };
  try {
    return await call(engine, 'connectNas', input);
  } catch (error) {
    const shown = error instanceof NasbenchError ? error.details?.fingerprint : undefined;
    const unknown = error instanceof NasbenchError && error.code === 'HOST_KEY_UNKNOWN';
    if (!options.trustNewHost || !unknown || typeof shown !== 'string') throw error;
    return call(engine, 'connectNas', { ...input, trustFingerprint: shown });
  }
}

async function authFrom(options: SshLoginOptions, env: NodeJS.ProcessEnv): Promise<ConnectInput['auth']> {
  if (options.identity) {
    await access(options.identity).catch(() => {
      throw new NasbenchError(
        'INVALID_INPUT',
        `The key file ${options.identity} could not be read.`,
        'Check the --identity path.',
      );
    });
    const passphrase = env.NASBENCH_KEY_PASSPHRASE;
    return passphrase
      ? { kind: 'key', keyPath: options.identity, passphrase }
      : { kind: 'key', keyPath: options.identity };
  }
  if (env.NASBENCH_PASSWORD) return { kind: 'password', password: env.NASBENCH_PASSWORD };
  if (env.SSH_AUTH_SOCK) return { kind: 'agent' };
  throw new NasbenchError(
    'INVALID_INPUT',
    'No way to log in was given.',
    'Set NASBENCH_PASSWORD in the environment, give a key with --identity, or start an SSH agent.',
  );
}
