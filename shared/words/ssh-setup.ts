/**
 * How to let NASBench in, brand by brand (#49): where SSH is switched on in the NAS's web page,
 * which account may log in, and whether the NAS shows its identity key's fingerprint anywhere a
 * user can see it without a terminal. Menu paths are the vendors' own labels where their documents
 * give them; where no source gave one (TerraMaster's menu), the words say where to look instead of
 * inventing a path. No brand's web page was found to show the fingerprint.
 */
export interface SshSetup {
  /** The brand and its system, as the user knows them: "Synology (DSM 7)". */
  brand: string;
  /** Where SSH is switched on, step by step. */
  switchOn: string[];
  /** Which account may log in, and what else it needs. */
  account: string;
  /** Where the NAS shows its fingerprint, or what to do when it shows none. */
  fingerprint: string;
  /** What catches people out on this brand. */
  watchOut?: string;
}

/** The vendor names discovery and the probe use (shared/contract: NasVendor, DiscoveredDevice.vendor). */
export type SshSetupBrand = 'synology' | 'qnap' | 'truenas' | 'unraid' | 'ugreen' | 'terramaster' | 'asustor';

const notShown = (brand: string) =>
  `${brand} does not show its SSH fingerprint in its web page. On the first connection, compare it only if you can ` +
  'log in another way; otherwise, on your own home network, trusting it is reasonable: NASBench remembers this key ' +
  'and stops with a warning if it ever changes.';

const setups: Record<SshSetupBrand, SshSetup> = {
  synology: {
    brand: 'Synology (DSM 7)',
    switchOn: [
      'Open DSM in a browser and sign in as an administrator.',
      'Control Panel > Terminal & SNMP > Terminal: tick “Enable SSH service” (port 22), then Apply. (If you do not see Terminal & SNMP, switch the Control Panel to advanced mode.)',
    ],
    account:
      'An account in the administrators group, with its DSM password. Other accounts are refused; root cannot log in directly.',
    fingerprint: notShown('DSM'),
    watchOut: 'A key file works only once the user home service is on: Control Panel > User & Group > Advanced.',
  },
  qnap: {
    brand: 'QNAP (QTS 5, QuTS hero)',
    switchOn: [
      'Open QTS in a browser and sign in as an administrator.',
      'Control Panel > Network & File Services > Telnet / SSH: tick “Allow SSH connection” (port 22), then Apply.',
    ],
    account: 'The admin account (or an administrator the Telnet / SSH page allows), with its QTS password.',
    fingerprint: notShown('QTS'),
    watchOut:
      'IP Access Protection blocks this computer for a while after a few wrong passwords: check the password before trying again.',
  },
  truenas: {
    brand: 'TrueNAS (SCALE, CORE)',
    switchOn: [
      'SCALE: System Settings > Services > SSH: tick “Allow Password Authentication” and add the account’s group to “Password Login Groups”, save, start the service and tick “Start Automatically”.',
      'CORE: Services > SSH: edit it (tick “Log in as Root with Password” to use root’s password), then switch the service on with “Start Automatically”.',
    ],
    account:
      'SCALE: the admin account (truenas_admin on new installs, admin on older ones) with “SSH password login enabled” in Credentials > Users. CORE: root.',
    fingerprint: notShown('The TrueNAS web page'),
    watchOut: 'Without “Start Automatically”, SSH is off again after the NAS restarts.',
  },
  unraid: {
    brand: 'Unraid',
    switchOn: ['Settings > Management Access: set “Use SSH” to Yes (port 22), then Apply.'],
    account: 'root, with the root password (Unraid has none until you set one: set it first in Users > root).',
    fingerprint: notShown('Unraid'),
  },
  ugreen: {
    brand: 'UGREEN (UGOS Pro)',
    switchOn: [
      'Control Panel > Terminal > SSH: tick “Enable”, then Apply.',
      'Choose when it shuts down automatically: UGOS switches SSH off again after that time.',
    ],
    account: 'Your UGOS account, with its password.',
    fingerprint: notShown('UGOS'),
    watchOut: 'If NASBench worked before and now cannot connect, UGOS has probably switched SSH off: enable it again.',
  },
  terramaster: {
    brand: 'TerraMaster (TOS)',
    switchOn: [
      'Open TOS in a browser and sign in as an administrator.',
      'In the Control Panel, find the SSH (or Terminal) setting and switch it on.',
    ],
    account: 'An account of the admin group, with its TOS password.',
    fingerprint: notShown('TOS'),
    watchOut:
      'Some TOS versions use port 9222 for SSH rather than 22: if 22 is refused, type the address again with port 9222. The TOS firewall (Control Panel > General Settings > Security) can also block it.',
  },
  asustor: {
    brand: 'Asustor (ADM 4)',
    switchOn: ['Services > Terminal: tick “Enable SSH service” (port 22), then Apply.'],
    account: 'The admin account, with its ADM password.',
    fingerprint: notShown('ADM'),
    watchOut:
      'Network Defender blocks this computer after a few wrong passwords: check the password before trying again.',
  },
};

/** Every brand with its own help, in the order a chooser lists them. */
export const sshSetupBrands = Object.keys(setups) as SshSetupBrand[];

/** For any other NAS (OpenMediaVault, a Linux box): where SSH usually is, in general words. */
export const anyNasSshSetup: SshSetup = {
  brand: 'Another NAS',
  switchOn: [
    'Open the NAS’s web page and look for SSH under Services, Terminal or Network: switch it on (usually port 22).',
    'On a Linux computer or OpenMediaVault: install and start openssh-server (OpenMediaVault: Services > SSH).',
  ],
  account: 'Usually an administrator account of the NAS, with its password.',
  fingerprint:
    'Few NASes show their SSH fingerprint in their web page. If you can log in to it in a terminal, compare it there; otherwise, on your own home network, trusting it on first use is reasonable: NASBench warns you if it ever changes.',
};

/** The help for a vendor as discovery or the probe names it; the general help for any other. */
export function sshSetupFor(vendor: string | null | undefined): SshSetup {
  return hasOwnSshSetup(vendor) ? setups[vendor] : anyNasSshSetup;
}

/** Whether the vendor has help of its own (a chooser is offered where it does not). */
export function hasOwnSshSetup(vendor: string | null | undefined): vendor is SshSetupBrand {
  return !!vendor && Object.hasOwn(setups, vendor);
}
