import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  foundProgramCheckSh,
  foundProgramCommand,
  parseRefusedPrograms,
} from '../../electron/engine/ssh/found-program';

/**
 * The check that keeps NASBench from running a program someone other than the NAS's owner put
 * where it looks, run for real: the sh text the probe sends, under each shell NASes have here, on
 * folders made for it in a private mount namespace (a tmpfs over /opt, so nothing of the host's
 * changes). Every planted program would append to /opt/ran if it ever ran.
 */
const shells: string[][] = [['/bin/sh'], ['dash'], ['busybox', 'sh']];
const other = 4343;
const login = 4242;

const layout = [
  'mount -t tmpfs -o mode=755 nasbench-found /opt',
  'cd /opt',
  'mkdir safe group other sticky theirs',
  'chmod 775 group; chmod 757 other; chmod 1777 sticky',
  `chown ${login} theirs`,
  'for d in safe group other sticky theirs; do printf "#!/bin/sh\\necho ran >>/opt/ran\\n" >$d/fio; chmod 755 $d/fio; done',
  `cp safe/fio safe/theirs; chown ${other} safe/theirs`,
  `cp safe/fio safe/logins; chown ${login} safe/logins`,
  'cp safe/fio safe/groupw; chmod 775 safe/groupw',
  'ln -s ../group/fio safe/into-group',
  'ln -s fio safe/alias',
  'ln -s /opt/safe safe-link',
  'ln -s /opt/group group-link',
].join(' && ');

const candidates = [
  '/opt/safe/fio',
  '/opt/group/fio',
  '/opt/other/fio',
  '/opt/sticky/fio',
  '/opt/theirs/fio',
  '/opt/safe/theirs',
  '/opt/safe/logins',
  '/opt/safe/groupw',
  '/opt/safe/into-group',
  '/opt/safe/alias',
  '/opt/safe-link/fio',
  '/opt/group-link/fio',
];

/** Each candidate's verdict, `ok <path to run>` or `no <w|o> <path that broke the rule>`. */
const verdicts = [
  foundProgramCheckSh,
  `for p in ${candidates.join(' ')}; do`,
  '  if nb_trust "$p"; then echo "$p|ok $nb_run"; else echo "$p|no $nb_why"; fi',
  'done',
  '[ -e /opt/ran ] && echo "RAN"',
  'true',
].join('\n');

function shellsAreHere(): void {
  for (const [program = '', ...args] of shells) {
    const ran = spawnSync(program, [...args, '-c', 'true']);
    expect(ran.status, `${program} must be installed (CI installs busybox and dash)`).toBe(0);
  }
  expect(process.getuid?.(), 'makes folders of other users in a mount namespace: needs root, as CI runs').toBe(0);
}

/** Runs `script` under `shell` inside a fresh mount namespace holding the layout, as root or as uid `as`. */
function inLayout(shell: string[], script: string, as?: number, env: Record<string, string> = {}) {
  const run = as === undefined ? '' : `setpriv --reuid=${as} --regid=${as} --clear-groups `;
  const ran = spawnSync(
    'unshare',
    ['-m', '--propagation', 'private', 'sh', '-c', `${layout} && ${run}"$@" -c "$NB_SCRIPT"`, 'sh', ...shell],
    { encoding: 'utf8', timeout: 20_000, env: { ...process.env, ...env, NB_SCRIPT: script } },
  );
  return ran;
}

function verdictsUnder(shell: string[], as?: number): Map<string, string> {
  const ran = inLayout(shell, verdicts, as);
  expect(ran.status, ran.stderr).toBe(0);
  expect(ran.stdout, 'a candidate ran while being checked').not.toContain('RAN');
  return new Map(
    ran.stdout.split('\n').flatMap((line) => (line.includes('|') ? [line.split('|', 2) as [string, string]] : [])),
  );
}

