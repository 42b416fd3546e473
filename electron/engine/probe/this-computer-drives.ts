import si from 'systeminformation';
import type { Drive } from '../../../shared/contract/probe';
import { virtualModel } from './parse/disks';

/** Block devices that are no drive: RAM disks, compressed swap, loop files, optical media. */
const notADrive = /^(loop|ram|zram|sr|fd|nbd|dm-|md)/;

/** One entry of systeminformation's diskLayout (Windows, macOS, Linux with lsblk models). */
export type LayoutEntry = Pick<
  si.Systeminformation.DiskLayoutData,
  'device' | 'type' | 'name' | 'vendor' | 'size' | 'interfaceType'
>;
/** One entry of systeminformation's blockDevices (Linux, where diskLayout leaves out disks without a model). */
export type BlockEntry = Pick<
  si.Systeminformation.BlockDevicesData,
  'name' | 'type' | 'physical' | 'model' | 'size' | 'removable' | 'protocol'
>;

/**
 * This computer's built-in drives and their class, the ceiling a copy from or to them meets.
 * Drives on USB are left out (a copy may or may not involve them), a VM's disk has no class.
 */
export function clientDrives(layout: LayoutEntry[], blocks: BlockEntry[]): Drive[] {
  const fromLayout = layout
    .filter((entry) => !/usb/i.test(entry.interfaceType ?? ''))
    .map((entry) => {
      // Models often begin with their vendor ("Samsung SSD 980 PRO"); others do not ("ST2000DM008").
      const vendor = entry.vendor && !entry.name?.startsWith(entry.vendor) ? entry.vendor : '';
      const model = [vendor, entry.name].filter(Boolean).join(' ').trim();
      const kind: Drive['kind'] | null =
        virtualModel.test(model) || /virtual/i.test(entry.type ?? '') || /^\/dev\/x?vd/.test(entry.device ?? '')
          ? 'virtual'
          : /nvme|pcie/i.test(`${entry.type} ${entry.interfaceType}`)
            ? 'nvme'
            : /ssd/i.test(entry.type ?? '')
              ? 'ssd'
              : /^hd/i.test(entry.type ?? '')
                ? 'hdd'
                : null;
      return kind ? { name: model || entry.device || 'drive', kind, sizeBytes: Math.max(0, entry.size || 0) } : null;
    })
    .filter((drive) => drive !== null);
  if (fromLayout.length > 0) return fromLayout;
  return blocks
    .filter(
      (entry) => entry.type === 'disk' && !entry.removable && !notADrive.test(entry.name) && entry.protocol !== 'usb',
    )
    .map((entry) => {
      const kind: Drive['kind'] | null =
        /^x?vd/.test(entry.name) || virtualModel.test(entry.model ?? '')
          ? 'virtual'
          : entry.name.startsWith('nvme')
            ? 'nvme'
            : entry.physical === 'SSD'
              ? 'ssd'
              : entry.physical === 'HDD'
                ? 'hdd'
                : null;
      return kind ? { name: entry.model || entry.name, kind, sizeBytes: Math.max(0, entry.size || 0) } : null;
    })
    .filter((drive) => drive !== null);
}

let asked: Promise<Drive[]> | undefined;

/** This computer's drives, asked once per process: they do not change while the app runs. */
export function readClientDrives(): Promise<Drive[]> {
  asked ??= Promise.all([si.diskLayout().catch(() => []), si.blockDevices().catch(() => [])]).then(([layout, blocks]) =>
    clientDrives(layout, blocks),
  );
  return asked;
}
