import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../electron/cli/program';
import type { CopyTestResult } from '../../shared/contract/copy';
import type { SharePath } from '../../shared/contract/figure-quality';
import { nasExec } from '../lab/lab';
import { measureAgainIfOff } from '../helpers/measure-again';
import { expectNearYardstick, yardstickShortfall } from '../helpers/yardstick';
import { tempDir } from '../unit/helpers';
import { lab } from './lab-login';

/**
 * The share tests over SMB, the protocol home NASes serve (#32): the lab's Samba, mounted on this
 * computer through smbnetfs (tests/lab/lab-smb.sh). Each figure is held against `dd` on the same
 * mount, run before and after it; the session's terms come from the NAS — smbstatus where the login
 * may run it (root, as on Unraid), else its Samba config.
 */
const MiB = 2 ** 20;
const testFileBytes = 256 * MiB;

/** The NAS logins that tell a share's session: root (smbstatus answers), the plain user (config only), the signing NAS. */
const rootLogin = [
  '--host',
  lab.smb.server,
  '--port',
  String(lab.field.sshds.rootlogin.port),
  '--user',
  'root',
  '--identity',
  lab.users.test.key,
];
const userLogin = ['--host', lab.smb.server, '--user', lab.users.test.name];
const signingNasLogin = [...userLogin, '--port', String(lab.field.sshds.smbsigned.port)];

interface CopyJson {
  ok: boolean;
  path: SharePath;
  tests: CopyTestResult[];
}

async function cli(argv: string[]): Promise<{ json: unknown; text: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(['--data-dir', await tempDir('smb'), ...argv, '--trust-new-host'], {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    env: { NASBENCH_PASSWORD: lab.users.test.password },
  });
  expect(code, stderr).toBe(0);
  return argv.includes('--json') ? { json: JSON.parse(stdout), text: '' } : { json: null, text: stdout };
}

const copyOn = async (folder: string, login: string[], size = '256M') =>
  (await cli(['--json', 'copy', '--dir', folder, '--size', size, ...login])).json as CopyJson;

/** `dd` with 1 MiB blocks on the same mount: a write ended by fsync, or a read after the page cache is dropped. */
function ddRate(op: 'write' | 'read', file: string): number {
  if (op === 'read') {
    spawnSync('sync');
    expect(spawnSync('sh', ['-c', 'echo 3 > /proc/sys/vm/drop_caches']).status).toBe(0);
  }
  const args =
    op === 'write'
      ? [`of=${file}`, 'if=/dev/zero', 'bs=1M', `count=${testFileBytes / MiB}`, 'conv=fsync']
      : [`if=${file}`, 'of=/dev/null', 'bs=1M'];
  const ran = spawnSync('dd', args, { encoding: 'utf8' });
  expect(ran.status, ran.stderr).toBe(0);
  // "268435456 bytes (268 MB, 256 MiB) copied, 2.27 s, 118 MB/s"
  const match = /^(\d+) bytes .* copied, ([\d.]+) s/m.exec(ran.stderr);
  if (!match) throw new Error(`dd said: ${ran.stderr}`);
  return Number(match[1]) / Number(match[2]);
}

const folders: string[] = [];
/** A folder of its own in a share, through the SMB mount (the share's files are the NAS's). */
async function folderIn(share: string): Promise<string> {
  const name = `smb-${randomUUID()}`;
  expect(
    nasExec(['install', '-d', '-o', lab.users.test.name, '-g', lab.users.test.name, `${lab.share}/${name}`]).code,
  ).toBe(0);
  folders.push(`${lab.share}/${name}`);
  return `${share}/${name}`;
}

beforeAll(() => {
  // CI installs Samba and smbnetfs; without them the lab does not come up and these fail, never skip.
  expect(spawnSync('mountpoint', ['-q', lab.smb.mount]).status).toBe(0);
});
afterAll(() => {
  for (const folder of folders) nasExec(['rm', '-rf', folder]);
});

