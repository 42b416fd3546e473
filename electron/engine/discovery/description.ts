import http from 'node:http';
import { XMLParser } from 'fast-xml-parser';

/**
 * The UPnP device description: fetched from the device that answered the search, read for the
 * few fields a person recognises. Serial numbers and UDNs in the same XML are never taken.
 */

export interface DeviceDescription {
  friendlyName?: string;
  manufacturer?: string;
  modelName?: string;
  modelNumber?: string;
}

/** Real descriptions are 1–10 KiB; the cap keeps a hostile device from filling memory. */
export const maxDescriptionBytes = 64 * 1024;

/**
 * GETs the description with a byte cap and a deadline; resolves to null on anything unexpected
 * (refused, slow, too big, not 200). Never rejects: one bad device must not stop discovery.
 */
export function fetchDescription(
  url: URL,
  options: { timeoutMs: number; signal: AbortSignal },
): Promise<string | null> {
  return new Promise((resolve) => {
    if (options.signal.aborted || options.timeoutMs <= 0) return resolve(null);
    let settled = false;
    const finish = (text: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal.removeEventListener('abort', onAbort);
      request.destroy();
      resolve(text);
    };
    const onAbort = () => finish(null);
    // agent: false — no keep-alive socket outliving discovery; no redirects are followed.
    let request: http.ClientRequest;
    try {
      request = http.get(url, { agent: false, headers: { 'user-agent': 'NASBench' } }, onResponse);
    } catch {
      return resolve(null); // a URL Node refuses outright (e.g. port 0)
    }
    request.on('error', () => finish(null));
    const timer = setTimeout(() => finish(null), options.timeoutMs);
    options.signal.addEventListener('abort', onAbort);

    function onResponse(response: http.IncomingMessage) {
      if (response.statusCode !== 200) return finish(null);
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxDescriptionBytes) return finish(null);
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxDescriptionBytes) return finish(null);
        chunks.push(chunk);
      });
      response.on('end', () => finish(Buffer.concat(chunks).toString('utf8')));
      response.on('error', () => finish(null));
    }
  });
}

// No entity processing at all: a DOCTYPE full of nested entities (billion laughs) stays inert text.
const parser = new XMLParser({
  ignoreAttributes: true,
  processEntities: false,
  parseTagValue: false,
  removeNSPrefix: true,
  maxNestedTags: 50,
});

const wanted = ['friendlyName', 'manufacturer', 'modelName', 'modelNumber'] as const;

/** The root device's names; null when the text is not a readable description. */
export function readDescription(xml: string): DeviceDescription | null {
  if (xml.length > maxDescriptionBytes) return null;
  let document: unknown;
  try {
    document = parser.parse(xml);
  } catch {
    return null;
  }
  const device = field(field(document, 'root'), 'device');
  if (typeof device !== 'object' || device === null) return null;
  const description: DeviceDescription = {};
  for (const key of wanted) {
    const value = field(device, key);
    if (typeof value === 'string' && value.trim().length > 0) description[key] = cleanText(value);
  }
  return description;
}

function field(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
  const found = (value as Record<string, unknown>)[key];
  // A repeated element parses to an array; the first one counts.
  return Array.isArray(found) ? found[0] : found;
}

const xmlEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Only the five XML entities, decoded once, so `AT&amp;T` reads right and nothing expands. */
function cleanText(value: string): string {
  return value
    .replace(/&(amp|lt|gt|quot|apos);/g, (_match, name: string) => xmlEntities[name] ?? '')
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, 200);
}
