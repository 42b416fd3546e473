/**
 * Test-side view of the network lab that `tests/lab/lab.sh up` builds (see tests/lab/README.md).
 *
 * Everything here talks only to the lab's own namespaces and addresses (198.18.0.0/15): never aim a
 * test at any other address.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Where `lab.sh up` writes the lab's description (root-only, mode 0600). */
export const LAB_STATE_FILE = '/run/nasbench-lab/state.json';
/** Absolute path of the lab script. */
export const LAB_SCRIPT = fileURLToPath(new URL('./lab.sh', import.meta.url));

const legSchema = z.object({
  host: z.string(),
  nas: z.string(),
  hostIf: z.string(),
  nasIf: z.string(),
  rateMbit: z.number(),
  /** The NAS end's MTU (leg b: 9000, jumbo frames against this computer's 1500). */
  nasMtu: z.number(),
});

const userSchema = z.object({
  name: z.string(),
  home: z.string(),
  password: z.string(),
  key: z.string(),
  keyWithPassphrase: z.string(),
  passphrase: z.string(),
});

const fieldSshdSchema = z.object({ port: z.number(), hostKeyPub: z.string(), log: z.string() });

const labSchema = z.object({
  namespace: z.string(),
  clientNamespace: z.string(),
  legs: z.object({ a: legSchema, b: legSchema, slow: legSchema }),
  /**
   * This computer → a router namespace → the NAS, shaped on the router (100 Mbit/s each way): a bottleneck
   * away from the sender, as a Wi-Fi access point is, where UDP sent too fast is lost rather than slowed.
   */
  routed: z.object({
    host: z.string(),
    nas: z.string(),
    hostIf: z.string(),
    nasIf: z.string(),
    router: z.string(),
    routerNamespace: z.string(),
    rateMbit: z.number(),
  }),
  client: z.object({
    client: z.string(),
    nas: z.string(),
    clientIf: z.string(),
    nasIf: z.string(),
    rateMbit: z.number(),
  }),
  /** The NAS's USB Ethernet adapter, named after its MAC as udev names one (`enx…`): up, with no address. */
  usbAdapter: z.object({ nasIf: z.string(), mac: z.string() }),
  ssh: z.object({ port: z.number(), hostKeyPub: z.string(), pidFile: z.string(), log: z.string() }),
  users: z.object({ test: userSchema, notools: userSchema }),
  share: z.string(),
  /** The share as this computer mounts it: sshfs over leg a, like a user's mounted NAS share. */
  clientMount: z.object({ path: z.string(), fsType: z.string(), server: z.string(), remotePath: z.string() }),
  tiny: z.string(),
  tinyBytes: z.number(),
  /** A 4 GiB tmpfs on the NAS, owned by the test user: disk figures free of this VM's disk noise. */
  ram: z.string(),
  /**
   * A low-power NAS (lab-field.sh): the field sshd lowpower and the lowpower Samba run in a cgroup held to
   * `quotaPercent` of one core; `cpuacct` is the file whose nanoseconds say what its processes used.
   */
  lowpower: z.object({
    port: z.number(),
    hostKeyPub: z.string(),
    cgroup: z.string(),
    quotaPercent: z.number(),
    /** cpu.cfs_quota_us of its cgroup: a test may write -1 (no limit) and put the quota back. */
    quota: z.string(),
    cpuacct: z.string(),
  }),
  notoolsBin: z.string(),
  /**
   * SMB (lab-smb.sh): the NAS's Samba, and its shares as this computer mounts them through smbnetfs —
   * `share` plain, `encrypted` the same folder with encryption required, `signed` through the Samba
   * that requires signing (its NAS login is the field sshd smbsigned).
   */
  smb: z.object({
    mount: z.string(),
    server: z.string(),
    share: z.string(),
    encrypted: z.string(),
    signed: z.string(),
    lowpower: z.string(),
    configs: z.object({ main: z.string(), signed: z.string(), lowpower: z.string() }),
    /** smbnetfs's home (its config, with the lab's credentials): another computer's smbnetfs may use it too. */
    clientHome: z.string(),
  }),
  /** Stand-ins for NAS setups from the field (lab-field.sh): other login shells, SSH servers, tool places. */
  field: z.object({
    users: z.object({
      csh: userSchema,
      fish: userSchema,
      bashrc: userSchema,
      entware: userSchema,
      /** bash whose ~/.bashrc prints 40 MB on every command: connecting must refuse it, at once. */
      chatty: userSchema,
    }),
    sshds: z.object({
      kbd: fieldSshdSchema,
      rsa: fieldSshdSchema,
      entware: fieldSshdSchema,
      /** Dropbear (not OpenSSH), as on embedded NAS firmwares: its PATH for commands is /usr/bin:/bin. */
      dropbear: fieldSshdSchema,
      /** A locked-down Dropbear: no forwarding (-j -k), and no setsid, so commands lead no process group. */
      lockdown: fieldSshdSchema,
      /** The NAS whose Samba requires signing: its logins read that Samba's config at /etc/samba/smb.conf. */
      smbsigned: fieldSshdSchema,
      /** Root logs in (key only), as on Unraid and TrueNAS CORE: smbstatus, root's alone, answers there. */
      rootlogin: fieldSshdSchema,
      /** /opt/bin writable by every user, holding an fio and an iperf3 another user planted there. */
      planted: fieldSshdSchema,
    }),
    /** Where the entware sshd's NAS keeps fio and iperf3 (off every user's SSH PATH). */
    entwareBin: z.string(),
    /** The file a planted fio or iperf3 (planted sshd, /opt/bin) appends a line to whenever it runs. */
    plantedMark: z.string(),
  }),
});

