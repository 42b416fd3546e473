import type { RemoteInfo } from 'node:dgram';
import makeMdns from 'multicast-dns';
import type { Question } from 'dns-packet';
import { browsedServiceTypes, factsFromPacket, type MdnsFacts } from './mdns-records';

/** mDNS (RFC 6762): multicast-dns sends to the link-local group 224.0.0.251, which routers never forward. */
export const mdnsPort = 5353;
/** RFC 6762 §11: sent with IP TTL 255 so receivers can tell it came from the same link. */
export const mdnsTtl = 255;

/** Asks again while the search lasts: the first query or its answers can be lost on Wi-Fi. */
const repeatAfterMs = [1000, 2500];
/** Follow-up questions (missing SRV, TXT or address) per search, against a hostile flood of names. */
const maxFollowUps = 200;

export interface MdnsBrowser {
  stop(): void;
}

/**
 * Browses the DNS-SD service types NASes announce (mdns-records.ts) on one interface. Every answer packet is handed over
 * as facts with the address it came from; malformed packets are dropped by the decoder
 * (multicast-dns reports them as warnings, which are ignored here on purpose).
 */
export function browseMdns(
  interfaceAddress: string,
  onFacts: (facts: MdnsFacts, from: RemoteInfo) => void,
  onFailure: (error: Error) => void,
): MdnsBrowser {
  // bind 0.0.0.0: a socket bound to the unicast address never receives the multicast answers.
  const mdns = makeMdns({
    interface: interfaceAddress,
    bind: '0.0.0.0',
    port: mdnsPort,
    ttl: mdnsTtl,
    reuseAddr: true,
  });
  const timers: NodeJS.Timeout[] = [];
  const asked = new Set<string>();
  let stopped = false;

  const ask = (questions: Question[]) => {
    if (stopped || questions.length === 0) return;
    mdns.query({ questions }, (error: Error | null) => {
      if (error && !stopped) onFailure(error);
    });
  };
  const browseAll = () => ask(browsedServiceTypes.map((type) => ({ name: `${type}.local`, type: 'PTR' as const })));

  mdns.on('ready', () => {
    browseAll();
    for (const delay of repeatAfterMs) timers.push(setTimeout(browseAll, delay));
  });
  mdns.on('error', (error: Error) => {
    if (!stopped) onFailure(error);
  });
  mdns.on('warning', () => undefined);
  mdns.on('response', (packet, from) => {
    if (stopped) return;
    let facts: MdnsFacts;
    try {
      facts = factsFromPacket(packet);
    } catch {
      return; // a decoded packet with a shape nobody expected: ignore it like a malformed one
    }
    onFacts(facts, from);
    ask(followUps(facts, asked));
  });

  return {
    stop() {
      if (stopped) return;
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      mdns.destroy();
    },
  };
}

/** Questions for what an answer left out: an instance's SRV/TXT, a host's address. Each asked once. */
function followUps(facts: MdnsFacts, asked: Set<string>): Question[] {
  const questions: Question[] = [];
  const once = (name: string, type: 'SRV' | 'TXT' | 'A') => {
    const key = `${type} ${name}`;
    if (asked.has(key) || asked.size >= maxFollowUps) return;
    asked.add(key);
    questions.push({ name, type });
  };
  const known = new Set(facts.addresses.map((entry) => entry.host));
  for (const service of facts.services) {
    if (service.type === '_device-info._tcp') {
      if (!service.txt) once(service.key, 'TXT');
      continue;
    }
    if (service.port === undefined) once(service.key, 'SRV');
    if (!service.txt) once(service.key, 'TXT');
    if (service.target && !known.has(service.target)) once(service.target, 'A');
  }
  return questions.slice(0, 20);
}
