/**
 * Reads vendor, model and version out of DNS-SD TXT records (facts per vendor in
 * ../shared/facts/nas-platforms.md). Only those fields are ever taken: serial numbers and MAC
 * addresses in the same records are left behind here, so they cannot reach a list or report.
 */

/** A TXT record's strings as `key → value`; keys are case-insensitive (RFC 6763 §6.4), first one wins. */
export type TxtFields = ReadonlyMap<string, string>;

/** What one announcement says about the box behind it. */
export interface Identification {
  vendor?: string;
  model?: string;
  osVersion?: string;
  /** Weak signs (e.g. a Finder icon hint) that only name a vendor together with another sign. */
  hints?: string[];
  /** Web admin ports announced inside TXT (QNAP's accessPort). */
  adminPorts?: { kind: 'http' | 'https'; port: number }[];
}

const maxValueLength = 200;

/** Turns TXT strings (or raw buffers, as dns-packet decodes them) into fields; junk entries are skipped. */
export function txtFields(entries: readonly (string | Uint8Array)[]): Map<string, string> {
  const fields = new Map<string, string>();
  for (const entry of entries) {
    const text = typeof entry === 'string' ? entry : Buffer.from(entry).toString('utf8');
    const equals = text.indexOf('=');
    const key = (equals < 0 ? text : text.slice(0, equals)).trim().toLowerCase();
    if (key.length === 0 || key.length > 64 || fields.has(key)) continue;
    fields.set(key, equals < 0 ? '' : cleanValue(text.slice(equals + 1)));
  }
  return fields;
}

/**
 * QNAP puts everything into ONE TXT string joined by commas. Split only at a comma that starts
 * a new `key=`, because values elsewhere contain commas (`model=MacPro7,1@ECOLOR=226,226,224`).
 */
export function qnapFields(entries: readonly (string | Uint8Array)[]): Map<string, string> {
  const parts = entries.flatMap((entry) =>
    (typeof entry === 'string' ? entry : Buffer.from(entry).toString('utf8')).split(/,(?=[A-Za-z_][\w-]*=)/),
  );
  return txtFields(parts);
}

/** `_device-info` models that only pick the icon Finder shows (Samba and avahi defaults), never a real model. */
const finderIconModel = /^(xserve|rackmac|macpro|macsamba|timecapsule|airport|macmini|imac|macbook)/i;

export function isFinderIconModel(model: string): boolean {
  return finderIconModel.test(model.trim());
}

/** Identification from one service's TXT record; `serviceType` is e.g. `_http._tcp`. */
export function identifyFromTxt(serviceType: string, entries: readonly (string | Uint8Array)[]): Identification {
  if (serviceType === '_qdiscover._tcp') return identifyQnap(qnapFields(entries));
  const fields = txtFields(entries);
  const vendor = fields.get('vendor');
  if (vendor && /synology/i.test(vendor)) return identifySynology(fields);
  if (serviceType === '_device-info._tcp') return identifyDeviceInfo(fields);
  const hints: string[] = [];
  const path = fields.get('path');
  if ((serviceType === '_http._tcp' || serviceType === '_https._tcp') && path === '/index.html') {
    hints.push('web-index-html');
  }
  if (serviceType === '_nfs._tcp' && path?.startsWith('/export/')) hints.push('nfs-export-folder');
  return hints.length > 0 ? { hints } : {};
}

function identifySynology(fields: TxtFields): Identification {
  const [major, minor, build] = ['version_major', 'version_minor', 'version_build'].map((key) => fields.get(key));
  const version = major ? [major, minor].filter(Boolean).join('.') + (build ? `-${build}` : '') : undefined;
  return { vendor: 'synology', ...optional('model', fields.get('model')), ...optional('osVersion', version) };
}

function identifyQnap(fields: TxtFields): Identification {
  const model = fields.get('displaymodel') || fields.get('model');
  const firmware = fields.get('fwver');
  const build = fields.get('fwbuildnum');
  const version = firmware ? firmware + (build ? ` build ${build}` : '') : undefined;
  const port = Number(fields.get('accessport'));
  const kind = fields.get('accesstype')?.toLowerCase();
  const adminPorts: Identification['adminPorts'] =
    Number.isInteger(port) && port > 0 && port < 65536 && (kind === 'http' || kind === 'https') ? [{ kind, port }] : [];
  return { vendor: 'qnap', ...optional('model', model), ...optional('osVersion', version), adminPorts };
}

/**
 * `_device-info` only says which icon Finder should draw. TrueNAS SCALE's default is exactly
 * `MacPro7,1@ECOLOR=226,226,224` (a sign of TrueNAS); OMV's is `RackMac` (a sign only next to
 * another OMV sign). A model that is not an icon name could be real, but nothing needs it.
 */
function identifyDeviceInfo(fields: TxtFields): Identification {
  const model = fields.get('model')?.trim() ?? '';
  if (/^MacPro7,1@ECOLOR=226,226,224$/i.test(model)) return { hints: ['truenas-finder-icon'] };
  if (/^RackMac/i.test(model)) return { hints: ['rackmac-finder-icon'] };
  return {};
}

/** Vendor from weak signs, when no announcement named one outright. */
export function vendorFromHints(hints: ReadonlySet<string>, hostnames: readonly string[]): string | undefined {
  if (hints.has('truenas-finder-icon')) return 'truenas';
  if (hints.has('rackmac-finder-icon') && (hints.has('web-index-html') || hints.has('nfs-export-folder'))) return 'omv';
  if (hostnames.some((name) => /^truenas\b/i.test(name))) return 'truenas';
  if (hostnames.some((name) => /^openmediavault\b/i.test(name))) return 'omv';
  return undefined;
}

function optional<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value ? ({ [key]: value } as Record<K, string>) : {};
}

/** Control characters and endless values come from broken or hostile responders; shown text stays plain. */
function cleanValue(value: string): string {
  return value
    .replace(/\p{Cc}/gu, '')
    .slice(0, maxValueLength)
    .trim();
}
