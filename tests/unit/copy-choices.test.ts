import { describe, expect, it } from 'vitest';
import { checkCopyChoices, copyChoiceDefaults, nasIdentityOf, nasShareOf } from '../../shared/kinds/copy/words';
import { ShareCopyRunInput, shareName } from '../../shared/contract/copy';

describe('the share copy form', () => {
  it('turns MiB, KiB and minutes into the engine’s bytes and seconds', () => {
    const checked = checkCopyChoices({
      ...copyChoiceDefaults,
      folder: ' /mnt/nas/photos ',
      fileSizeMiB: '32',
      sweep: true,
      sweepMinutes: '5',
      smallFiles: true,
    });
    expect(checked.input).toEqual({
      folder: '/mnt/nas/photos',
      fileSizeBytes: 32 * 2 ** 20,
      sweep: true,
      sweepBudgetSeconds: 300,
      smallFiles: { count: 1000, fileSizeBytes: 64 * 1024 },
    });
    expect(ShareCopyRunInput.safeParse(checked.input).success).toBe(true);
  });

  it('leaves the file size to the engine when empty, and ignores options that are not ticked', () => {
    const checked = checkCopyChoices({ ...copyChoiceDefaults, folder: 'Z:\\photos', sweepMinutes: 'x' });
    expect(checked.input).toEqual({ folder: 'Z:\\photos' });
  });

  it('says what to fix, per field', () => {
    const checked = checkCopyChoices({
      ...copyChoiceDefaults,
      folder: 'photos',
      fileSizeMiB: '1.5',
      smallFiles: true,
      smallFileCount: '0',
    });
    expect(Object.keys(checked.problems ?? {}).sort()).toEqual(['fileSizeMiB', 'folder', 'smallFileCount']);
  });

  it('passes the NAS RAM on only for a folder on the connected NAS’s share', () => {
    const shares = [
      {
        localPath: '/mnt/nas',
        server: '10.0.0.2',
        share: 'data',
        fsType: 'cifs',
        protocol: 'smb' as const,
        onNas: true,
      },
      { localPath: '/mnt/nas/other', server: 'pc', share: 'x', fsType: 'cifs', protocol: 'smb' as const, onNas: false },
      { localPath: '/mnt/other', server: 'pc', share: 'y', fsType: 'nfs', protocol: 'nfs' as const, onNas: false },
    ];
    expect(nasShareOf('/mnt/nas/photos', shares)?.share).toBe('data');
    expect(nasShareOf('/mnt/nas', shares)?.share).toBe('data');
    // The longest mount point holds the folder, and it is not on the NAS.
    expect(nasShareOf('/mnt/nas/other/a', shares)).toBeUndefined();
    expect(nasShareOf('/mnt/nasty', shares)).toBeUndefined();
    const form = { ...copyChoiceDefaults, folder: '/mnt/nas/photos' };
    expect(checkCopyChoices(form, 8 * 2 ** 30).input?.nasRamBytes).toBe(8 * 2 ** 30);
    expect(checkCopyChoices(form, null).input).not.toHaveProperty('nasRamBytes');
  });

  it('names the NAS by the address typed, its host name and every interface address', () => {
    const nas = {
      hostname: 'DiskStation',
      interfaces: [
        { name: 'eth0', addresses: ['192.168.1.20/24', 'fe80::1/64'], speedMbps: 1000, mtu: 1500, state: 'up' },
      ],
    } as unknown as Parameters<typeof nasIdentityOf>[1];
    expect(nasIdentityOf('nas.local', nas)).toEqual({
      addresses: ['nas.local', '192.168.1.20', 'fe80::1'],
      names: ['nas.local', 'DiskStation'],
    });
    expect(nasIdentityOf('10.0.0.2', undefined)).toEqual({ addresses: ['10.0.0.2'], names: ['10.0.0.2'] });
  });
});

describe('share names', () => {
  it('write SMB shares with a slash and NFS/sshfs paths after a colon, as people type them', () => {
    expect(shareName({ server: 'nas', share: 'photos' })).toBe('nas/photos');
    expect(shareName({ server: '192.168.1.20', share: '/volume1/media' })).toBe('192.168.1.20:/volume1/media');
    expect(shareName({ server: 'unraid', share: '' })).toBe('unraid');
  });
});
