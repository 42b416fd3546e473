import type { DiskPreset } from '../../../../shared/disk-words';

interface PresetWords {
  title: string;
  summary: string;
  /** What the engine uses when the Advanced fields are left empty (electron/engine/disk/presets.ts). */
  sizePlaceholder: string;
  sizeHelp: string;
  secondsPlaceholder: string;
}

/** The presets as a person picks them: what each measures and how long it takes, in plain words. */
export const presets: Record<DiskPreset, PresetWords> = {
  quick: {
    title: 'Quick check',
    summary: 'Like CrystalDiskMark: large sequential and small (4K) random transfers, read and write. About a minute.',
    sizePlaceholder: '256',
    sizeHelp: 'Empty: a 256 MiB test file.',
    secondsPlaceholder: '5',
  },
  ars: {
    title: 'Ars Technica trio',
    summary:
      'Random writes three ways: 4K one at a time, 64K from 16 jobs at once, and 1M one at a time. ' +
      'A minute each; needs about 16 GiB free.',
    sizePlaceholder: '16384',
    sizeHelp: 'Empty: files of 4 GiB, 16 × 256 MiB and 16 GiB. A size caps each test (its 16 jobs share it).',
    secondsPlaceholder: '60',
  },
  bulk: {
    title: 'Bulk streaming',
    summary:
      '32 jobs writing 128K blocks at once, then reading them back: many large files at the same time. About 2 minutes.',
    sizePlaceholder: '',
    sizeHelp: 'Empty: what a minute of fast writing fills, at most half the free space and 10 GiB a job.',
    secondsPlaceholder: '60',
  },
};