describe('a program found on the NAS runs only when its owner installed it (real sh)', () => {
  it.each(shells)(
    'under %s: root-owned and unshared folders pass, the rest are refused with the path and why',
    (...shell) => {
      shellsAreHere();
      const seen = verdictsUnder(shell);
      expect(Object.fromEntries(seen)).toEqual({
        '/opt/safe/fio': 'ok /opt/safe/fio',
        '/opt/group/fio': 'no w /opt/group',
        '/opt/other/fio': 'no w /opt/other',
        // Sticky does not help: anyone may still add a file of their own there.
        '/opt/sticky/fio': 'no w /opt/sticky',
        '/opt/theirs/fio': 'no o /opt/theirs',
        '/opt/safe/theirs': 'no o /opt/safe/theirs',
        '/opt/safe/logins': 'no o /opt/safe/logins',
        '/opt/safe/groupw': 'no w /opt/safe/groupw',
        // A symlink in a safe folder leading into one others can write is refused for where it leads.
        '/opt/safe/into-group': 'no w /opt/group',
        '/opt/safe/alias': 'ok /opt/safe/alias',
        // A symlinked folder: run from the folder it resolves to, so it cannot be re-pointed after the check.
        '/opt/safe-link/fio': 'ok /opt/safe/fio',
        '/opt/group-link/fio': 'no w /opt/group',
      });
    },
  );

  it.each(shells)('under %s as a login that is not root: its own files pass, another user’s do not', (...shell) => {
    shellsAreHere();
    const seen = verdictsUnder(shell, login);
    expect(seen.get('/opt/safe/logins')).toBe('ok /opt/safe/logins');
    expect(seen.get('/opt/theirs/fio')).toBe('ok /opt/theirs/fio');
    expect(seen.get('/opt/safe/theirs')).toBe(`no o /opt/safe/theirs`);
    expect(seen.get('/opt/safe/fio')).toBe('ok /opt/safe/fio');
    expect(seen.get('/opt/group/fio')).toBe('no w /opt/group');
  });

  it.each(shells)('under %s: nb_use takes the first copy that passes and lists each refused one', (...shell) => {
    shellsAreHere();
    const script = [
      foundProgramCheckSh,
      'nb_refused=',
      'nb_use fio /opt/group/fio /opt/none/fio "" /opt/safe/into-group /opt/group/fio /opt/safe-link/fio /opt/other/fio',
      'echo "run=$nb_run"',
      'printf %s "$nb_refused"',
      'nb_use fio /opt/theirs/fio /opt/sticky/fio || echo "run=none"',
    ].join('\n');
    const ran = inLayout(shell, script);
    expect(ran.status, ran.stderr).toBe(0);
    const lines = ran.stdout.split('\n');
    expect(lines[0]).toBe('run=/opt/safe/fio');
    expect(lines).toContain('run=none');
    expect(parseRefusedPrograms(lines)).toEqual([
      { tool: 'fio', path: '/opt/group/fio', why: 'writable by others', at: '/opt/group' },
      { tool: 'fio', path: '/opt/safe/into-group', why: 'writable by others', at: '/opt/group' },
    ]);
  });

  it.each(shells)('under %s: a command for a found program runs a trusted copy, never a planted one', (...shell) => {
    shellsAreHere();
    const command = foundProgramCommand('fio', ['--version']);
    const planted = inLayout(shell, `${command}`, undefined, { PATH: '/opt/group:/usr/bin:/bin' });
    expect(planted.status).toBe(127);
    expect(planted.stderr).toContain('nasbench did not run fio');
    expect(planted.stderr).toContain('fio=/opt/group/fio\nw /opt/group');
    // The same program from a folder only root may write does run: the marker then appears.
    const trusted = inLayout(shell, `(${command}) && cat /opt/ran`, undefined, { PATH: '/opt/safe:/usr/bin:/bin' });
    expect(trusted.status, trusted.stderr).toBe(0);
    expect(trusted.stdout.trim()).toBe('ran');
  });
});