describe('share tests over SMB', () => {
  it('copy: the SMB path, the dialect Samba negotiated, and each figure within 10% of dd on the same mount', async () => {
    const folder = await folderIn(lab.smb.share);
    const probe = `${folder}/dd.bin`;
    const ops = ['write', 'read'] as const;
    // dd through the FUSE SMB client now and then reads a third slower (78.5 against 107.2 MB/s in one
    // full run, the copy engine at the wire's 118): a yardstick whose two runs disagree beyond the
    // tolerance is read once more, and the figure is judged against all three. And the copy engine's own
    // read once came in at 0.76× two dd runs that agreed within 3% (CI, its host busy): a figure off its
    // yardstick is measured once more, dd and all, and the closer attempt counts.
    const attempt = async () => {
      const ddBefore = { write: ddRate('write', probe), read: ddRate('read', probe) };
      const copy = await copyOn(folder, rootLogin);
      const ddAfter = { write: ddRate('write', probe), read: ddRate('read', probe) };
      const against = ops.map((op) => {
        const figure = copy.tests.find((test) => test.op === op)?.bytesPerSecond ?? 0;
        const [before, after] = [ddBefore[op], ddAfter[op]];
        const readings = [before, after];
        if (Math.abs(before - after) / Math.max(before, after) > 0.1) readings.push(ddRate(op, probe));
        return { op, figure, readings };
      });
      return { copy, against };
    };
    const mb = (bytesPerSecond: number) => (bytesPerSecond / 1e6).toFixed(1);
    const { copy, against } = await measureAgainIfOff(
      'SMB copy against dd',
      attempt,
      ({ against }) => Math.max(...against.map((one) => yardstickShortfall(one.figure, one.readings, 0.1))),
      ({ against }) =>
        against.map((one) => `${one.op} ${mb(one.figure)} MB/s, dd ${one.readings.map(mb).join('/')}`).join('; '),
    );
    expect(copy.path).toMatchObject({
      kind: 'network-share',
      protocol: 'smb',
      server: lab.smb.server,
      interface: lab.legs.a.hostIf,
      localAddress: lab.legs.a.host,
      session: { protocol: 'smb', version: '3.1.1', signing: 'off', encryption: 'off', source: 'nas' },
    });
    for (const { op, figure, readings } of against) {
      expectNearYardstick(figure, readings, 0.1, `SMB ${op}: copy engine against dd`);
    }
  }, 300_000);

  it('small files and the cache wall over SMB: every file moved, the sweep past the caches, nothing left', async () => {
    const folder = await folderIn(lab.smb.share);
    const { json } = await cli([
      '--json',
      'copy',
      '--dir',
      folder,
      '--size',
      '64M',
      '--small-files',
      '200',
      '--sweep',
      '--budget',
      '20',
    ]);
    const copy = json as CopyJson & { sweep?: { points: { fileSize: number; writeBytesPerSecond: number }[] } };
    const small = copy.tests.filter((test) => test.test === 'small-files');
    expect(small.map((test) => test.op).sort()).toEqual(['read', 'write']);
    for (const test of small) expect(test.files).toBe(200);
    expect(copy.sweep?.points.length).toBeGreaterThanOrEqual(2);
    for (const point of copy.sweep?.points ?? []) expect(point.writeBytesPerSecond).toBeGreaterThan(0);
    expect(nasExec(['ls', '-A', `${lab.share}/${folder.split('/').at(-1) ?? ''}`]).stdout.trim()).toBe('');
  }, 180_000);

  it('the encrypted and the signed share say so, learned from the NAS’s config, in the result and in words', async () => {
    const encrypted = await copyOn(await folderIn(lab.smb.encrypted), userLogin, '64M');
    expect(encrypted.path.session).toMatchObject({ encryption: 'on', signing: 'on', source: 'nas' });
    const signed = await copyOn(await folderIn(lab.smb.signed), signingNasLogin, '64M');
    expect(signed.path.session).toMatchObject({ signing: 'on', signingRequired: true, source: 'nas' });
    // In words, as the CLI and Results say them.
    const { text } = await cli(['copy', '--dir', await folderIn(lab.smb.encrypted), '--size', '64M', ...userLogin]);
    expect(text).toMatch(/Session: SMB[^\n]*, signed, encrypted\./);
  }, 180_000);

  it('quick --json: the share figures carry their path, SMB with its session, as the saved run does', async () => {
    // The network and the share copy (a set size, not sized to settle): the disk step has nothing to say here.
    const { json } = await cli([
      '--json',
      'quick',
      ...rootLogin,
      '--share-dir',
      await folderIn(lab.smb.share),
      '--share-size',
      '32M',
      '--time',
      '2',
    ]);
    const copy = (json as { results: { copy: (CopyTestResult & { path?: SharePath })[] } }).results.copy;
    expect(copy.map((test) => test.op)).toEqual(['write', 'read']);
    for (const test of copy)
      expect(test.path).toMatchObject({ protocol: 'smb', server: lab.smb.server, session: { version: '3.1.1' } });
  }, 240_000);
});
