import type { NasVendor } from '../../../../shared/contract/probe';
import { readKernel } from './kernel';
import { recognizeFreebsd, recognizeMacos, recognizeUgreen } from './os-unix';
import { keyValuePairs, nonEmpty, type ProbeOutput } from './sections';

/** Which NAS OS this is, in the words its vendor uses. */
export interface NasSystem {
  vendor: NasVendor;
  name: string | null;
  version: string | null;
  model: string | null;
  /** os-release ID and ID_LIKE words (e.g. ["debian"]), to name the right package manager in hints. */
  distroFamily: string[];
}

type Recognizer = (probe: ProbeOutput) => Omit<NasSystem, 'distroFamily'> | null;

/**
 * Vendor files are checked before os-release, most specific first: TrueNAS SCALE, OMV and UGOS are
 * Debian underneath, and Unraid reports Slackware, so os-release alone would call them "linux".
 * TrueNAS CORE is FreeBSD and is named by its /etc/version before plain FreeBSD.
 */
const recognizers: Recognizer[] = [
  recognizeSynology,
  recognizeQnap,
  recognizeAsustor,
  recognizeTerramaster,
  recognizeUnraid,
  recognizeTruenas,
  recognizeOmv,
  recognizeUgreen,
  recognizeMacos,
  recognizeFreebsd,
  recognizeGenericLinux,
];

export function recognizeSystem(probe: ProbeOutput): NasSystem {
  const osRelease = probe.keyValues('os-release');
  const distroFamily = [osRelease.get('ID'), ...(osRelease.get('ID_LIKE') ?? '').split(/\s+/)]
    .map((word) => word?.trim().toLowerCase() ?? '')
    .filter((word) => word !== '');
  for (const recognize of recognizers) {
    const system = recognize(probe);
    if (system) return { ...system, model: system.model ?? boardModel(probe), distroFamily };
  }
  return { vendor: 'unknown', name: null, version: null, model: boardModel(probe), distroFamily };
}

function recognizeSynology(probe: ProbeOutput): Omit<NasSystem, 'distroFamily'> | null {
  const facts = probe.keyValues('synology');
  if (facts.size === 0) return null;
  const release =
    nonEmpty(facts.get('productversion')) ??
    nonEmpty([facts.get('majorversion'), facts.get('minorversion')].filter(Boolean).join('.'));
  const build = nonEmpty(facts.get('buildnumber'));
  const version = release && build ? `${release}-${build}` : (release ?? build);
  return { vendor: 'synology', name: 'DSM', version, model: nonEmpty(facts.get('upnpmodelname')) };
}

function recognizeQnap(probe: ProbeOutput): Omit<NasSystem, 'distroFamily'> | null {
  const facts = probe.keyValues('qnap');
  if (facts.size === 0) return null;
  const release = nonEmpty(facts.get('Version'));
  const number = nonEmpty(facts.get('Number'));
  // QNAP names releases "<Version>.<Number> build <Build Number>", e.g. 5.1.0.2466 build 20230721.
  const version = release && number ? `${release}.${number}` : release;
  // QuTS hero is QTS on ZFS; the same files describe both.
  const onZfs = probe.lines('mounts').some((line) => line.split(' ')[2] === 'zfs');
  const model =
    nonEmpty(facts.get('getsysinfo model')) ?? nonEmpty(facts.get('Display Model')) ?? nonEmpty(facts.get('Model'));
  return { vendor: 'qnap', name: onZfs ? 'QuTS hero' : 'QTS', version, model };
}

function recognizeAsustor(probe: ProbeOutput): Omit<NasSystem, 'distroFamily'> | null {
  const facts = probe.keyValues('asustor');
  if (facts.size === 0) return null;
  return {
    vendor: 'asustor',
    name: 'ADM',
    version: nonEmpty(facts.get('Version')),
    model: nonEmpty(facts.get('Model')),
  };
}

/** UNVERIFIED: no TOS box was available; the files read are third-party guesses (see nas-script.ts). */
function recognizeTerramaster(probe: ProbeOutput): Omit<NasSystem, 'distroFamily'> | null {
  const lines = probe.lines('terramaster');
  const osRelease = probe.keyValues('os-release');
  const saysTos = /\b(tos|terramaster)\b/i.test(`${osRelease.get('ID') ?? ''} ${osRelease.get('NAME') ?? ''}`);
  if (lines.length === 0 && !saysTos) return null;
  const versionText = [...lines, osRelease.get('VERSION_ID') ?? ''].join('\n');
  // From the first digit of a number only: tried inside a long digit run, the search is quadratic.
  const version = /(?<!\d)\d+\.\d+(?:\.\d+)*(?:-\d+)?/.exec(versionText)?.[0] ?? null;
  return { vendor: 'terramaster', name: 'TOS', version, model: null };
}

