/**
 * NAS-side discovery responders for the lab, run INSIDE the NAS namespace only:
 *   ip netns exec nb-nas node --require tsx/cjs tests/lab/responders/lab-nas.ts \
 *     --mdns synology@198.18.9.2=_http._tcp,_smb._tcp,_ssh._tcp --mdns qnap@198.18.9.3 \
 *     --ssdp 198.18.9.2 --description normal|silent|endless [--hostile 198.18.9.4]
 *
 * Prints one JSON line `{"ready":true,...}` once every socket listens, then one line per HTTP
 * request it serves (`{"http":"/path","to":"address"}`), so a test can see what was fetched.
 * Stops on SIGTERM/SIGINT.
 */
import { randomBytes } from 'node:crypto';
import dgram from 'node:dgram';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import dnsPacket, { type Answer } from 'dns-packet';
import makeMdns from 'multicast-dns';
import { announcementRecords, fixturesDir, readNasFixture, type NasFixture } from './announcement';

type DescriptionMode = 'normal' | 'silent' | 'endless';
const args = process.argv.slice(2);
const valuesOf = (flag: string) =>
  args.flatMap((arg, i) => (arg === flag && args[i + 1] ? [args[i + 1] as string] : []));
const descriptionMode = (valuesOf('--description')[0] ?? 'normal') as DescriptionMode;
const closers: (() => void)[] = [];
const say = (line: object) => process.stdout.write(JSON.stringify(line) + '\n');

/** An mDNS responder for one fixture on one address; `types` narrows which services it announces. */
async function respondMdns(fixture: NasFixture, address: string, types?: Set<string>): Promise<void> {
  // The lab's finding: bind 0.0.0.0 with the interface address, or no multicast arrives.
  const mdns = makeMdns({ interface: address, bind: '0.0.0.0' });
  const ready = new Promise((resolve) => mdns.once('ready', resolve));
  const served = new Set(fixture.services.map((s) => s.type).filter((type) => !types || types.has(type)));
  mdns.on('query', (query) => {
    const wanted = new Set<string>();
    for (const question of query.questions) {
      const name = question.name.toLowerCase();
      for (const type of served) {
        if (name === `${type}.local` || name.endsWith(`.${type}.local`)) wanted.add(type);
      }
      if (name === fixture.hostname.toLowerCase()) wanted.add(fixture.services[0]?.type ?? '');
    }
    if (wanted.size > 0) mdns.respond(announcementRecords(fixture, address, wanted));
  });
  await ready;
  closers.push(() => mdns.destroy());
}

/** A responder that answers every query with junk: random bytes, cut packets, floods of odd records. */
async function respondHostile(address: string): Promise<void> {
  const mdns = makeMdns({ interface: address, bind: '0.0.0.0' });
  const ready = new Promise((resolve) => mdns.once('ready', resolve));
  const socket = dgram.createSocket({ type: 'udp4', reuseAddr: true });
  await new Promise<void>((resolve) => socket.bind(0, address, resolve));
  socket.setMulticastInterface(address);
  const send = (bytes: Uint8Array) => socket.send(bytes, 5353, '224.0.0.251');
  let answered = 0;
  mdns.on('query', () => {
    if (answered++ > 20) return; // enough junk; this is not a load test
    for (let i = 0; i < 10; i++) send(randomBytes(1 + Math.floor(Math.random() * 1400)));
    const flood: Answer[] = [];
    for (let i = 0; i < 60; i++) {
      const instance = `junk-${i}-${randomBytes(4).toString('hex')}._smb._tcp.local`;
      flood.push({ type: 'PTR', name: '_smb._tcp.local', data: instance });
      flood.push({ type: 'SRV', name: instance, data: { port: 65535, target: `junk-${i}.local` } });
      flood.push({ type: 'TXT', name: instance, data: [randomBytes(200), 'vendor=Synology', 'model=\u0000\u0007'] });
    }
    const wire = dnsPacket.encode({ type: 'response', answers: flood });
    send(wire.subarray(0, 1400)); // cut mid-record, like a truncated datagram
    send(dnsPacket.encode({ type: 'response', answers: flood.slice(0, 30) }));
  });
  await ready;
  closers.push(() => {
    mdns.destroy();
    socket.close();
  });
}

/** An SSDP responder on `address` with an HTTP server for its description; hostile answers when asked. */
async function respondSsdp(address: string, hostile: string | undefined): Promise<void> {
  const xml = readFileSync(path.join(fixturesDir, 'synology-description.xml'));
  const server = http.createServer((request, response) => {
    say({ http: request.url, to: request.socket.localAddress });
    if (descriptionMode === 'silent') return; // accepts, never answers: a hung device
    if (descriptionMode === 'endless') {
      response.writeHead(200, { 'content-type': 'text/xml' });
      const pump = () => {
        while (!response.destroyed && response.write('<x>' + 'a'.repeat(16_000) + '</x>'));
      };
      response.on('drain', pump);
      pump();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/xml', 'content-length': xml.length }).end(xml);
  });
  // Listens on every lab NAS address, so a steered fetch (to an address that did not answer) is seen.
  server.listen(0, '0.0.0.0');
  await new Promise((resolve) => server.once('listening', resolve));
  const port = (server.address() as AddressInfo).port;

  const socket = dgram.createSocket({ type: 'udp4', reuseAddr: true });
  await new Promise<void>((resolve) => socket.bind(1900, '0.0.0.0', resolve));
  socket.addMembership('239.255.255.250', address);
  socket.on('message', (message, from) => {
    if (!message.toString('latin1').startsWith('M-SEARCH')) return;
    const answer = (location: string) =>
      `HTTP/1.1 200 OK\r\nCACHE-CONTROL: max-age=1800\r\nLOCATION: ${location}\r\nSERVER: Synology/DSM/${address}\r\n` +
      `ST: upnp:rootdevice\r\nUSN: uuid:73796E6F-6473-6D00-0000-001132aabbcc::upnp:rootdevice\r\n\r\n`;
    const reply = (text: string | Uint8Array) => socket.send(text, from.port, from.address);
    if (hostile) {
      reply(randomBytes(600));
      reply('HTTP/1.1 200 OK\r\n' + 'X: y\r\n'.repeat(2000));
      reply(answer(`http://${hostile}:${port}/steered.xml`));
      reply(answer(`file:///etc/shadow`));
    }
    reply(answer(`http://${address}:${port}/description.xml`));
  });
  closers.push(() => {
    socket.close();
    server.closeAllConnections();
    server.close();
  });
}

async function main(): Promise<void> {
  const hostile = valuesOf('--hostile')[0];
  for (const spec of valuesOf('--mdns')) {
    const [, name, address, types] = /^([\w-]+)@([\d.]+)(?:=(.+))?$/.exec(spec) ?? [];
    if (!name || !address) throw new Error(`--mdns wants fixture@address[=types], got ${spec}`);
    await respondMdns(readNasFixture(name), address, types ? new Set(types.split(',')) : undefined);
  }
  if (hostile) await respondHostile(hostile);
  const ssdp = valuesOf('--ssdp')[0];
  if (ssdp) await respondSsdp(ssdp, hostile);
  say({ ready: true, pid: process.pid });
}

const stop = () => {
  for (const close of closers) close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
main().catch((error: unknown) => {
  process.stderr.write(`lab-nas responder failed: ${String(error)}\n`);
  process.exit(1);
});
