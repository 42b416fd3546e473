import { z } from 'zod';

/**
 * What NASBench learns about a NAS and about the client's link to it (the `probe` JSON of
 * ../shared/cli-contract.md). Every fact is optional or nullable: a box that hides one still probes.
 */
export const NasVendor = z.enum([
  'synology',
  'qnap',
  'truenas',
  'unraid',
  'terramaster',
  'asustor',
  'omv',
  'ugreen',
  'macos',
  'freebsd',
  'linux',
  'unknown',
]);
export type NasVendor = z.infer<typeof NasVendor>;

export const PortNegotiation = z.object({
  supportedMbps: z.number().nullable(),
  advertisedMbps: z.number().nullable(),
  /** The other end (a switch port, a computer); not every driver can tell. */
  partnerMbps: z.number().nullable(),
  duplex: z.enum(['full', 'half']).nullable(),
});
export type PortNegotiation = z.infer<typeof PortNegotiation>;

export const NasInterface = z.object({
  name: z.string(),
  addresses: z.array(z.string()),
  speedMbps: z.number().nullable(),
  mtu: z.number().nullable(),
  state: z.enum(['up', 'down', 'unknown']),
  /**
   * No hardware port behind it (a veth, a bridge, a VM's tap): the speed it reports is a placeholder
   * and is never used as a ceiling. Absent where the probe could not tell (older runs, BSD).
   */
  virtual: z.boolean().optional(),
  /**
   * What the hardware port can do and what the two ends offered when they agreed on `speedMbps`
   * (ethtool's read-only view, Mb/s); absent where ethtool is missing or the port is virtual.
   */
  negotiation: PortNegotiation.optional(),
});

export const NasBond = z.object({
  name: z.string(),
  /** e.g. "802.3ad", "balance-alb", "active-backup" */
  mode: z.string().nullable(),
  /** e.g. "layer2", "layer2+3", "layer3+4" */
  hashPolicy: z.string().nullable(),
  slaves: z.array(z.string()),
});

export const NasVolume = z.object({
  mount: z.string(),
  fsType: z.string().nullable(),
  sizeBytes: z.number().nonnegative(),
  freeBytes: z.number().nonnegative(),
});

/**
 * A benchmark tool on the NAS. `path` is the absolute path that will be run (Entware's /opt/bin/fio
 * even when that folder is not on the SSH PATH); runs saved before it existed have none.
 */
export const ToolVersion = z.object({ version: z.string(), path: z.string().nullable().optional() }).nullable();

/**
 * A program the probe found on the NAS and did not run, because someone other than the NAS's owner
 * could have put it there: it, a folder above it, or where its symlink leads is writable by others
 * or belongs to another user than root and the login. `at` is the file or folder that broke the rule.
 */
export const RefusedTool = z.object({
  tool: z.string(),
  path: z.string(),
  why: z.enum(['writable by others', 'owned by another user']),
  at: z.string(),
});
export type RefusedTool = z.infer<typeof RefusedTool>;

/** The kernel family, which decides fio's I/O engine (libaio on Linux, posixaio on FreeBSD and macOS). */
export const NasKernel = z.enum(['linux', 'freebsd', 'darwin']);
export type NasKernel = z.infer<typeof NasKernel>;

/** A ZFS pool as `zpool list` sees it: raw space across its disks, before datasets and parity. */
export const ZfsPool = z.object({
  name: z.string(),
  sizeBytes: z.number().nonnegative(),
  allocatedBytes: z.number().nonnegative(),
  freeBytes: z.number().nonnegative(),
  /** ONLINE, DEGRADED, FAULTED, … */
  health: z.string().nullable(),
});

/** One drive as the kernel lists it: NVMe by its name, a hard drive or SSD by its rotational flag; a VM's disk (vda, xvda) has no class. */
export const Drive = z.object({
  name: z.string(),
  kind: z.enum(['hdd', 'ssd', 'nvme', 'virtual']),
  sizeBytes: z.number().nonnegative(),
});
export type Drive = z.infer<typeof Drive>;

export const RaidLevel = z.enum([
  'single',
  'linear',
  'raid0',
  'raid1',
  'raid4',
  'raid5',
  'raid6',
  'raid10',
  'mirror',
  'raidz1',
  'raidz2',
  'raidz3',
  'stripe',
]);
export type RaidLevel = z.infer<typeof RaidLevel>;

/**
 * Drives working as one: an md array (/proc/mdstat: Synology, QNAP, OMV, TerraMaster, ASUSTOR) or a
 * ZFS pool's data vdevs (`zpool status`: TrueNAS, QuTS hero). `groups` are a pool's vdevs, each of
 * `drives / groups` drives; `members` are the drive names where the kernel's names are used.
 */
export const DriveArray = z.object({
  name: z.string(),
  level: RaidLevel,
  drives: z.number().int().nonnegative(),
  groups: z.number().int().positive(),
  members: z.array(z.string()),
  /** md's size; ZFS pools carry theirs in `pools`. */
  sizeBytes: z.number().nonnegative().nullable(),
});
export type DriveArray = z.infer<typeof DriveArray>;