function recognizeUnraid(probe: ProbeOutput): Omit<NasSystem, 'distroFamily'> | null {
  const facts = keyValuePairs(probe.lines('unraid'), '=');
  const version = nonEmpty(facts.get('version'));
  if (!version) return null;
  return { vendor: 'unraid', name: 'Unraid', version, model: null };
}

function recognizeTruenas(probe: ProbeOutput): Omit<NasSystem, 'distroFamily'> | null {
  const versionFile = probe.lines('truenas').join(' ').trim();
  const osRelease = probe.keyValues('os-release');
  // CORE writes "TrueNAS-13.0-U6.1 (1d7f5e9d0b)"; FreeNAS 11 wrote "FreeNAS-11.3-U5 (…)".
  const core = /^(TrueNAS|FreeNAS)-(\d\S*)/.exec(versionFile);
  if (core?.[2]) {
    return {
      vendor: 'truenas',
      name: core[1] === 'FreeNAS' ? 'FreeNAS' : 'TrueNAS CORE',
      version: core[2],
      model: null,
    };
  }
  // SCALE writes a bare release like 24.04.2 (year.month), some builds "TrueNAS-SCALE-24.04.2";
  // 25.04 dropped "SCALE" from the name.
  const scale = /^(?:TrueNAS-SCALE-)?((\d{2})\.\d{2}(?:\.\d+)*(?:-[\w.]+)?)$/.exec(versionFile);
  const saysTruenas = /truenas/i.test(`${osRelease.get('NAME') ?? ''} ${osRelease.get('ID') ?? ''}`);
  if (!scale && !saysTruenas) return null;
  const year = Number(scale?.[2] ?? 0);
  return {
    vendor: 'truenas',
    name: year >= 25 ? 'TrueNAS' : 'TrueNAS SCALE',
    version: scale?.[1] ?? nonEmpty(osRelease.get('VERSION_ID')),
    model: null,
  };
}

function recognizeOmv(probe: ProbeOutput): Omit<NasSystem, 'distroFamily'> | null {
  const lines = probe.lines('omv');
  // dpkg-query -W prints "openmediavault<TAB>7.0.5-1"; an empty version means only config files remain.
  const packageLine = lines.find((line) => line.startsWith('openmediavault'));
  const version = nonEmpty(packageLine?.split(/\s+/)[1]);
  const hasConfigDir = lines.includes('dir /etc/openmediavault');
  if (!version && !hasConfigDir) return null;
  return { vendor: 'omv', name: 'openmediavault', version, model: null };
}

function recognizeGenericLinux(probe: ProbeOutput): Omit<NasSystem, 'distroFamily'> | null {
  const osRelease = probe.keyValues('os-release');
  if (osRelease.size === 0 || readKernel(probe).kernel === 'darwin') return null;
  return {
    vendor: 'linux',
    name: nonEmpty(osRelease.get('NAME')) ?? nonEmpty(osRelease.get('PRETTY_NAME')),
    version:
      nonEmpty(osRelease.get('VERSION_ID')) ??
      nonEmpty(osRelease.get('VERSION')) ??
      nonEmpty(osRelease.get('BUILD_ID')),
    model: null,
  };
}

/** Firmware fillers that name no product. */
const placeholderModels =
  /^(to be filled by o\.e\.m\.|system product name|default string|not specified|none|o\.e\.m\.?)$/i;

/** The board's own name (DMI on PCs, device tree on ARM boards), for boxes whose OS names no model. */
function boardModel(probe: ProbeOutput): string | null {
  const board = probe.keyValues('dmi');
  const product = nonEmpty(board.get('product_name'));
  const vendor = nonEmpty(board.get('sys_vendor'));
  if (product && !placeholderModels.test(product)) {
    return vendor && !placeholderModels.test(vendor) && !product.startsWith(vendor) ? `${vendor} ${product}` : product;
  }
  return nonEmpty(board.get('device-tree'));
}
