import { describe, expect, it } from 'vitest';
import { ShareBenchRunInput } from '../../shared/contract/share-bench';
import { checkShareBenchChoices, shareBenchChoiceDefaults, shareBenchSeconds } from '../../shared/kinds/share/choices';

/** The "Test a share" form as the engine's input, or what to fix in it. */
describe('the Test a share form', () => {
  it('leaves empty fields to CrystalDiskMark’s defaults and passes typed ones on, within the contract', () => {
    const bare = checkShareBenchChoices({ ...shareBenchChoiceDefaults, folder: ' /mnt/nas/photos ' });
    expect(bare.input).toEqual({ folder: '/mnt/nas/photos', profile: 'default', engine: 'builtin' });
    const typed = checkShareBenchChoices(
      {
        folder: '/var/tmp/x',
        profile: 'ars',
        engine: 'fio',
        fileSizeMiB: '16',
        secondsPerPass: '1',
        passes: '1',
        nasDisks: true,
      },
      { sessionId: 'session-1', nasFolder: '/volume1/test' },
    );
    expect(typed.input).toEqual({
      folder: '/var/tmp/x',
      profile: 'ars',
      engine: 'fio',
      fileSizeBytes: 16 * 2 ** 20,
      seconds: 1,
      passes: 1,
      sessionId: 'session-1',
      nasFolder: '/volume1/test',
    });
    expect(ShareBenchRunInput.safeParse(typed.input).success).toBe(true);
  });

  it('runs the tests on the NAS’s own disks only with its login, a folder there, and the choice kept', () => {
    const folder = { ...shareBenchChoiceDefaults, folder: '/mnt/nas/photos' };
    expect(checkShareBenchChoices(folder, { sessionId: 's', nasFolder: '/volume1/test' }).input?.nasFolder).toBe(
      '/volume1/test',
    );
    expect(
      checkShareBenchChoices({ ...folder, nasDisks: false }, { sessionId: 's', nasFolder: '/volume1/test' }).input,
    ).toEqual({ folder: '/mnt/nas/photos', profile: 'default', engine: 'builtin', sessionId: 's' });
    expect(checkShareBenchChoices(folder, { sessionId: 's' }).input?.nasFolder).toBeUndefined();
    expect(checkShareBenchChoices(folder).input?.sessionId).toBeUndefined();
  });

  it('names each field to fix', () => {
    const checked = checkShareBenchChoices({
      ...shareBenchChoiceDefaults,
      folder: 'photos',
      fileSizeMiB: '0',
      secondsPerPass: '601',
      passes: '1.5',
    });
    expect(checked.input).toBeUndefined();
    expect(Object.keys(checked.problems ?? {}).sort()).toEqual(['fileSizeMiB', 'folder', 'passes', 'secondsPerPass']);
    expect(checked.problems?.folder).toBe('Type the whole path, starting with / (or a drive letter).');
  });

  it('estimates the tests’ time as a warm-up and the scored passes of each', () => {
    // Default: eight tests × (1 warm-up + 3 passes) × 5 s.
    expect(shareBenchSeconds(shareBenchChoiceDefaults)).toBe(160);
    expect(shareBenchSeconds({ profile: 'peak', secondsPerPass: '1', passes: '1' })).toBe(8);
  });
});
