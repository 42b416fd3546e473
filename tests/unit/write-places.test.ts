import { describe, expect, it } from 'vitest';
import { nasFolderOf, noWritePlaces, typesNasFolder } from '../../renderer/src/stores/write-places';
import { testFolderChoices } from '../../shared/kinds/disk/words';
import { checkPlanChoices } from '../../shared/words/plan';
import { optionalWholeNumber, wholeNumber } from '../../shared/words/whole-numbers';

const mounts = ['/volume1', '/volume2'];

describe('where NASBench may write on the NAS', () => {
  it('offers the first volume until the user picks one', () => {
    expect(nasFolderOf(noWritePlaces, mounts)).toBe('/volume1');
    expect(nasFolderOf({ ...noWritePlaces, pickedNasFolder: '/volume2' }, mounts)).toBe('/volume2');
  });

  it('falls back to the first volume when the one picked is not on this NAS', () => {
    expect(nasFolderOf({ ...noWritePlaces, pickedNasFolder: '/mnt/pool' }, mounts)).toBe('/volume1');
  });

  it('uses the typed folder for "Another folder…", and when the probe listed none', () => {
    const typed = { ...noWritePlaces, typingNasFolder: true, typedNasFolder: '/volume1/share' };
    expect(nasFolderOf(typed, mounts)).toBe('/volume1/share');
    expect(typesNasFolder({ ...noWritePlaces, typedNasFolder: '/srv' }, [])).toBe(true);
    expect(nasFolderOf({ ...noWritePlaces, typedNasFolder: '/srv' }, [])).toBe('/srv');
    expect(nasFolderOf(noWritePlaces, [])).toBe('');
  });
});

describe('the guided plan form', () => {
  const choices = {
    plan: 'quick' as const,
    nasFolder: '',
    shareFolder: '',
    networkSeconds: '',
    diskSeconds: '',
    useLocalShareFolder: false,
  };

  it('leaves out what is empty, and a NAS folder that is not a full path', () => {
    expect(checkPlanChoices(choices, 's1')).toEqual({ input: { plan: 'quick', sessionId: 's1' } });
    expect(checkPlanChoices({ ...choices, nasFolder: 'share' }, 's1').input).toEqual({
      plan: 'quick',
      sessionId: 's1',
    });
  });

  it('passes the places and lengths on, trimmed', () => {
    const checked = checkPlanChoices(
      { ...choices, nasFolder: ' /volume1/test ', shareFolder: ' /mnt/nas ', networkSeconds: '3', diskSeconds: ' 2 ' },
      's1',
    );
    expect(checked.input).toEqual({
      plan: 'quick',
      sessionId: 's1',
      nasFolder: '/volume1/test',
      shareFolder: '/mnt/nas',
      networkSeconds: 3,
      diskSeconds: 2,
    });
  });

  it('names the connection as the user typed it, trimmed; empty leaves the name to the interface', () => {
    expect(checkPlanChoices({ ...choices, connection: '  Wi-Fi upstairs ' }, 's1').input).toEqual({
      plan: 'quick',
      sessionId: 's1',
      connection: 'Wi-Fi upstairs',
    });
    expect(checkPlanChoices({ ...choices, connection: '   ' }, 's1').input).toEqual({ plan: 'quick', sessionId: 's1' });
  });

  it('passes the yes to a share folder on this computer only with a share folder', () => {
    expect(checkPlanChoices({ ...choices, shareFolder: '/home/me', useLocalShareFolder: true }, 's1').input).toEqual({
      plan: 'quick',
      sessionId: 's1',
      shareFolder: '/home/me',
      useLocalShareFolder: true,
    });
    expect(checkPlanChoices({ ...choices, useLocalShareFolder: true }, 's1').input).toEqual({
      plan: 'quick',
      sessionId: 's1',
    });
  });

  it('says which length is wrong, with the limits every seconds field shares (single tests take 3600 too)', () => {
    const checked = checkPlanChoices({ ...choices, networkSeconds: '0', diskSeconds: '3601' }, 's1');
    expect(checked.problems).toEqual({
      networkSeconds: 'A whole number of seconds from 1 to 3600, or empty.',
      diskSeconds: 'A whole number of seconds from 1 to 3600, or empty.',
    });
    expect(checkPlanChoices({ ...choices, diskSeconds: '3600' }, 's1').problems).toBeUndefined();
  });
});

describe('whole numbers as typed', () => {
  it('takes a whole number in range, and nothing else', () => {
    expect(wholeNumber(' 16 ', 1, 16)).toBe(16);
    for (const text of ['', ' ', '17', '0', '2.5', 'four']) expect(wholeNumber(text, 1, 16)).toBeNull();
  });

  it('reads an empty optional field as "the default"', () => {
    expect(optionalWholeNumber('  ', 600)).toBeUndefined();
    expect(optionalWholeNumber('600', 600)).toBe(600);
    expect(optionalWholeNumber('601', 600)).toBeNull();
  });
});

describe('the folders offered on the NAS', () => {
  it('leaves out a volume the folder check refuses: the root', () => {
    const volumes = [
      { mount: '/', fsType: 'ext4', sizeBytes: 2 ** 38, freeBytes: 2 ** 36 },
      { mount: '/volume1', fsType: 'btrfs', sizeBytes: 4e12, freeBytes: 2 ** 40 },
    ];
    expect(testFolderChoices({ volumes }).map((choice) => choice.folder)).toEqual(['/volume1']);
  });
});
