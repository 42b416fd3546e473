import { describe, expect, it } from 'vitest';
import { findPrivateText, privateTextReplacer } from '../../shared/report';
import { isGenericName } from '../../shared/report/private-fields';
import { withoutStandIns } from '../../shared/report/private-replacer';
import { adversarialPair, costGrowth } from '../helpers/cost-growth';

/**
 * Issue #47: the anonymiser reads text from a NAS, its tools and imported files, so each of its
 * patterns must cost in proportion to the text: 1 MB no more than 20 times what 100 KB costs (a
 * ratio in one run; linear reads about 10, quadratic about 100). Each input below is built against
 * one pattern's weak spot — a long run of what it consumes with no ending it accepts, or many
 * starts that each could scan the rest — and fed through findPrivateText, which runs every pattern.
 */
const againstPattern: [pattern: string, unit: string][] = [
  ['ipv4: dotted numbers that never end', '1.2.'],
  ['mac: pairs and colons, never six', 'aa:'],
  ['mac: Cisco groups, never three', 'aabb.'],
  ['ipv6: colons and hex groups', '1:'],
  ['ipv6: a zone that runs on', '::%a'],
  ['serial: upper case with no digit', 'A'],
  ['serial: upper case and digits past 20', 'A1'],
  ['serial: many short starts', '_AB'],
  ['labelled serial: label, dash, letters (each start looked ahead)', 'sn-'],
  ['labelled serial: label and white space', 'serial  \t'],
  ['labelled serial: label, colon, spaces, no digit', 'S/N:  x '],
  ['wwn: a prefix, then too few digits', 'wwn-0x5'],
  ['wwn: bare NAA starts', '0x5'],
  ['labelled wwn: label and spaces', 'WWN Device Id:  '],
  ['drive by-id: a bus with no underscore', 'ata-'],
  ['drive by-id: starts after colons', 'ata-:'],
  ['drive by-id: model with no serial', 'usb-Ab.'],
  ['interface: enx with too few digits', 'enx0a1b2c'],
  ['interface: wlx run on', 'wlx'],
  ['local host: labels with no top-level name', 'a.'],
  ['local host: dashes', 'a-'],
  ['local host: punycode labels', 'xn--'],
  ['login: @ with no dot after', 'a@'],
  ['login: name characters, no @', 'a.+-'],
  ['login: colons after the @', 'a@b:'],
  ['home folder: prefixes', '/home/'],
  ['posix path: starts after =', '=/'],
  ['posix path: a slash and full stops', ' /.'],
  ['windows path: drive letters', ' C:\\.'],
  ['windows path: UNC starts', '(\\\\'],
];

/** Ratios print in the test's name when they fail; one run on two shared cores reads 8–13 for linear work. */
const limit = 20;

describe('the anonymiser’s patterns on 1 MB of adversarial text (issue #47)', () => {
  it.each(againstPattern)('%s (%j repeated): 1 MB costs at most 20x 100 KB', (_pattern, unit) => {
    const [small, large] = adversarialPair(unit);
    expect(costGrowth(findPrivateText, small, large)).toBeLessThanOrEqual(limit);
  });

  it('the replacement itself: a name glued to words everywhere, escapes before it, stand-ins to leave', () => {
    const { replace } = privateTextReplacer([
      { kind: 'user', text: 'bob' },
      { kind: 'share', text: 'Cafe\u0301' },
      { kind: 'host', text: 'zoë-nas' },
    ]);
    for (const unit of ['bobcat ', '%20bobx', 'Café1', 'zoë-nasa.', 'xn--zo-nas-']) {
      const [small, large] = adversarialPair(unit);
      expect(costGrowth(replace, small, large), unit).toBeLessThanOrEqual(limit);
    }
    const [small, large] = adversarialPair('xhost-1 %20user-2 ');
    expect(costGrowth(withoutStandIns, small, large)).toBeLessThanOrEqual(limit);
  });

  it('the names a firmware gives (private-fields.ts): near-misses of each, repeated', () => {
    const kinds = ['pool', 'array', 'volume-group', 'share'] as const;
    for (const unit of ['zpool1', 'md1', 'vg1000', 'backups', 'vol1']) {
      const [small, large] = adversarialPair(unit);
      const check = (text: string) => kinds.map((kind) => isGenericName(kind, text));
      expect(costGrowth(check, small, large), unit).toBeLessThanOrEqual(limit);
    }
  });

  it('a quadratic pattern does fail this check (so the check can fail)', () => {
    // What the labelled-serial pattern was: its lookahead scanned the rest of the text from every "sn-".
    // Smaller sizes than above, for the same ratio in well under a second.
    const before = /\bsn\s*[:=#]?\s*((?=[A-Za-z-]*\d)[A-Za-z0-9-]{4,40})/gi;
    const [small, large] = adversarialPair('sn-').map((text) => text.slice(0, text.length / 50));
    expect(costGrowth((text) => [...text.matchAll(before)], small ?? '', large ?? '')).toBeGreaterThan(limit * 2);
  });
});
