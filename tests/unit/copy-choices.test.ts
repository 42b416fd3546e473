import { describe, expect, it } from 'vitest';
import { checkCopyChoices, copyChoiceDefaults } from '../../renderer/src/screens/copy/copy-choices';
import { ShareCopyRunInput } from '../../shared/copy';

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
});
