import { z } from 'zod';
import { maxTestSeconds } from './limits';
import { RateUnit } from '../util/units';

export const Theme = z.enum(['system', 'light', 'dark']);

export const Settings = z.object({
  units: RateUnit,
  theme: Theme,
  /** Discovery sends multicast on the LAN; people on managed networks (and our tests) switch it off. */
  discoveryEnabled: z.boolean(),
  /** Default length of one timed measurement, in seconds. */
  testSeconds: z.number().int().min(1).max(maxTestSeconds),
});
export type Settings = z.infer<typeof Settings>;

export const SettingsPatch = Settings.partial().strict();
export type SettingsPatch = z.infer<typeof SettingsPatch>;

export const defaultSettings: Settings = {
  units: 'MB/s',
  theme: 'system',
  discoveryEnabled: true,
  testSeconds: 10,
};
