/**
 * DNS-SD records for a NAS described by a fixture (tests/fixtures/discovery/*.json), the way a
 * real responder (avahi, mDNSResponder) sends them: PTR answers with SRV, TXT and A records as
 * additionals. Used by the lab responder and by unit tests that go through the wire format.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Answer } from 'dns-packet';

export interface FixtureService {
  type: string;
  instance: string;
  port: number;
  txt: string[];
}

export interface NasFixture {
  hostname: string;
  services: FixtureService[];
}

export const fixturesDir = path.resolve(__dirname, '../../fixtures/discovery');

export function readNasFixture(name: string): NasFixture {
  return JSON.parse(readFileSync(path.join(fixturesDir, `${name}.json`), 'utf8')) as NasFixture;
}

const ttl = 120;

/** Every record of the fixture's services whose type is in `types` (all when absent), on `address`. */
export function announcementRecords(
  fixture: NasFixture,
  address: string,
  types?: ReadonlySet<string>,
): { answers: Answer[]; additionals: Answer[] } {
  const answers: Answer[] = [];
  const additionals: Answer[] = [];
  for (const service of fixture.services) {
    if (types && !types.has(service.type)) continue;
    const instance = `${service.instance}.${service.type}.local`;
    answers.push({ name: `${service.type}.local`, type: 'PTR', ttl, data: instance });
    // _device-info carries only TXT (Finder icon); the rest have SRV with a port.
    if (service.type !== '_device-info._tcp') {
      additionals.push({ name: instance, type: 'SRV', ttl, data: { port: service.port, target: fixture.hostname } });
    }
    additionals.push({ name: instance, type: 'TXT', ttl, data: service.txt.length > 0 ? service.txt : [''] });
  }
  if (answers.length > 0) additionals.push({ name: fixture.hostname, type: 'A', ttl, data: address });
  return { answers, additionals };
}