export const NasDisks = z.object({ drives: z.array(Drive), arrays: z.array(DriveArray) });
export type NasDisks = z.infer<typeof NasDisks>;

export const NasFacts = z.object({
  hostname: z.string().nullable(),
  os: z.object({
    vendor: NasVendor,
    name: z.string().nullable(),
    version: z.string().nullable(),
    /** Missing in runs saved before NASBench read it. */
    kernel: NasKernel.nullable().optional(),
  }),
  model: z.string().nullable(),
  cpu: z.object({ model: z.string().nullable(), cores: z.number().int().positive().nullable() }),
  memoryBytes: z.number().nonnegative().nullable(),
  interfaces: z.array(NasInterface),
  bonds: z.array(NasBond),
  volumes: z.array(NasVolume),
  /** ZFS pools (TrueNAS, QuTS hero, Unraid 6.12+, FreeBSD); missing in runs saved before NASBench read them. */
  pools: z.array(ZfsPool).optional(),
  /** The drives and how they are put together (Linux only); missing in runs saved before NASBench read them. */
  disks: NasDisks.optional(),
  /**
   * Folders this login may create a folder in (`test -w`): shared folders, volume roots (QTS lists
   * them beside the shares), the home folder. Missing in runs saved before the probe listed them.
   */
  folders: z.array(z.object({ path: z.string(), kind: z.enum(['share', 'volume', 'home']) })).optional(),
  tools: z.object({ fio: ToolVersion, iperf3: ToolVersion }),
  /**
   * Programs found and not run (fio, iperf3, ethtool, zpool…): a refused fio or iperf3 counts as
   * missing. Missing in runs saved before the probe checked who installed what it runs.
   */
  refusedTools: z.array(RefusedTool).optional(),
  /** Plain-words hints for missing tools, for this NAS's OS. */
  installHints: z.array(z.string()),
});
export type NasFacts = z.infer<typeof NasFacts>;

export const LinkType = z.enum(['wifi', 'ethernet', 'usb-ethernet', 'thunderbolt', 'virtual', 'unknown']);
export type LinkType = z.infer<typeof LinkType>;

export const ClientFacts = z.object({
  os: z.object({ platform: z.string(), release: z.string() }),
  memoryBytes: z.number().nonnegative(),
  /** This computer's built-in drives (USB ones left out); absent in runs saved before they were read. */
  drives: z.array(Drive).optional(),
  route: z.object({
    interface: z.string().nullable(),
    localAddress: z.string().nullable(),
    type: LinkType,
    speedMbps: z.number().nullable(),
    /** The interface's MTU; absent in runs saved before the link check. */
    mtu: z.number().nullable().optional(),
    /** Full or half duplex on a cabled port (null on Wi-Fi, virtual links, or where the OS does not say); absent in runs saved before it was read. */
    duplex: z.enum(['full', 'half']).nullable().optional(),
    /**
     * The route's interface is a bond of this computer's own (Linux /proc/net/bonding): its hash policy
     * decides how uploads spread over its links. Null: not a bond, or not known; absent in older runs.
     */
    bond: NasBond.nullable().optional(),
    wifi: z
      .object({
        ssid: z.string().nullable(),
        signalDbm: z.number().nullable(),
        channel: z.number().nullable(),
        /** The radio's frequency, which tells the band (2.4, 5 or 6 GHz); absent in runs saved before it was read. */
        frequencyMhz: z.number().nullable().optional(),
        /** The PHY rate the Wi-Fi link runs at (what the OS calls its link or transmit rate), Mb/s. */
        txRateMbps: z.number().nullable().optional(),
      })
      .nullable(),
  }),
});
export type ClientFacts = z.infer<typeof ClientFacts>;

/** One thing the link check found, in plain words. */
export const LinkFinding = z.object({
  id: z.enum(['mtu-mismatch', 'path-mtu-below-ends', 'virtual-link', 'speed-below-capability', 'half-duplex']),
  severity: z.enum(['info', 'warn', 'problem']),
  text: z.string(),
});
export type LinkFinding = z.infer<typeof LinkFinding>;

/**
 * Both ends of the link between this computer and the NAS (`probe`'s `link`): the NAS's interface
 * that holds the address it was reached at, this computer's interface towards it, and the largest
 * packet that crossed between them with don't-fragment set (null where it could not be sent).
 */
export const LinkCheck = z.object({
  nasInterface: z.string().nullable(),
  nasMtu: z.number().nullable(),
  nasSpeedMbps: z.number().nullable(),
  /** What the NAS's port can do and what each end offered (absent where the probe could not read it). */
  nasNegotiation: PortNegotiation.nullable().optional(),
  clientInterface: z.string().nullable(),
  clientMtu: z.number().nullable(),
  clientSpeedMbps: z.number().nullable(),
  /** This computer's port's duplex, where it has one (absent in runs saved before it was read). */
  clientDuplex: z.enum(['full', 'half']).nullable().optional(),
  pathMtu: z.number().nullable(),
  findings: z.array(LinkFinding),
});
export type LinkCheck = z.infer<typeof LinkCheck>;
