import type { NasVendor, RefusedTool } from '../../../shared/contract/probe';
import { describeRefusedTool } from '../../../shared/words/describe-nas';
import type { ToolFinding, ToolName } from './parse/tools';

export interface ToolSituation {
  vendor: NasVendor;
  /** os-release ID and ID_LIKE words, lower case (e.g. ["ubuntu", "debian"]). */
  distroFamily: readonly string[];
  tools: Record<ToolName, ToolFinding>;
  /** Copies found and not run (someone other than the NAS's owner could have put them there). */
  refused: readonly RefusedTool[];
}

/**
 * What to do about each missing benchmark tool, in this NAS OS's own terms (see
 * shared/facts/nas-platforms.md, "fio and iperf3 on the box"). Empty when both tools are there,
 * and silent about a tool whose section never arrived (a cut connection says nothing about the NAS).
 * A copy outside the SSH PATH (Entware's /opt/bin, a Synology package folder) is not missing: the
 * probe reports its absolute path and NASBench runs it from there. A copy the probe refused to run
 * is missing, and its hint starts with what was found and why it was not run.
 */
export function installHints({ vendor, distroFamily, tools, refused }: ToolSituation): string[] {
  const absent = (['fio', 'iperf3'] as const).filter((tool) => tools[tool].reported && tools[tool].version === null);
  if (absent.length === 0) return [];
  // A refused copy counts as missing: the hint says what was found and why it was not run, then how to install.
  const why = (names: readonly ToolName[]) =>
    refused.filter((copy) => (names as readonly string[]).includes(copy.tool)).map(describeRefusedTool);
  const said = (names: readonly ToolName[], hint: string) => [...why(names), hint].join(' ');
  if (vendor === 'omv' || vendor === 'linux') return [said(absent, packageManagerHint(vendor, distroFamily, absent))];
  return absent.map((tool) => said([tool], vendorHint(vendor, tool)));
}

function vendorHint(vendor: NasVendor, tool: ToolName): string {
  switch (vendor) {
    case 'synology':
      return tool === 'iperf3'
        ? "iperf3 is not installed on this Synology. It is in SynoCommunity's 'SynoCli Monitor Tools' package " +
            '(Package Center → Settings → Package Sources: add https://packages.synocommunity.com), ' +
            'or install Entware and run `opkg install iperf3`.'
        : 'fio is not installed on this Synology, and DSM has no package for it: install Entware, then run ' +
            '`opkg install fio` over SSH.';
    case 'qnap':
      return (
        `${tool} is not installed on this QNAP. Install the Entware QPKG (App Center, from the qnapclub.eu ` +
        `repository), then run \`opkg install ${tool}\` over SSH.`
      );
    case 'asustor':
      return `${tool} is not installed on this ASUSTOR. Install Entware from App Central, then run \`opkg install ${tool}\` over SSH.`;
    case 'unraid':
      return tool === 'fio'
        ? "fio is not part of Unraid. Install the NerdTools plugin (Apps tab: search 'NerdTools'), switch fio on " +
            'there and apply.'
        : 'iperf3 is not part of Unraid. The NerdTools plugin (NerdPack on Unraid 6.10 and older) has it: switch ' +
            'iperf3 on there and apply.';
    case 'truenas':
      return (
        `${tool} ships with TrueNAS but was not found on the PATH of this SSH user. Log in as an administrator ` +
        'account, or check that the PATH includes /usr/bin and /usr/sbin.'
      );
    case 'ugreen':
      return (
        `${tool} is not installed on this UGREEN NAS. UGOS Pro is Debian 12 underneath, so with SSH on ` +
        `\`sudo apt install ${tool}\` may work; otherwise run it in a Docker container.`
      );
    case 'macos':
      return `${tool} is not installed on this Mac. Install it with Homebrew: \`brew install ${tool}\`.`;
    case 'freebsd':
      return `${tool} is not installed on this FreeBSD server. Install it with \`sudo pkg install ${tool}\`.`;
    case 'terramaster':
      return (
        `${tool} ships with TOS 5 and later but was not found here. Update TOS, or install Entware and run ` +
        `\`opkg install ${tool}\`.`
      );
    default:
      return (
        `${tool} is not installed on this NAS. Install it with the system's package manager, or with Entware ` +
        `(\`opkg install ${tool}\`).`
      );
  }
}

/** Install commands by distribution family; package names are fio and iperf3 everywhere listed. */
const packageManagers: [family: string[], command: string][] = [
  [['debian', 'ubuntu', 'raspbian'], 'sudo apt install'],
  [['fedora', 'rhel', 'centos', 'rocky', 'almalinux'], 'sudo dnf install'],
  [['arch', 'manjaro'], 'sudo pacman -S'],
  [['alpine'], 'sudo apk add'],
  [['opensuse', 'suse', 'sles', 'opensuse-leap', 'opensuse-tumbleweed'], 'sudo zypper install'],
  [['void'], 'sudo xbps-install'],
];

function packageManagerHint(vendor: NasVendor, distroFamily: readonly string[], absent: ToolName[]): string {
  const names = absent.join(' ');
  const subject = absent.length === 1 ? `${names} is` : `${absent.join(' and ')} are`;
  // openmediavault is Debian whatever os-release says.
  const family = vendor === 'omv' ? ['debian'] : distroFamily;
  const command = packageManagers.find(([ids]) => ids.some((id) => family.includes(id)))?.[1];
  const where = vendor === 'omv' ? 'this openmediavault NAS' : 'this NAS';
  return command
    ? `${subject} not installed on ${where}. Install with \`${command} ${names}\`.`
    : `${subject} not installed on ${where}. Install ${absent.length === 1 ? 'it' : 'them'} with the system's package manager (package names: ${names}).`;
}
