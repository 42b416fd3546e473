import type { LoadHelper, LoadHelperResult, LoadResult, LoadRunInput } from '../../contract/load';
import { diskCache } from '../../words/cache';
import { optionalWholeNumber } from '../../words/whole-numbers';

/** The "Load from several computers" form as typed. */
export interface LoadChoices {
  /** Also load the NAS from the NAS itself (its fio over SSH), in the session's NAS folder. */
  alsoNas: boolean;
  /** One computer per line: "ADDRESS[:PORT] FOLDER", the folder as that computer sees the share. */
  helpersText: string;
  rw: 'write' | 'read';
  seconds: string;
  fileSizeMiB: string;
  /** Add the computers one at a time, each step measured. */
  stepUp: boolean;
}
export type LoadProblems = Partial<Record<'helpersText' | 'seconds' | 'fileSizeMiB', string>>;

export const loadChoiceDefaults: LoadChoices = {
  alsoNas: false,
  helpersText: '',
  rw: 'write',
  seconds: '',
  fileSizeMiB: '',
  stepUp: true,
};

/** "192.168.1.21", "nas-helper.local:8766", "[fe80::1]:8765" → host and port (fio's default 8765). */
export function readHelperAddress(text: string): { host: string; port: number } | null {
  const match = /^(?:\[([^\]]+)\]|([^:\s[\]]+))(?::(\d{1,5}))?$/.exec(text.trim());
  const host = match?.[1] ?? match?.[2];
  const port = match?.[3] ? Number(match[3]) : 8765;
  if (!host || port < 1 || port > 65_535) return null;
  return { host, port };
}

/** One helper per non-empty line: the address, then (after spaces) the folder, which may hold spaces. */
export function readHelperLines(text: string): { helpers: LoadHelper[]; problem?: string } {
  const helpers: LoadHelper[] = [];
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  for (const [index, line] of lines.entries()) {
    if (line === '') continue;
    const [address = '', ...rest] = line.split(/\s+/);
    const dir = line.slice(address.length).trim();
    const found = readHelperAddress(address);
    if (!found || rest.length === 0)
      return {
        helpers,
        problem: `Line ${index + 1}: give the computer's address, then its folder for the share (e.g. 192.168.1.21 /mnt/nas).`,
      };
    helpers.push({ ...found, dir });
  }
  return helpers.length === 0 ? { helpers, problem: 'Add at least one computer running fio --server.' } : { helpers };
}

/** `nas`: the connected NAS and its chosen folder, used when the NAS itself takes part. */
export function checkLoadChoices(
  choices: LoadChoices,
  nas?: { sessionId: string; folder: string },
): { input: LoadRunInput; problems?: undefined } | { problems: LoadProblems; input?: undefined } {
  const problems: LoadProblems = {};
  const { helpers, problem } = readHelperLines(choices.helpersText);
  if (problem) problems.helpersText = problem;
  else if (helpers.length > 16) problems.helpersText = 'At most 16 computers at once.';
  const seconds = optionalWholeNumber(choices.seconds, 3600);
  if (seconds === null || (seconds !== undefined && seconds < 3))
    problems.seconds = 'A whole number of seconds, from 3 to 3600.';
  const fileSizeMiB = optionalWholeNumber(choices.fileSizeMiB, 2 ** 24);
  if (fileSizeMiB === null) problems.fileSizeMiB = 'A whole number of MiB, at least 1.';
  if (Object.keys(problems).length > 0) return { problems };
  return {
    input: {
      helpers,
      ...(choices.alsoNas && nas ? { nas } : {}),
      rw: choices.rw,
      stepUp: choices.stepUp && helpers.length > 1,
      ...(seconds ? { seconds } : {}),
      ...(fileSizeMiB ? { fileSizeBytes: fileSizeMiB * 2 ** 20 } : {}),
    },
  };
}

/**
 * fio's server bound to one address of that computer — the one this computer reaches it at — so it
 * answers on no other network it is on (plain `fio --server` listens on all of them).
 */
export function fioServerCommand(address: string, port = 8765): string {
  return `fio --server=${address.includes(':') ? 'ip6' : 'ip'}:${address}${port === 8765 ? '' : `,${port}`}`;
}

/**
 * How to start fio's server on each kind of computer, bound to `address` (the one that faces this
 * computer; a placeholder until one is typed), how to stop it, and its firewall note: fio's server
 * asks no password, and a job may run commands on that computer.
 */
