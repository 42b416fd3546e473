import fc from 'fast-check';
import { checkNasFolder } from '../../shared/contract/nas-folder';
import { withoutStandIns } from '../../shared/report/private-replacer';
import { isGenericName } from '../../shared/report/private-fields';
import { isHarmless, isIpv6 } from '../../shared/report/private-patterns';
import type { PrivateValues } from '../fixtures/report/planted-private-run';

/**
 * Private values as people name things (issue #20): quotes, colons, spaces, backslashes, `$`,
 * `&`, `%`, `<`, unicode (accents, ß and İ whose other case is longer, CJK, an emoji, the "ﬁ"
 * ligature), leading dashes. Host names keep to what a network name can hold (letters in any
 * script and case, digits, dots, dashes). Not generated: line breaks and other control
 * characters (a NAS folder refuses them) and `> { } [ ] | ;`, which the leak check splits on.
 */
const letter = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ');
const digit = fc.constantFrom(...'0123456789');
const unicode = fc.constantFrom('é', 'ß', 'İ', 'Ω', 'ж', '日', '本', '🙂', 'ﬁ', 'ö', 'ñ');
const hostile = fc.constantFrom(
  "'",
  '"',
  ':',
  ' ',
  '\\',
  '$',
  '-',
  '&',
  '<',
  '%',
  '#',
  '@',
  '.',
  '!',
  '(',
  ')',
  '*',
  '+',
  '`',
  '~',
  '=',
  ',',
  '?',
);

const nameCharacter = fc.oneof(
  { arbitrary: letter, weight: 6 },
  { arbitrary: hostile, weight: 4 },
  { arbitrary: unicode, weight: 2 },
  { arbitrary: digit, weight: 1 },
);

/**
 * What a value must be for the check to mean something: a letter in it (a name of digits alone
 * is left alone, as numbers are never touched), three characters once trimmed (shorter has no
 * fragment to find), and nothing the anonymiser would itself write (a stand-in is public).
 */
const meaningful = (value: string) =>
  /\p{L}/u.test(value) &&
  value.trim().length >= 3 &&
  withoutStandIns(value) === value &&
  !['host', 'user', 'share', 'wifi', 'path'].some((kind) => isHarmless(kind as 'host', value));

/** A user, share or Wi-Fi name, sometimes with leading dashes. */
export const privateName = fc
  .tuple(fc.constantFrom('', '', '', '-', '--'), fc.string({ unit: nameCharacter, minLength: 3, maxLength: 12 }))
  .map(([dashes, body]) => dashes + body)
  .filter(meaningful);

const hostCharacter = fc.oneof(
  { arbitrary: letter, weight: 8 },
  { arbitrary: digit, weight: 2 },
  { arbitrary: fc.constantFrom('-', '.'), weight: 1 },
  { arbitrary: fc.constantFrom('é', 'ß', 'İ', 'ö', 'ж'), weight: 1 },
);
export const privateHost = fc
  .string({ unit: hostCharacter, minLength: 3, maxLength: 14 })
  .filter((host) => /^[^.-].*[^.-]$/u.test(host) && !isIpv6(host) && host.toLowerCase() !== 'localhost')
  .filter(meaningful);

/** A NAS folder as the contract takes it: a full path, its parts named like the names above. */
export const privateFolder = fc
  .array(fc.string({ unit: nameCharacter, minLength: 1, maxLength: 10 }), { minLength: 1, maxLength: 3 })
  .map((parts) => `/${parts.join('/')}`)
  .filter((folder) => {
    const check = checkNasFolder(folder);
    return check.ok && check.folder === folder && folder.length >= 4 && meaningful(folder);
  });

/**
 * An interface named after its MAC, as udev names a USB Ethernet adapter, a Wi-Fi dongle or a
 * mobile broadband modem.
 */
export const privateInterface = fc
  .tuple(
    fc.constantFrom('en', 'wl', 'ww'),
    fc.array(fc.constantFrom(...'0123456789abcdef'), { minLength: 12, maxLength: 12 }),
  )
  .map(([prefix, hex]) => `${prefix}x${hex.join('')}`);

/**
 * A ZFS pool as a user names one: a letter first, then letters, digits and what ZFS also takes
 * (_ - : . and space), and none of the words ZFS keeps for itself or a firmware gives (rpool, data).
 */
const poolCharacter = fc.oneof(
  { arbitrary: letter, weight: 8 },
  { arbitrary: digit, weight: 2 },
  { arbitrary: fc.constantFrom('_', '-', ':', '.', ' '), weight: 2 },
);
export const privatePool = fc
  .tuple(letter, fc.string({ unit: poolCharacter, minLength: 2, maxLength: 11 }))
  .map(([first, rest]) => first + rest)
  .filter(
    (pool) =>
      pool.trim() === pool &&
      !/^(?:mirror|raidz|draid|spare|log|c\d)/i.test(pool) &&
      !isGenericName('pool', pool) &&
      meaningful(pool),
  );

/**
 * A name SMB takes for a share: Windows and Samba refuse " / \ [ ] : | < > + = ; , ? * in one. A
 * share named "::%a" cannot exist, and its likeness to an IPv6 address with a zone made the leak
 * property fail on a name no NAS can hand NASBench.
 */
const smbShareName = (name: string) => !/["/\\[\]:|<>+=;,?*]/.test(name);

/** Sometimes decomposed, as macOS writes names (a share "Café" as "Cafe\u0301"): the same name to a reader. */
const inEitherForm = (name: fc.Arbitrary<string>) =>
  fc.tuple(name, fc.boolean()).map(([text, decomposed]) => (decomposed ? text.normalize('NFD') : text));

const base64 = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/');

export const privateValues: fc.Arbitrary<PrivateValues> = fc
  .record({
    host: privateHost,
    folder: inEitherForm(privateFolder),
    share: inEitherForm(privateName.filter(smbShareName)),
    user: privateName,
    wifi: privateName,
    fingerprint: fc.string({ unit: base64, minLength: 43, maxLength: 43 }).map((hash) => `SHA256:${hash}`),
    ipv4: fc.ipV4().filter((ip) => !isHarmless('ipv4', ip) && !ip.startsWith('0.')),
    ipv6: fc.ipV6().filter((ip) => !isHarmless('ipv6', ip) && ip.length >= 3),
    iface: privateInterface,
    pool: privatePool,
  })
  .map((values) => ({ ...values, mount: `/Volumes/${values.share}` }));
