import { readFile } from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { z } from 'zod';
import { RecentDevice, RememberDeviceInput } from '../../../shared/discovery';
import { NasbenchError } from '../../../shared/errors';

const fileName = 'recent-devices.json';
const keep = 10;
const RecentFile = z.object({ schemaVersion: z.literal(1), devices: z.array(z.unknown()) });

/**
 * NASes the user typed or connected to, newest first, in one small file in the data folder so
 * the Devices screen offers them after a restart. A damaged file (or entry) is skipped, never fatal.
 */
export class RecentDevices {
  private readonly file: string;

  constructor(dataDir: string) {
    this.file = path.join(dataDir, fileName);
  }

  async list(): Promise<RecentDevice[]> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch {
      return [];
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return [];
    }
    const parsed = RecentFile.safeParse(json);
    if (!parsed.success) return [];
    return parsed.data.devices.flatMap((entry) => {
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
    try {
      // Atomic: a crash mid-write leaves the old list, never half a file.
      await writeFileAtomic(this.file, JSON.stringify({ schemaVersion: 1, devices }, null, 2) + '\n', { mode: 0o600 });
    } catch (cause) {
      throw new NasbenchError(
        'PERMISSION_DENIED',
        `Could not save the list of recent NASes in ${path.dirname(this.file)}.`,
        'Check that the data folder exists and that you can write to it.',
        { cause },
      );
    }
    return devices;
  }
}
