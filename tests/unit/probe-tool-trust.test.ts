import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { nasProbeScript } from '../../electron/engine/probe/nas-script';
import { parseNasProbe } from '../../electron/engine/probe/parse-nas';
import { NasFacts } from '../../shared/contract/probe';

/**
 * The whole probe script, run for real on a NAS's folder layout: a root of its own (a tmpfs in a
 * private mount namespace, entered with chroot, holding this machine's /usr and /dev) whose PATH is
 * BusyBox's applets only, as an SSH PATH without Entware is. Planted programs are scripts owned by
 * another user that would append to /ran if they ever ran.
 */
const shells = [['/usr/bin/dash'], ['/usr/bin/busybox', 'sh']];
const other = 4343;
const plant = (file: string) =>
  `printf '#!/bin/sh\\necho ran >>/ran\\necho fio-9.99\\n' >${file} && chmod 755 ${file} && chown ${other} ${file}`;

const root = [
  'mount -t tmpfs -o mode=755 nasbench-nas /mnt',
  'cd /mnt',
  'for d in bin lib lib64 sbin; do if [ -L /$d ]; then ln -s "$(readlink /$d)" $d; elif [ -d /$d ]; then mkdir $d && mount --bind /$d $d; fi; done',
  'mkdir usr dev nbbin etc && mount --bind /usr usr && mount --bind /dev dev',
  'busybox --install -s /mnt/nbbin',
];

function probeIn(layout: string[], shell: string[]): { facts: NasFacts; ran: boolean } {
  const chroot = spawnSync('sh', ['-c', 'command -v chroot'], { encoding: 'utf8' }).stdout.trim();
  expect(process.getuid?.(), 'builds a NAS root in a mount namespace: needs root, as CI runs').toBe(0);
  expect(chroot, 'chroot (coreutils) is needed').toMatch(/^\//);
  const setup = [...root, ...layout].join(' && ');
  const ran = spawnSync(
    'unshare',
    [
      '-m',
      '--propagation',
      'private',
      'sh',
      '-c',
      `${setup} && PATH=/nbbin ${chroot} /mnt "$@" -c "$NB_SCRIPT"; echo "ran=$([ -e /mnt/ran ] && echo yes)"`,
      'sh',
      ...shell,
    ],
    { encoding: 'utf8', timeout: 30_000, env: { ...process.env, NB_SCRIPT: nasProbeScript } },
  );
  expect(ran.status, `${shell.join(' ')}: ${ran.stderr}`).toBe(0);
  return { facts: NasFacts.parse(parseNasProbe(ran.stdout)), ran: ran.stdout.includes('ran=yes') };
}

describe('the probe runs only what the NAS owner installed (real script, a NAS root of its own)', () => {
  it.each(shells)(
    'under %s: a fio and an iperf3 planted by another user in a folder others can write are not run, named, and missing',
    (...shell) => {
      // /opt/bin as a share is: anyone may write there (sticky, as /tmp, changes nothing).
      const layout = ['mkdir -p opt/bin', 'chmod 1777 opt/bin', plant('opt/bin/fio'), plant('opt/bin/iperf3')];
      const { facts, ran } = probeIn(layout, shell);
      expect(ran, 'a planted program ran').toBe(false);
      expect(facts.tools).toEqual({ fio: null, iperf3: null });
      expect(facts.refusedTools).toEqual([
        { tool: 'fio', path: '/opt/bin/fio', why: 'writable by others', at: '/opt/bin' },
        { tool: 'iperf3', path: '/opt/bin/iperf3', why: 'writable by others', at: '/opt/bin' },
      ]);
      expect(facts.installHints.join(' ')).toContain(
        'A fio was found in /opt/bin, but other users can write to /opt/bin, so NASBench did not run it.',
      );
      expect(facts.installHints.join(' ')).toMatch(
        /not installed on this NAS\. Install with `sudo apt install fio iperf3`/,
      );
    },
  );

  it.each(shells)(
    'under %s: one planted in a folder only its owner may write is refused as another user’s',
    (...shell) => {
      const { facts, ran } = probeIn(['mkdir -p opt/local/bin', plant('opt/local/bin/fio')], shell);
      expect(ran).toBe(false);
      expect(facts.tools.fio).toBeNull();
      expect(facts.refusedTools).toEqual([
        { tool: 'fio', path: '/opt/local/bin/fio', why: 'owned by another user', at: '/opt/local/bin/fio' },
      ]);
    },
  );

  it.each(shells)(
    'under %s: QNAP Entware is found where qpkg.conf installed it or on a volume root, never inside a share',
    (...shell) => {
      const entware = (volume: string) => `share/${volume}/.qpkg/Entware/bin`;
      const layout = [
        'mkdir -p etc/config',
        `printf '[Entware]\\nName = Entware\\nInstall_Path = /share/MD0_DATA/.qpkg/Entware\\nEnable = TRUE\\n' >etc/config/qpkg.conf`,
        // A share, first in /share's order, that any user may write: planted copies of both.
        `mkdir -p ${entware('A-Share')} && chmod 777 share/A-Share`,
        plant(`${entware('A-Share')}/fio`),
        plant(`${entware('A-Share')}/iperf3`),
        // fio on the volume's own root; iperf3 where qpkg.conf says Entware is (an older QTS volume name).
        `mkdir -p ${entware('CACHEDEV1_DATA')} ${entware('MD0_DATA')}`,
        `ln -s /usr/bin/fio ${entware('CACHEDEV1_DATA')}/fio`,
        `ln -s /usr/bin/iperf3 ${entware('MD0_DATA')}/iperf3`,
      ];
      const { facts, ran } = probeIn(layout, shell);
      expect(ran).toBe(false);
      expect(facts.tools.fio?.path).toBe('/share/CACHEDEV1_DATA/.qpkg/Entware/bin/fio');
      expect(facts.tools.iperf3?.path).toBe('/share/MD0_DATA/.qpkg/Entware/bin/iperf3');
      expect(facts.tools.fio?.version).toMatch(/^\d+\.\d+/);
      // The share was never looked in, so nothing there was even a candidate.
      expect(facts.refusedTools).toEqual([]);
    },
  );
});
