import { describe, expect, it } from 'vitest';
import type { CopyTestResult } from '../../shared/contract/copy';
import type { SharePath } from '../../shared/contract/figure-quality';
import { nasExec } from '../lab/lab';
import { lab } from './lab-login';
import { cli, copyOn, signingNasLogin, useSmbFolders, userLogin, rootLogin, type CopyJson } from './smb-login';

/**
 * The share tests over SMB, the protocol home NASes serve (#32): the lab's Samba, mounted on this
 * computer through smbnetfs (tests/lab/lab-smb.sh): small files, the cache wall, the encrypted and signed
 * shares, and the Quick check's share figures. The session's terms come from the NAS — smbstatus where the
 * login may run it (root, as on Unraid), else its Samba config. The figures against dd: smb-against-dd.test.ts.
 */
const { folderIn } = useSmbFolders();

describe('share tests over SMB', () => {
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
