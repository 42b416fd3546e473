import type { NasVendor } from '../../../../shared/contract/probe';
import { readKernel, readSwVers, readSysctl } from './kernel';
import { nonEmpty, type ProbeOutput } from './sections';

/** The OS in its vendor's words; `model` null lets the caller fall back to the board's name. */
export interface RecognizedSystem {
  vendor: NasVendor;
  name: string | null;
  version: string | null;
  model: string | null;
}

/**
 * UGREEN's UGOS Pro is Debian 12 underneath and says so in os-release and lsb_release, but it
 * ships no /etc/debian_version (real capture: github.com/SuperManito/LinuxMirrors/issues/105),
 * and UGREEN boards name the model in DMI ("DXP2800": github.com/miskcoo/ugreen_leds_controller/issues/19).
 * An os-release that names UGOS itself, or carries UGOS's SYSTEM_VERSION_ID key (named by a user in
 * that same issue), also counts. A UGREEN box running TrueNAS or OMV is caught by those first.
 */
export function recognizeUgreen(probe: ProbeOutput): RecognizedSystem | null {
  const osRelease = probe.keyValues('os-release');
  const board = probe.keyValues('dmi');
  const names = `${osRelease.get('NAME') ?? ''} ${osRelease.get('PRETTY_NAME') ?? ''} ${osRelease.get('ID') ?? ''}`;
  const saysUgos = /\bugos\b/i.test(names) || osRelease.has('SYSTEM_VERSION_ID');
  const ugreenBoard =
    /ugreen/i.test(board.get('sys_vendor') ?? '') || /^DXP\d{4}/i.test(board.get('product_name') ?? '');
  const debianWithoutItsFile =
    osRelease.get('ID') === 'debian' && probe.keyValues('ugreen').get('debian_version') === 'absent';
  if (!saysUgos && !(ugreenBoard && debianWithoutItsFile)) return null;
  return {
    vendor: 'ugreen',
    name: 'UGOS Pro',
    version: nonEmpty(osRelease.get('SYSTEM_VERSION_ID')) ?? (saysUgos ? nonEmpty(osRelease.get('VERSION_ID')) : null),
    model: nonEmpty(board.get('product_name')),
  };
}

/** A Mac serving files: `sw_vers` names the release, `hw.model` the Mac ("Macmini9,1"). */
export function recognizeMacos(probe: ProbeOutput): RecognizedSystem | null {
  if (readKernel(probe).kernel !== 'darwin') return null;
  const swVers = readSwVers(probe);
  return {
    vendor: 'macos',
    name: nonEmpty(swVers.get('ProductName')) ?? 'macOS',
    version: nonEmpty(swVers.get('ProductVersion')),
    model: nonEmpty(readSysctl(probe).get('hw.model')),
  };
}

/** FreeBSD that is not TrueNAS CORE (checked before this): the release from `uname -r`. */
export function recognizeFreebsd(probe: ProbeOutput): RecognizedSystem | null {
  const { kernel, release } = readKernel(probe);
  if (kernel !== 'freebsd') return null;
  return { vendor: 'freebsd', name: 'FreeBSD', version: release, model: null };
}
