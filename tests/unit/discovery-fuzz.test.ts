import dnsPacket, { type Answer } from 'dns-packet';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readDescription } from '../../electron/engine/discovery/description';
import { DeviceBook } from '../../electron/engine/discovery/device-book';
import { browsedServiceTypes, factsFromPacket } from '../../electron/engine/discovery/mdns-records';
import { descriptionUrlFor, readSearchAnswer } from '../../electron/engine/discovery/ssdp';
import { identifyFromTxt } from '../../electron/engine/discovery/txt';
import { DiscoveredDevice } from '../../shared/contract/discovery';

/** Whatever a LAN neighbour sends, the book must produce a list that fits the contract. */
function expectValidList(book: DeviceBook): void {
  for (const device of book.devices()) DiscoveredDevice.parse(device);
}

const label = fc.oneof(
  fc.constantFrom('DiskStation', 'nas', 'x', '', 'a.b', 'ÄÖÜ', '\u0000\u0007', '..'),
  fc.string({ maxLength: 63 }),
);
const ownerName = fc.oneof(
  fc.constantFrom(...browsedServiceTypes).chain((type) => label.map((instance) => `${instance}.${type}.local`)),
  fc.constantFrom(...browsedServiceTypes).map((type) => `${type}.local`),
  label.map((host) => `${host}.local`),
);
const record: fc.Arbitrary<Answer> = fc.oneof(
  fc.record({ type: fc.constant('PTR' as const), name: ownerName, data: ownerName }),
  fc.record({
    type: fc.constant('SRV' as const),
    name: ownerName,
    data: fc.record({ port: fc.integer({ min: 0, max: 65535 }), target: ownerName }),
  }),
  fc.record({
    type: fc.constant('TXT' as const),
    name: ownerName,
    data: fc.array(
      fc.oneof(fc.string({ maxLength: 250 }), fc.constant('model=Xserve'), fc.constant('vendor=Synology')),
      {
        minLength: 1,
        maxLength: 8,
      },
    ),
  }),
  fc.record({ type: fc.constant('A' as const), name: ownerName, data: fc.ipV4() }),
  fc.record({ type: fc.constant('AAAA' as const), name: ownerName, data: fc.ipV6() }),
) as fc.Arbitrary<Answer>;

describe('discovery input from a hostile LAN (fast-check)', () => {
  it('random bytes as mDNS packets: dropped or read, never thrown', () => {
    const book = new DeviceBook();
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 1500 }), fc.ipV4(), (bytes, from) => {
        let packet;
        try {
          packet = dnsPacket.decode(Buffer.from(bytes));
        } catch {
          return; // what multicast-dns does with it too: a warning, nothing else
        }
        book.addMdns(factsFromPacket(packet), from);
      }),
      { numRuns: 2000 },
    );
    expectValidList(book);
  });

  it('well-formed packets with strange records: every list fits the contract', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.array(record, { maxLength: 12 }), fc.ipV4()), { maxLength: 6 }), (packets) => {
        const book = new DeviceBook();
        for (const [answers, from] of packets) {
          let packet: dnsPacket.DecodedPacket;
          try {
            packet = dnsPacket.decode(dnsPacket.encode({ type: 'response', answers }));
          } catch {
            continue; // not encodable or not decodable (e.g. an empty label): never reaches the engine
          }
          book.addMdns(factsFromPacket(packet), from);
        }
        expectValidList(book);
      }),
      { numRuns: 500 },
    );
  });

  it('truncated real announcements never throw', () => {
    const wire = dnsPacket.encode({
      type: 'response',
      answers: [{ type: 'PTR', name: '_smb._tcp.local', data: 'nas._smb._tcp.local' }],
      additionals: [{ type: 'SRV', name: 'nas._smb._tcp.local', data: { port: 445, target: 'nas.local' } }],
    });
    const book = new DeviceBook();
    for (let length = 0; length < wire.length; length++) {
      try {
        book.addMdns(factsFromPacket(dnsPacket.decode(wire.subarray(0, length))), '198.18.9.2');
      } catch (error) {
        expect(String(error)).not.toMatch(/factsFromPacket/);
      }
    }
    expectValidList(book);
  });

  it('SSDP answers and TXT strings of any shape', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 5000 }), fc.string({ maxLength: 300 }), fc.ipV4(), (bytes, text, from) => {
        const answers = [readSearchAnswer(bytes), readSearchAnswer(Buffer.from(`HTTP/1.1 200 OK\r\n${text}\r\n\r\n`))];
        for (const answer of answers) {
          const url = answer ? descriptionUrlFor(answer, from) : null;
          if (url) expect(url.hostname).toBe(from);
        }
        identifyFromTxt('_qdiscover._tcp', [text, bytes]);
        identifyFromTxt('_http._tcp', [text]);
      }),
      { numRuns: 1000 },
    );
  });

  it('description XML of any shape: short plain fields or nothing', () => {
    const element = fc.constantFrom('root', 'device', 'friendlyName', 'manufacturer', 'modelName', '!DOCTYPE', 'x');
    const xmlish = fc
      .array(
        fc.oneof(
          element.map((name) => `<${name}>`),
          element.map((name) => `</${name}>`),
          fc.string(),
        ),
        {
          maxLength: 40,
        },
      )
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 2000 }), xmlish), (xml) => {
        const description = readDescription(xml);
        for (const value of Object.values(description ?? {})) {
          expect(typeof value).toBe('string');
          expect(value.length).toBeLessThanOrEqual(200);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
