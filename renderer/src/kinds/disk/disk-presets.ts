import type { DiskPreset } from '../../../../shared/kinds/disk/words';
import type { ChoiceCard } from '../../components/Choices';
import type { DiskChoice } from './store';

/** Each choice as a person picks it: what it measures and how long it takes, in plain words. */
export const diskChoiceCards: ChoiceCard<DiskChoice>[] = [
  {
    value: 'quick',
    title: 'Quick check',
    text: 'Like CrystalDiskMark: large sequential and small (4K) random transfers, read and write. About a minute.',
  },
  {
    value: 'ars',
    title: 'Ars Technica trio',
    text:
      'Random writes three ways: 4K one at a time, 64K from 16 jobs at once, and 1M one at a time. ' +
      'A minute each; needs about 16 GiB free.',
  },
  {
    value: 'bulk',
    title: 'Bulk streaming',
    text: '32 jobs writing 128K blocks at once, then reading them back: many large files at the same time. About 2 minutes.',
  },
  {
    value: 'sweep',
    title: 'Sweep (heatmap)',
    text:
      'Every mix of block size, file size and number of jobs you list, each run until its speed settles. ' +
      'Shows where the NAS is fastest. Minutes to an hour.',
  },
];

/** What the engine uses when the Advanced fields are left empty (electron/engine/disk/presets.ts). */
export const presetDefaults: Record<
  DiskPreset,
  { sizePlaceholder: string; sizeHelp: string; secondsPlaceholder: string }
> = {
  quick: { sizePlaceholder: '256', sizeHelp: 'Empty: a 256 MiB test file.', secondsPlaceholder: '5' },
  ars: {
    sizePlaceholder: '16384',
    sizeHelp: 'Empty: files of 4 GiB, 16 × 256 MiB and 16 GiB. A size caps each test (its 16 jobs share it).',
    secondsPlaceholder: '60',
  },
  bulk: {
    sizePlaceholder: '',
    sizeHelp: 'Empty: what a minute of fast writing fills, at most half the free space and 10 GiB a job.',
    secondsPlaceholder: '60',
  },
};
