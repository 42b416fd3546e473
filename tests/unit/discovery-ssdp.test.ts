import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchDescription, maxDescriptionBytes, readDescription } from '../../electron/engine/discovery/description';
import { descriptionUrlFor, readSearchAnswer, searchRequest } from '../../electron/engine/discovery/ssdp';
import { fixturesDir } from '../lab/responders/announcement';

const synologyXml = readFileSync(path.join(fixturesDir, 'synology-description.xml'), 'utf8');

describe('SSDP search and answers', () => {
  it('asks for root devices with an MX below the discovery timeout', () => {
    const text = searchRequest(2).toString('latin1');
    expect(text).toMatch(/^M-SEARCH \* HTTP\/1\.1\r\nHOST: 239\.255\.255\.250:1900\r\n/);
    expect(text).toContain('MAN: "ssdp:discover"\r\nMX: 2\r\n');
    expect(text.endsWith('\r\n\r\n')).toBe(true);
  });

  it('reads LOCATION and SERVER from an answer, case-insensitively', () => {
    const answer = readSearchAnswer(
      Buffer.from(
        'HTTP/1.1 200 OK\r\nCache-Control: max-age=1900\r\nlocation: http://198.18.9.2:5000/ssdp/desc-DSM-eth0.xml\r\n' +
          'SERVER: Synology/DSM/198.18.9.2\r\nST: upnp:rootdevice\r\n\r\n',
      ),
    );
    expect(answer).toEqual({
      location: 'http://198.18.9.2:5000/ssdp/desc-DSM-eth0.xml',
      server: 'Synology/DSM/198.18.9.2',
    });
  });

  it('drops what is not an answer', () => {
    expect(readSearchAnswer(Buffer.from('M-SEARCH * HTTP/1.1\r\n\r\n'))).toBeNull();
    expect(readSearchAnswer(Buffer.from('HTTP/1.1 404 Not Found\r\n\r\n'))).toBeNull();
    expect(readSearchAnswer(Buffer.alloc(10_000, 65))).toBeNull();
  });

  it('fetches a description only over http from the address that answered', () => {
    const from = '198.18.9.2';
    expect(descriptionUrlFor({ location: 'http://198.18.9.2:5000/d.xml' }, from)?.port).toBe('5000');
    for (const location of [
      'http://198.18.9.99:5000/d.xml', // another host on the LAN
      'http://example.com/d.xml', // a name could point anywhere
      'https://198.18.9.2/d.xml',
      'file:///etc/passwd',
      'http://user:pw@198.18.9.2/d.xml',
      'not a url',
    ]) {
      expect(descriptionUrlFor({ location }, from), location).toBeNull();
    }
  });
});

describe('UPnP device description', () => {
  it('takes friendly name, manufacturer and model; never the serial number or UDN', () => {
    const description = readDescription(synologyXml);
    expect(description).toEqual({
      friendlyName: 'DiskStation (DS218+)',
      manufacturer: 'Synology',
      modelName: 'DS218+',
      modelNumber: 'DS218+ 7.1-42661',
    });
    expect(JSON.stringify(description)).not.toMatch(/001132|uuid/i);
  });

  it('leaves entities unexpanded (billion laughs) and refuses oversized text', () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">' +
      Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('') +
      ']><root><device><friendlyName>&lol9;</friendlyName><manufacturer>AT&amp;T</manufacturer></device></root>';
    const started = performance.now();
    const description = readDescription(laughs);
    expect(performance.now() - started).toBeLessThan(500);
    expect(description?.manufacturer).toBe('AT&T');
    expect((description?.friendlyName ?? '').length).toBeLessThan(50);
    expect(
      readDescription('<root><device><friendlyName>' + 'x'.repeat(maxDescriptionBytes) + '</friendlyName>'),
    ).toBeNull();
    expect(readDescription('<<<not xml')).toBeNull();
    expect(readDescription('<root>'.repeat(5000))).toBeNull();
  });
});

describe('fetching a description (loopback HTTP server)', () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      if (request.url === '/ok') response.end(synologyXml);
      else if (request.url === '/endless') {
        const chunk = Buffer.alloc(16 * 1024, 'a');
        const pump = () => {
          while (response.write(chunk));
        };
        response.on('drain', pump);
        pump();
      } else if (request.url === '/declared-huge') {
        response.writeHead(200, { 'content-length': String(100 * 1024 * 1024) });
        response.write('<root>');
      } // '/silent': never answers
    });
    server.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  const fetchFrom = (urlPath: string, timeoutMs = 1000) =>
    fetchDescription(new URL(base + urlPath), { timeoutMs, signal: new AbortController().signal });

  it('returns the XML of a well-behaved device', async () => {
    expect(await fetchFrom('/ok')).toBe(synologyXml);
  });

  it('gives up on endless or oversized bodies at the size limit, quickly', async () => {
    const started = performance.now();
    expect(await fetchFrom('/endless', 5000)).toBeNull();
    expect(await fetchFrom('/declared-huge', 5000)).toBeNull();
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('gives up on a device that never answers by its timeout, and at once when cancelled', async () => {
    const started = performance.now();
    expect(await fetchFrom('/silent', 300)).toBeNull();
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThan(250);
    expect(elapsed).toBeLessThan(1000);
    const cancel = new AbortController();
    const pending = fetchDescription(new URL(base + '/silent'), { timeoutMs: 10_000, signal: cancel.signal });
    setTimeout(() => cancel.abort(), 50);
    const cancelledAt = performance.now();
    expect(await pending).toBeNull();
    expect(performance.now() - cancelledAt).toBeLessThan(500);
  });
});
