import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ShareProtocol, type SharePath } from '../../shared/contract/figure-quality';
import { describeCopyPlace } from '../../shared/kinds/copy/share-path';
import { describeKeyType } from '../../shared/words/describe-nas';
import { crystalRows } from '../../shared/kinds/disk/disk-card';
import {
  explainTestName,
  explainWord,
  glossary,
  glossaryEntries,
  markTerms,
  type TermPart,
} from '../../shared/words/glossary';
import { linkFindings } from '../../shared/words/link-check';

const sharePath = (kind: SharePath['kind'], protocol: ShareProtocol | null): SharePath => ({
  kind,
  server: 'nas.local',
  protocol,
  interface: null,
  localAddress: null,
});

const marked = (sentence: string) =>
  markTerms(sentence).filter((part): part is Extract<TermPart, { explanation: string }> => 'explanation' in part);

/** What the issue found a home user does not have, and the other expert words the app's screens show. */
const wordsTheAppShows = [
  'ED25519',
  'ECDSA',
  'RSA',
  'ssh-keygen -lf',
  'Identity key',
  'fingerprint',
  'MTU',
  'jumbo frames',
  'tmpfs',
  'SEQ1M Q8T1',
  'RND4K Q32T1',
  'p99',
  'p99 latency',
  'IOPS',
  'O_DIRECT',
  'direct I/O',
  'ramp_time',
  'ramp-up',
  'SSHFS',
  'SMB',
  'NFS',
  'interface',
  'queue depth',
  'ARC',
  'fio',
  'iperf3',
  'dd',
  'UDP',
  'jitter',
  'GbE',
  'dBm',
  'loopback',
  'half duplex',
];

describe('the glossary', () => {
  it('explains every entry in one or two plain sentences', () => {
    for (const { id, entry } of glossaryEntries()) {
      expect(entry.term.trim(), id).not.toBe('');
      expect(entry.plain.trim().length, id).toBeGreaterThan(20);
      // A sentence ends at a full stop before a space or the end ("2.5 GbE" is not an end).
      expect(entry.plain.match(/[.!?](\s|$)/g)?.length ?? 0, `${id}: ${entry.plain}`).toBeLessThanOrEqual(2);
      expect(entry.plain, id).toMatch(/[.!?]$/);
    }
  });

  it('lists every entry once, in alphabetical order', () => {
    const terms = glossaryEntries().map(({ entry }) => entry.term);
    expect(terms).toEqual([...terms].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(terms.length).toBe(Object.keys(glossary).length);
    expect(new Set(terms).size).toBe(terms.length);
  });

  it('has an entry for every expert word the app shows', () => {
    for (const word of wordsTheAppShows) {
      expect(explainWord(word), word).not.toBeNull();
      expect(
        marked(`It said ${word} here.`).map((part) => part.text),
        word,
      ).toEqual([word]);
    }
  });

  it('explains the names the app gives: key types, CrystalDiskMark’s tests, share protocols', () => {
    for (const keyType of ['ssh-ed25519', 'ecdsa-sha2-nistp256', 'ssh-rsa']) {
      expect(explainWord(describeKeyType(keyType)), keyType).not.toBeNull();
    }
    for (const row of crystalRows) expect(explainWord(row.label), row.label).toMatch(/\w/);
    for (const protocol of ShareProtocol.options) {
      const place = describeCopyPlace({ dir: '/mnt/nas', share: null, path: sharePath('network-share', protocol) });
      expect(
        marked(place.words).map((part) => part.text.toLowerCase()),
        place.words,
      ).toContain(protocol);
    }
  });

  it('marks the expert words of the app’s own sentences', () => {
    const [mtu] = linkFindings({
      nasInterface: 'eth0',
      nasMtu: 9000,
      nasSpeedMbps: 1000,
      clientInterface: 'enp3s0',
      clientMtu: 1500,
      clientSpeedMbps: 1000,
      pathMtu: null,
      clientType: 'ethernet',
    });
    expect(marked(mtu?.text ?? '').map((part) => part.id)).toEqual(expect.arrayContaining(['jumbo-frames', 'mtu']));
    const memory = describeCopyPlace({ dir: '/tmp/x', share: null, path: sharePath('memory', null) });
    expect(marked(memory.words).map((part) => part.id)).toEqual(['tmpfs']);
  });
});

describe('marking terms in a sentence', () => {
  it('marks each term once, at its first appearance, and leaves words that merely contain one', () => {
    const parts = markTerms('The MTU is 1500; the other MTU too. Add addresses and interfaces over SMB.');
    expect(marked('The MTU is 1500; the other MTU too.').map((part) => part.text)).toEqual(['MTU']);
    expect(parts.map((part) => part.text).join('')).toBe(
      'The MTU is 1500; the other MTU too. Add addresses and interfaces over SMB.',
    );
    expect(marked('Add addresses and interfaces, tmpfsx, xSMB.')).toEqual([]);
    // One entry, two spellings: explained once.
    expect(marked('Direct I/O (O_DIRECT) bypasses it.').map((part) => part.text)).toEqual(['Direct I/O']);
  });

  it('prefers the longer spelling and spells out any test name in CrystalDiskMark’s way', () => {
    expect(marked('p99 latency was 2 ms').map((part) => part.text)).toEqual(['p99 latency']);
    expect(marked('over fuse.sshfs and FUSE.SSHFS').map((part) => part.text)).toEqual(['FUSE.SSHFS']);
    expect(marked('RND64K Q16T16 write ran').map((part) => part.text)).toEqual(['RND64K Q16T16']);
    expect(explainTestName('RND64K Q16T16')).toBe(
      '64 KiB pieces at random places, 16 requests waiting at once, 16 jobs at once.',
    );
    expect(explainTestName('SEQ128K Q1T32')).toBe(
      'One big file from start to end, in 128 KiB pieces, one request at a time, 32 jobs at once.',
    );
    expect(explainTestName('Upload')).toBeNull();
  });

  it('gives back the sentence, whole, when its parts are joined', () => {
    const words = fc.constantFrom(...wordsTheAppShows, 'the', 'NAS', ' ', ', ', '.', 'a1', '_', '-', 'SEQ1M Q8T1 read');
    fc.assert(
      fc.property(fc.array(fc.oneof(words, fc.string({ maxLength: 6 })), { maxLength: 20 }), (pieces) => {
        const sentence = pieces.join('');
        const parts = markTerms(sentence);
        expect(parts.map((part) => part.text).join('')).toBe(sentence);
        const ids = marked(sentence).map((part) => part.id ?? part.text);
        expect(new Set(ids).size).toBe(ids.length);
      }),
    );
  });
});
