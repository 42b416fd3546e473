import path from 'node:path';
import { z } from 'zod';
import { RecentDevice, RememberDeviceInput } from '../../../shared/contract/discovery';
import { JsonFile, versionedFormat } from '../store';

const keep = 10;
/** Entries are checked one by one on reading: one damaged entry does not lose the others. */
const RecentFile = z.object({ schemaVersion: z.literal(1), devices: z.array(z.unknown()) });

/**
 * NASes the user typed or connected to, newest first, in one small file in the data folder so
 * the Devices screen offers them after a restart. A damaged file (or entry) is skipped, never fatal.
 */
export class RecentDevices {
  private readonly file: JsonFile<z.output<typeof RecentFile>>;

  constructor(dataDir: string) {
    this.file = new JsonFile(
      path.join(dataDir, 'recent-devices.json'),
      versionedFormat('the list of recent NASes', 1, RecentFile),
    );
  }

  async list(): Promise<RecentDevice[]> {
    const stored = await this.file.read().catch(() => undefined);
    return (stored?.devices ?? []).flatMap((entry) => {
      const device = RecentDevice.safeParse(entry);
      return device.success ? [device.data] : [];
    });
  }

  /** Puts the NAS first; the user name of an earlier login is kept when this one has none. */
  async remember(input: RememberDeviceInput, now = new Date()): Promise<RecentDevice[]> {
    const entry = RememberDeviceInput.parse(input);
    const same = (device: RecentDevice) =>
      device.host.toLowerCase() === entry.host.toLowerCase() && device.port === entry.port;
    const previous = await this.list();
    const username = entry.username ?? previous.find(same)?.username ?? null;
    const devices = [
      { host: entry.host, port: entry.port, username, lastUsedAt: now.toISOString() },
      ...previous.filter((device) => !same(device)),
    ].slice(0, keep);
    await this.file.write({ schemaVersion: 1, devices });
    return devices;
  }
}
