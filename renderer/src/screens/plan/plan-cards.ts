import type { PlanName } from '../../../../shared/plans';

/** The guided plans as a person picks them: the question each answers. Custom is the single tests below. */
export const planCards: Record<Exclude<PlanName, 'custom'>, { title: string; question: string }> = {
  quick: {
    title: 'Quick check',
    question: 'How fast is it, and is the network or the disks the limit? About a minute.',
  },
  'cached-vs-uncached': {
    title: 'Cached vs uncached',
    question: 'How much of the speed is the NAS’s memory, and what do the disks keep up once it is full?',
  },
  'bonded-link': {
    title: 'Bonded link',
    question: 'Do several links together really add up, or does one link carry everything?',
  },
  'compare-connections': {
    title: 'Compare connections',
    question: 'Is Wi-Fi, the cable or the USB adapter the limit? Run it once per connection, then compare in History.',
  },
  'disk-sweep': {
    title: 'Disk sweep',
    question: 'Which block sizes, file sizes and numbers of jobs is the NAS fastest at? Shown as heatmaps.',
  },
};
