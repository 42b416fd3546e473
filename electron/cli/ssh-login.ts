import { InvalidArgumentError, type Command } from 'commander';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { HostName } from '../../shared/connect';
import { NasbenchError } from '../../shared/errors';
import { connectToNas, type SshAuth } from '../engine/ssh/connect';
import { KnownHosts } from '../engine/ssh/known-hosts';
import type { NasSession } from '../engine/ssh/session';

/** The SSH options of ../shared/cli-contract.md, shared by every command that logs in to a NAS. */
export interface SshLoginOptions {
  host: string;
  user: string;
  port: number;
  identity?: string;
  knownHosts?: string;
  trustNewHost: boolean;
}

export function addSshLoginOptions(command: Command): Command {
  return command
    .requiredOption('--host <host>', 'NAS address or name', parseHost)
    .requiredOption('--user <user>', 'SSH user on the NAS')
    .option('--port <port>', 'SSH port', parsePort, 22)
    .option('--identity <file>', 'private key file (passphrase from NASBENCH_KEY_PASSPHRASE)')
    .option('--known-hosts <file>', 'pinned host keys (default: known_hosts in the data folder)')
    .option('--trust-new-host', 'accept and pin the key of a NAS seen for the first time', false);
}

/**
 * Logs in with a key (--identity), else the password in NASBENCH_PASSWORD, else the SSH
 * agent. Passwords are never accepted as arguments: those show up in process lists.
 */
export async function loginFromOptions(
  options: SshLoginOptions,
  env: NodeJS.ProcessEnv,
  dataDir: string,
): Promise<NasSession> {
  return connectToNas({
    host: options.host,
    port: options.port,
    username: options.user,
    auth: await authFrom(options, env),
    knownHosts: new KnownHosts(options.knownHosts ?? path.join(dataDir, 'known_hosts')),
    trustNewHost: options.trustNewHost,
  });
}

async function authFrom(options: SshLoginOptions, env: NodeJS.ProcessEnv): Promise<SshAuth> {
  if (options.identity) {
    const privateKey = await readFile(options.identity, 'utf8').catch(() => {
      throw new NasbenchError(
        'INVALID_INPUT',
        `The key file ${options.identity} could not be read.`,
        'Check the --identity path.',
      );
    });
    const passphrase = env.NASBENCH_KEY_PASSPHRASE;
    return passphrase ? { kind: 'key', privateKey, passphrase } : { kind: 'key', privateKey };
  }
  if (env.NASBENCH_PASSWORD) return { kind: 'password', password: env.NASBENCH_PASSWORD };
  if (env.SSH_AUTH_SOCK) return { kind: 'agent', socket: env.SSH_AUTH_SOCK };
  throw new NasbenchError(
    'INVALID_INPUT',
    'No way to log in was given.',
    'Set NASBENCH_PASSWORD in the environment, give a key with --identity, or start an SSH agent.',
  );
}

function parseHost(value: string): string {
  if (!HostName.safeParse(value).success) throw new InvalidArgumentError('give a host name or an IP address.');
  return value;
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new InvalidArgumentError('give a port from 1 to 65535.');
  return port;
}
