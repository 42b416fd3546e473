import { maxDescriptionBytes, readDescription } from '../../../electron/engine/discovery/description';
import { factsFromPacket } from '../../../electron/engine/discovery/mdns-records';
import { descriptionUrlFor, readSearchAnswer, vendorFromServerHeader } from '../../../electron/engine/discovery/ssdp';
import {
  identifyFromTxt,
  isFinderIconModel,
  qnapFields,
  vendorFromHints,
} from '../../../electron/engine/discovery/txt';
import { patternAlone, repeat, stretch, type OutsideTextParser } from './entries';

const discovery = 'electron/engine/discovery';

/**
 * What any host on the LAN may send during discovery. mDNS strings are at most 255 bytes on the
 * wire and SSDP answers and descriptions are refused over their caps (the caps are tested on their
 * own); the parsers are fed 1 MB all the same, so a cap that goes away leaves them safe.
 */
export const lanParsers: OutsideTextParser[] = [
  {
    parser: 'identifyFromTxt, qnapFields (mDNS TXT records)',
    file: `${discovery}/txt.ts`,
    patterns: [
      /,(?=[A-Za-z_][\w-]*=)/,
      /^(xserve|rackmac|macpro|macsamba|timecapsule|airport|macmini|imac|macbook)/i,
      /synology/i,
      /^MacPro7,1@ECOLOR=226,226,224$/i,
      /^RackMac/i,
      /^truenas\b/i,
      /^openmediavault\b/i,
      /\p{Cc}/gu,
    ],
    inputs: {
      'a QNAP string of commas before near-keys': (bytes) => stretch('model=TS-x', ',a_b-c', '', bytes),
      'a QNAP string of many keys': (bytes) => repeat('accessPort=443,', bytes),
      'a value of control characters': (bytes) => stretch('model=', '\u0001\u0007', 'x', bytes),
      'a Finder model of near-miss icon names': (bytes) => stretch('model=', 'MacPro7,1@ECOLOR=226,226,22', '', bytes),
      'a vendor of near-miss names': (bytes) => stretch('vendor=', 'synolog', '', bytes),
    },
    run: (text) => [
      identifyFromTxt('_qdiscover._tcp', [text]),
      identifyFromTxt('_device-info._tcp', [text]),
      identifyFromTxt('_http._tcp', [text, `path=${text}`]),
      qnapFields([text]),
      isFinderIconModel(text),
      vendorFromHints(new Set(['rackmac-finder-icon']), [text]),
    ],
  },
  {
    parser: 'factsFromPacket (mDNS answers)',
    file: `${discovery}/mdns-records.ts`,
    patterns: [/\.$/, /\.local$/, /^\d{1,3}(\.\d{1,3}){3}$/, /^[0-9a-f:.]+$/i],
    inputs: {
      'names of dots': (bytes) => repeat('.', bytes),
      'names of .local labels': (bytes) => stretch('nas', '.local', '.', bytes),
      'an address of dotted digits': (bytes) => stretch('1', '.1', '.', bytes),
      'an address of hex and colons': (bytes) => stretch('fe80', ':a', 'g', bytes),
    },
    run: (name) =>
      factsFromPacket({
        answers: [
          { type: 'PTR', name: '_smb._tcp.local', data: `${name}._smb._tcp.local` },
          { type: 'SRV', name: `${name}._smb._tcp.local`, data: { port: 445, target: name, priority: 0, weight: 0 } },
          { type: 'TXT', name: `${name}._smb._tcp.local`, data: [name] },
          { type: 'A', name, data: name },
          { type: 'AAAA', name, data: name },
        ],
        additionals: [],
      }),
  },
  {
    parser: 'readSearchAnswer, descriptionUrlFor, vendorFromServerHeader (SSDP)',
    file: `${discovery}/ssdp.ts`,
    patterns: [/\r?\n/, /^HTTP\/1\.[01] 200\b/i, /^\[|\]$/g, /synology/i, /qnap/i, /truenas/i],
    inputs: {
      'a status line of near-misses': (bytes) => repeat('HTTP/1.1 20', bytes),
      'a header of brackets': (bytes) => `HTTP/1.1 200 OK\r\nLOCATION: http://${repeat('[]', bytes)}/x`,
      'a server header of near-miss vendor names': (bytes) =>
        `HTTP/1.1 200 OK\r\nSERVER: ${repeat('synolog qna truena', bytes)}`,
    },
    run: (text) => {
      const answer = readSearchAnswer(Buffer.from(text, 'latin1'));
      return [answer, descriptionUrlFor({ location: `http://[${text}]/d.xml` }, text), vendorFromServerHeader(text)];
    },
  },
  {
    parser: 'readDescription (UPnP device description)',
    file: `${discovery}/description.ts`,
    patterns: [/&(amp|lt|gt|quot|apos);/g, /\p{Cc}/gu],
    inputs: {
      'a description past its cap': (bytes) =>
        `<root><device><friendlyName>${repeat('&amp', bytes)}</friendlyName></device></root>`,
    },
    run: readDescription,
  },
  {
    parser: 'readDescription, below its cap',
    file: `${discovery}/description.ts`,
    patterns: [/&(amp|lt|gt|quot|apos);/g, /\p{Cc}/gu],
    inputs: {
      'a name of entities and near-entities': (bytes) =>
        `<root><device><friendlyName>${repeat('&amp;&lt', bytes - 60)}</friendlyName></device></root>`,
      'a name of control characters': (bytes) =>
        `<root><device><friendlyName>${repeat('\u0001a', bytes - 60)}</friendlyName></device></root>`,
      'many attributes': (bytes) =>
        `<root><device><friendlyName ${repeat('a="1" ', bytes - 80)}>x</friendlyName></device></root>`,
      'many elements': (bytes) => `<root><device>${repeat('<modelName>x</modelName>', bytes - 60)}</device></root>`,
      'many unclosed tags': (bytes) => `<root><device>${repeat('<a', bytes - 40)}</device></root>`,
      'a comment never closed': (bytes) => `<root><!--${repeat('-', bytes - 40)}><device/></root>`,
    },
    run: readDescription,
    // What fetchDescription hands on has at most as many characters as the bytes it took.
    cap: maxDescriptionBytes - 512,
  },
  {
    parser: 'readSearchAnswer, below its cap',
    file: `${discovery}/ssdp.ts`,
    patterns: [/\r?\n/, /^HTTP\/1\.[01] 200\b/i],
    inputs: {
      'many short header lines': (bytes) => `HTTP/1.1 200 OK\r\n${repeat('LOCATION: http://a/\r\n', bytes - 40)}`,
      'lines without a colon': (bytes) => `HTTP/1.1 200 OK\r\n${repeat('x\r\n', bytes - 40)}`,
    },
    run: (text) => readSearchAnswer(Buffer.from(text, 'utf8')),
    // UTF-8 bytes, "€" three of them: the answers stay under the 4096 bytes readSearchAnswer takes.
    cap: 4096 - 64,
  },
  patternAlone(
    `${discovery}/device-book.ts`,
    /\.local$/i,
    { 'a name of .local labels': (bytes) => stretch('', '.local', '.', bytes) },
    'on host names',
  ),
  patternAlone(
    `${discovery}/device-book.ts`,
    /ixsystems/i,
    { 'a manufacturer of near-misses': (bytes) => repeat('ixsystem', bytes) },
    'on manufacturers',
  ),
];
