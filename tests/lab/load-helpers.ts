import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { nasExec, type LabInfo } from './lab';

/**
 * The load test's two other computers (load-helpers.sh): namespaces with their own 1 Gbit/s leg to
 * the lab NAS, the share mounted over sshfs through it, and `fio --server` on a link to the host.
 */
const script = fileURLToPath(new URL('./load-helpers.sh', import.meta.url));

export const loadHelpers = [
  { control: '198.18.21.2', mount: '/run/nasbench-lab-mnt/load-1', work: '/run/nasbench-lab/load-helpers/work-1' },
  // The second mounts the share over SMB (smbnetfs: the server's folder, then the share's).
  {
    control: '198.18.22.2',
    mount: '/run/nasbench-lab-mnt/load-2/198.18.1.2/share',
    work: '/run/nasbench-lab/load-helpers/work-2',
  },
] as const;

/** A 32 MiB tmpfs both helpers see: a share with too little room for a load test's file. */
export const smallShare = '/run/nasbench-lab-mnt/small';

/** What is in each helper's fio server's working folder: nothing, unless fio wrote side files there. */
export const helperWorkFolders = () => loadHelpers.map((helper) => readdirSync(helper.work).sort());

function run(...args: string[]): void {
  const done = spawnSync('bash', [script, ...args], { encoding: 'utf8' });
  if (done.status !== 0) throw new Error(`load-helpers.sh ${args[0]} failed: ${done.stderr}`);
}

/** Up, with a fresh folder `name` in the lab share for them to write in. */
export function loadHelpersUp(lab: LabInfo, name: string): void {
  run('up', lab.namespace, lab.share, lab.users.test.key, lab.users.test.name, lab.smb.server, lab.smb.clientHome);
  nasExec(['rm', '-rf', `${lab.share}/${name}`]);
  const made = nasExec(['install', '-d', '-o', lab.users.test.name, '-g', lab.users.test.name, `${lab.share}/${name}`]);
  if (made.code !== 0) throw new Error(`could not make ${name} in the lab share: ${made.stderr}`);
}

export function loadHelpersDown(lab: LabInfo, name: string): void {
  nasExec(['rm', '-rf', `${lab.share}/${name}`]);
  run('down');
}

/** Helper N's fio server and everything below it killed, as when that computer is switched off. */
export const stopHelperServer = (helper: 1 | 2) => run('stop-server', String(helper));
export const startHelperServer = (helper: 1 | 2, where: 'its address' | 'everywhere' = 'its address') =>
  run('start-server', String(helper), ...(where === 'everywhere' ? ['everywhere'] : []));

/** Each helper's second address on its control link, where only a server started `everywhere` answers. */
export const secondAddressOf = (helper: 1 | 2) => `198.18.${20 + helper}.3`;

/** What is in the folder on the NAS itself: nothing, once a load test cleaned up. */
export const leftOnNas = (lab: LabInfo, name: string) => nasExec(['ls', '-A', `${lab.share}/${name}`]).stdout.trim();
