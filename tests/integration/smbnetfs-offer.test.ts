import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMountedShares } from '../../electron/engine/copy/mounted-shares';
import { tempDirSync } from '../unit/helpers';
import { lab } from './lab-login';

/**
 * smbnetfs as a user's computer has it (#49): the whole network under one folder whose top lists no
 * server, since home networks carry no NetBIOS browsing, until a server's folder is opened by name.
 * A fresh mount of its own (the lab's has been opened by name already) with the lab's client config:
 * the connected NAS's share is offered all the same, because the engine asks for the NAS by name.
 */
describe('shares inside an smbnetfs mount whose top lists no server', () => {
  const mount = tempDirSync('smbnetfs-fresh');
  beforeAll(() => {
    const started = spawnSync('smbnetfs', [mount, '-o', 'big_writes,max_write=1048576'], {
      env: { ...process.env, HOME: lab.smb.clientHome },
      encoding: 'utf8',
    });
    // CI installs smbnetfs: without it this fails, never skips.
    expect(started.status, started.stderr).toBe(0);
  });
  afterAll(() => {
    spawnSync('fusermount', ['-u', mount]);
  });

  it('finds the NAS’s share by its address though the top is empty', async () => {
    expect(readdirSync(mount)).toEqual([]);
    // Without the NAS to ask for, the fresh mount offers nothing: what a user saw before.
    const unasked = await listMountedShares();
    expect(unasked.filter((share) => share.localPath.startsWith(`${mount}/`))).toEqual([]);
    const nas = { addresses: [lab.smb.server], names: [] };
    const shares = await listMountedShares(undefined, nas);
    expect(shares).toContainEqual(
      expect.objectContaining({
        localPath: path.join(mount, lab.smb.server, 'share'),
        server: lab.smb.server,
        share: 'share',
        fsType: 'fuse.smbnetfs',
        protocol: 'smb',
      }),
    );
  });
});
