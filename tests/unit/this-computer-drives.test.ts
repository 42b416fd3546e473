import { describe, expect, it } from 'vitest';
import { clientDrives, type BlockEntry, type LayoutEntry } from '../../electron/engine/probe/this-computer-drives';

/**
 * This computer's drives from systeminformation. The diskLayout entries take the shapes its
 * source gives per system (lib/filesystem.js: Linux lsblk + rotational flag with NVMe as "PCIe",
 * Windows Get-PhysicalDisk MediaType/BusType, macOS system_profiler); the blockDevices list is
 * this lab machine's own (a virtio disk that the kernel calls rotational, and zram swap).
 */
const linuxLaptop: LayoutEntry[] = [
  {
    device: '/dev/nvme0n1',
    type: 'NVMe',
    name: 'Samsung SSD 980 PRO 1TB',
    vendor: 'Samsung',
    size: 1000204886016,
    interfaceType: 'PCIe',
  },
  {
    device: '/dev/sda',
    type: 'HD',
    name: 'ST2000DM008-2FR102',
    vendor: 'Seagate',
    size: 2000398934016,
    interfaceType: 'SATA',
  },
  {
    device: '/dev/sdb',
    type: 'SSD',
    name: 'Extreme SSD',
    vendor: 'SanDisk',
    size: 1000204886016,
    interfaceType: 'USB',
  },
];
const windowsDesktop: LayoutEntry[] = [
  {
    device: '\\\\.\\PHYSICALDRIVE0',
    type: 'SSD',
    name: 'WDC WDS500G2B0A',
    vendor: 'Western Digital',
    size: 500105249280,
    interfaceType: 'SATA',
  },
  {
    device: '\\\\.\\PHYSICALDRIVE1',
    type: 'SSD',
    name: 'KINGSTON SNV2S1000G',
    vendor: 'Kingston',
    size: 1000202273280,
    interfaceType: 'NVMe',
  },
];
const hyperV: LayoutEntry[] = [
  {
    device: '\\\\.\\PHYSICALDRIVE0',
    type: 'Virtual',
    name: 'Microsoft Virtual Disk',
    vendor: 'Msft',
    size: 136365211648,
    interfaceType: 'SCSI',
  },
];
const labMachine: BlockEntry[] = [
  { name: 'vda', type: 'disk', physical: 'HDD', model: '', size: 274877906944, removable: false, protocol: '' },
  { name: 'zram0', type: 'disk', physical: 'SSD', model: '', size: 0, removable: false, protocol: '' },
];

describe("this computer's own drives", () => {
  it('names NVMe by its interface, a hard drive and a SATA SSD by their type, and leaves USB drives out', () => {
    expect(clientDrives(linuxLaptop, []).map((drive) => [drive.kind, drive.name])).toEqual([
      ['nvme', 'Samsung SSD 980 PRO 1TB'],
      ['hdd', 'Seagate ST2000DM008-2FR102'],
    ]);
    expect(clientDrives(windowsDesktop, []).map((drive) => drive.kind)).toEqual(['ssd', 'nvme']);
  });

  it("gives a VM's disk no drive class, whether the hypervisor names it or the kernel calls it rotational", () => {
    expect(clientDrives(hyperV, []).map((drive) => drive.kind)).toEqual(['virtual']);
    expect(clientDrives([], labMachine)).toEqual([{ name: 'vda', kind: 'virtual', sizeBytes: 274877906944 }]);
  });

  it('reads the block devices where the layout lists none, leaving out swap in RAM, removable and USB disks', () => {
    const blocks: BlockEntry[] = [
      {
        name: 'sda',
        type: 'disk',
        physical: 'SSD',
        model: 'CT1000MX500SSD1',
        size: 1e12,
        removable: false,
        protocol: 'sata',
      },
      { name: 'sdb', type: 'disk', physical: 'HDD', model: 'Elements', size: 4e12, removable: false, protocol: 'usb' },
      { name: 'sdc', type: 'disk', physical: 'SSD', model: 'Card', size: 64e9, removable: true, protocol: '' },
      { name: 'sda1', type: 'part', physical: 'SSD', model: '', size: 1e12, removable: false, protocol: 'sata' },
      ...labMachine.slice(1),
    ];
    expect(clientDrives([], blocks)).toEqual([{ name: 'CT1000MX500SSD1', kind: 'ssd', sizeBytes: 1e12 }]);
  });
});
