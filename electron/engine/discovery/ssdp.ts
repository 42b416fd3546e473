/**
 * SSDP (UPnP) search: the M-SEARCH request and reading the answers. Answers come from anything
 * on the LAN, so they are read defensively: size-capped, headers only, unknown shapes dropped.
 */

export const ssdpGroup = '239.255.255.250';
export const ssdpPort = 1900;

/** Answers are a few hundred bytes; more is junk or an attack. */
const maxAnswerBytes = 4096;

/**
 * One search for every root device. MX (how long devices may wait before answering, to spread
 * replies) stays below the discovery timeout so the answers arrive in time.
 */
export function searchRequest(maxWaitSeconds: number): Buffer {
  const mx = Math.max(1, Math.min(5, Math.floor(maxWaitSeconds)));
  return Buffer.from(
    [
      'M-SEARCH * HTTP/1.1',
      `HOST: ${ssdpGroup}:${ssdpPort}`,
      'MAN: "ssdp:discover"',
      `MX: ${mx}`,
      'ST: upnp:rootdevice',
      'USER-AGENT: NASBench UPnP/1.1',
      '',
      '',
    ].join('\r\n'),
    'latin1',
  );
}

export interface SearchAnswer {
  /** Where the device description lives (absolute http URL), if given. */
  location?: string;
  /** The SERVER header, e.g. `Synology/DSM/192.168.1.10`; shown nowhere, used as a vendor hint. */
  server?: string;
}

/** Reads an M-SEARCH answer (`HTTP/1.1 200 OK` + headers); anything else gives null. */
export function readSearchAnswer(message: Uint8Array): SearchAnswer | null {
  if (message.length > maxAnswerBytes) return null;
  const lines = Buffer.from(message).toString('latin1').split(/\r?\n/);
  if (!/^HTTP\/1\.[01] 200\b/i.test(lines[0] ?? '')) return null;
  const answer: SearchAnswer = {};
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line
      .slice(colon + 1)
      .trim()
      .slice(0, 512);
    if (name === 'location' && answer.location === undefined) answer.location = value;
    if (name === 'server' && answer.server === undefined) answer.server = value;
  }
  return answer;
}

/**
 * The description URL, only when it points back at the address that answered over plain http:
 * discovery must never be steered into fetching from anywhere else (another host, the internet).
 */
export function descriptionUrlFor(answer: SearchAnswer, answeredFrom: string): URL | null {
  if (!answer.location) return null;
  let url: URL;
  try {
    url = new URL(answer.location);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (url.protocol !== 'http:' || host !== answeredFrom || url.username || url.password) return null;
  return url;
}

/** Vendor from the SERVER header when the description is missing (Synology says `Synology/DSM/…`). */
export function vendorFromServerHeader(server: string | undefined): string | undefined {
  if (!server) return undefined;
  if (/synology/i.test(server)) return 'synology';
  if (/qnap/i.test(server)) return 'qnap';
  if (/truenas/i.test(server)) return 'truenas';
  return undefined;
}
