import type { PlanName } from '../../../../shared/contract/plans';
import type { ChoiceCard } from '../../components/Choices';

export type GuidedPlan = Exclude<PlanName, 'custom'>;

/** The guided plans as a person picks them: the question each answers. Custom is the single tests below. */
export const planCards: ChoiceCard<GuidedPlan>[] = [
  {
    value: 'quick',
    title: 'Quick check',
    text: 'How fast is it, and is the network or the disks the limit? About a minute.',
  },
  {
    value: 'cached-vs-uncached',
    title: 'Cached vs uncached',
    text: 'How much of the speed is the NAS’s memory, and what do the disks keep up once it is full?',
  },
  {
    value: 'bonded-link',
    title: 'Bonded link',
    text: 'Do several links together really add up, or does one link carry everything?',
  },
  {
    value: 'compare-connections',
    title: 'Compare connections',
    text: 'Is Wi-Fi, the cable or the USB adapter the limit? Run it once per connection, then compare in History.',
  },
  {
    value: 'disk-sweep',
    title: 'Disk sweep',
    text: 'Which block sizes, file sizes and numbers of jobs is the NAS fastest at? Shown as heatmaps.',
  },
];

/** The plan's title before the engine's preview names it. */
export function planTitle(plan: PlanName): string {
  return planCards.find((card) => card.value === plan)?.title ?? 'Custom';
}