/** One veth link between the host namespace (`host`, `hostIf`) and the NAS namespace (`nas`, `nasIf`). */
export type LabLeg = z.infer<typeof legSchema>;
/** A login on the lab NAS: password, plain key, and key with passphrase all work. */
export type LabUser = z.infer<typeof userSchema>;
/** The whole lab, as written by `lab.sh up` into {@link LAB_STATE_FILE}. */
export type LabInfo = z.infer<typeof labSchema>;

/** Outcome of a command run to completion. `code` is -1 when it was killed by a signal or could not start. */
export interface ExecResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface ExecOptions {
  /** Milliseconds before the command is killed (default 30 s). */
  timeoutMs?: number;
  /** Text written to the command's standard input. */
  input?: string;
}

/** Reads and checks the lab's state file. Throws with a hint when the lab is not up. */
export function readLab(file: string = LAB_STATE_FILE): LabInfo {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`The network lab is not up (${file}: ${(err as Error).message}). Run: sudo bash ${LAB_SCRIPT} up`, {
      cause: err,
    });
  }
  return labSchema.parse(JSON.parse(text));
}

/** The public half of the lab sshd's host key, as `ssh-ed25519 AAAA…`, and its raw key blob. */
export function readHostKey(lab: LabInfo = readLab()): { line: string; blob: Buffer } {
  const line = readFileSync(lab.ssh.hostKeyPub, 'utf8').trim();
  const b64 = line.split(/\s+/)[1];
  if (!b64) throw new Error(`Unexpected host key file ${lab.ssh.hostKeyPub}: ${line}`);
  return { line, blob: Buffer.from(b64, 'base64') };
}

/** Runs `cmd` (argv, no shell) inside network namespace `ns` and waits for it. */
export function nsExec(ns: string, cmd: readonly string[], options: ExecOptions = {}): ExecResult {
  if (cmd.length === 0) throw new Error('nsExec: empty command');
  const result = spawnSync('ip', ['netns', 'exec', ns, ...cmd], {
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 30_000,
    input: options.input,
    maxBuffer: 64 * 1024 * 1024,
  });
  const stderr = result.error ? `${result.stderr ?? ''}${result.error.message}` : (result.stderr ?? '');
  return { code: result.status ?? -1, stdout: result.stdout ?? '', stderr };
}

/** Runs `cmd` (argv, no shell) inside the NAS namespace and waits for it. */
/**
 * Bytes read and written on a whole disk since boot, from this kernel's /proc/diskstats (512-byte
 * sectors): the lab NAS shares this kernel, so it is the ground truth for its drive.
 */
export function kernelDiskBytes(disk: string): { read: number; write: number } {
  const fields =
    readFileSync('/proc/diskstats', 'utf8')
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .find((row) => row[2] === disk) ?? [];
  return { read: Number(fields[5]) * 512, write: Number(fields[9]) * 512 };
}

export function nasExec(cmd: readonly string[], options: ExecOptions = {}): ExecResult {
  return nsExec(readLab().namespace, cmd, options);
}

/** Runs `cmd` (argv, no shell) inside the client namespace (the one whose only link leads to the NAS). */
export function clientExec(cmd: readonly string[], options: ExecOptions = {}): ExecResult {
  return nsExec(readLab().clientNamespace, cmd, options);
}

/**
 * Starts `cmd` (argv, no shell) inside the NAS namespace without waiting. `ip netns exec` execs the command,
 * so the child's pid is the command's own and `child.kill()` reaches it.
 */
export function nasSpawn(cmd: readonly string[]): ChildProcess {
  if (cmd.length === 0) throw new Error('nasSpawn: empty command');
  return spawn('ip', ['netns', 'exec', readLab().namespace, ...cmd], { stdio: ['ignore', 'pipe', 'pipe'] });
}

/** True when something in the NAS namespace listens on TCP `port`. */
export function nasListens(port: number): boolean {
  const r = nasExec(['ss', '-Hltn', `sport = :${port}`], { timeoutMs: 5_000 });
  return r.code === 0 && r.stdout.trim().length > 0;
}

/** Waits (bounded) until something in the NAS namespace listens on TCP `port`. */
export async function waitForNasPort(port: number, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!nasListens(port)) {
    if (Date.now() > deadline)
      throw new Error(`Nothing listens on port ${port} in the NAS namespace after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Pids of every process inside the NAS namespace (`ip netns pids`). */
export function nasPids(): number[] {
  const r = spawnSync('ip', ['netns', 'pids', readLab().namespace], { encoding: 'utf8' });
  return (r.stdout ?? '')
    .split(/\s+/)
    .filter((s) => s.length > 0)
    .map(Number);
}

/** Command lines of every process in the NAS namespace (ps alone would list the host's too: PIDs are shared). */
export function nasCommandLines(): string[] {
  return nasPids().map((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
    } catch {
      return ''; // it ended meanwhile
    }
  });
}

/** Command lines of the fio processes in the NAS namespace working in `folder`. */
export function fioOnNasIn(folder: string): string[] {
  return nasCommandLines().filter((line) => runsProgram(line, 'fio') && line.includes(folder));
}

/** True when a command line runs `program`, by name or by full path (`fio …`, `/opt/bin/fio …`). */
export function runsProgram(commandLine: string, program: string): boolean {
  const first = commandLine.split(' ')[0] ?? '';
  return first === program || first.endsWith(`/${program}`);
}