export function fioServerSteps(address = 'ITS-ADDRESS'): { system: string; command: string; note: string }[] {
  const serve = fioServerCommand(address);
  const stop = 'It asks no password and runs what it is sent: stop it with Ctrl+C as soon as the test is over.';
  return [
    {
      system: 'Linux',
      command: `sudo apt install fio   # or your distribution’s package\n${serve}`,
      note: `Listens on TCP 8765 at ${address} only. ${stop} Let the port in from this computer only (e.g. sudo ufw allow from THIS-COMPUTER to ${address} port 8765).`,
    },
    {
      system: 'macOS',
      command: `brew install fio\n${serve}`,
      note: `macOS asks once whether fio may accept connections: allow it. ${stop}`,
    },
    {
      system: 'Windows',
      command: serve,
      note: `Install fio from github.com/axboe/fio/releases (the same version as here). Windows Firewall asks once: allow it on private networks only. ${stop}`,
    },
  ];
}

/** Said when a computer's fio server also answers at an address other than the one given. */
export function answersElsewhereWords(host: string, others: string[]): string {
  return (
    `Its fio server also answers at ${others.join(', ')}: it listens on more than the address you gave. ` +
    `Start it as ${fioServerCommand(host)} so that it answers there only.`
  );
}

/**
 * The total's name, from the computers that measured: "All 2 computers together", "All 2 computers
 * and the NAS itself together", or the one that measured when the others did not.
 */
export function loadTotalLabel(clients: Pick<LoadHelperResult, 'ok' | 'onNas'>[]): string {
  const measured = clients.filter((client) => client.ok);
  const computers = measured.filter((client) => !client.onNas).length;
  const nas = measured.length > computers;
  if (measured.length === 1)
    return nas ? 'The NAS itself, the only one that measured' : 'The one computer that measured';
  if (!nas) return `All ${computers} computers together`;
  return `All ${computers === 1 ? 'one computer' : `${computers} computers`} and the NAS itself together`;
}

/** A computer's name in results: its address (and port when not fio's own), or the NAS itself. */
export function loadComputerName(client: Pick<LoadHelperResult, 'host' | 'port' | 'onNas'>): string {
  if (client.onNas) return 'The NAS itself (its own fio)';
  return client.port === 8765 ? client.host : `${client.host}:${client.port}`;
}

/** Which caches a load figure went through, in words (the NAS's RAM is unknown: a load run has no NAS login). */
export function loadCacheWords(direct: boolean): string {
  return (
    `${direct ? 'Each computer bypassed its own file cache (direct I/O)' : 'Each computer’s own file cache may have served part'}; ` +
    'the NAS’s own cache may have taken writes or served reads (its RAM is not known to this test).'
  );
}

/**
 * Why a computer has no figure, in full: fio's reason and what to do, and — when its server
 * vanished before removing it — the test folder that may still be on the share, by its path there.
 */
export function helperFailureWords(client: Pick<LoadHelperResult, 'error' | 'leftBehind'>): string {
  const reason = client.error ? `${client.error.message} ${client.error.hint}` : '';
  const left = client.leftBehind
    ? ` Its test folder ${client.leftBehind} may still be on the share: NASBench removes it the next time it reaches that computer (a run, or Check these computers).`
    : '';
  return `${reason}${left}`.trim();
}

/** The results' caption: "Writing to the NAS from 2 computers at once", "… from one computer and the NAS itself". */
export function loadCaption(result: Pick<LoadResult, 'rw'> & { clients: Pick<LoadHelperResult, 'onNas'>[] }): string {
  const computers = result.clients.filter((client) => !client.onNas).length;
  const nas = computers < result.clients.length ? ' and the NAS itself' : '';
  const who = computers === 1 ? 'one computer' : `${computers} computers`;
  return `${result.rw === 'write' ? 'Writing to' : 'Reading from'} the NAS from ${who}${nas} at once (fio client/server)`;
}

/**
 * Which caches one computer's figure went through: the other computers' words, or for the NAS's own
 * job those of a disk test on the NAS (its folder in RAM, or files its RAM can hold).
 */
export function loadClientCacheWords(client: Pick<LoadHelperResult, 'onNas' | 'cache'>, direct: boolean): string {
  return client.onNas && client.cache
    ? `The NAS itself: ${lowerFirst(diskCache({ cache: client.cache, direct }).words)}`
    : loadCacheWords(direct);
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
