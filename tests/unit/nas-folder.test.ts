import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeHostKey } from '../../electron/engine/ssh/host-key';
import { KnownHosts } from '../../electron/engine/ssh/known-hosts';
import { checkNasFolder, NasFolder } from '../../shared/contract/nas-folder';
import { isStaleScratch, markerText, scratchFolderName } from '../../shared/util/scratch-marker';
import { tempDir } from './helpers';

describe('a NAS folder is checked before any command sees it', () => {
  it.each([
    ['/volume1/share', '/volume1/share'],
    ['/volume1/share/', '/volume1/share'],
    ['//volume1//share/./', '/volume1/share'],
    ['/share/-delete', '/share/-delete'],
    ["/srv/Bob's:share", "/srv/Bob's:share"],
    ['/mnt/pool/名前 with space', '/mnt/pool/名前 with space'],
  ])('%j is used as %j', (input, folder) => {
    expect(checkNasFolder(input)).toEqual({ ok: true, folder });
  });

  it.each([
    ['-delete', /full path/],
    ['-exec', /full path/],
    ['--', /full path/],
    ['.', /full path/],
    ['..', /full path/],
    ['share', /full path/],
    ['./share', /full path/],
    ['~', /~/],
    ['~/share', /~/],
    ['', /empty/],
    ['   ', /empty/],
    ['/', /root folder/],
    ['//', /root folder/],
    ['/./', /root folder/],
    ['/volume1/../etc', /\.\./],
    ['/volume1/share/..', /\.\./],
    ['/volume1/new\nline', /line break/],
    ['/volume1/tab\there', /control character/],
    ['/volume1/cr\r', /line break/],
    ['/volume1/del\u007f', /control character/],
    ['/volume1/sep\u2028x', /line break/],
  ])('%j is refused in words', (input, problem) => {
    const check = checkNasFolder(input);
    expect(check.ok).toBe(false);
    if (!check.ok) {
      expect(`${check.problem} ${check.hint}`).toMatch(problem);
      expect(check.hint.length).toBeGreaterThan(20);
    }
  });

  it('anything it accepts starts with /, has no control character or "..", and checks to itself', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), fc.boolean(), (text, absolute) => {
        const check = checkNasFolder(absolute ? `/${text}` : text);
        if (!check.ok) return;
        expect(check.folder.startsWith('/')).toBe(true);
        expect([...check.folder].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)).toBe(false);
        expect(check.folder.split('/')).not.toContain('..');
        expect(checkNasFolder(check.folder)).toEqual(check);
      }),
      { numRuns: 500 },
    );
  });

  it('the contract field normalises and refuses the same way', () => {
    expect(NasFolder.parse('/volume1//share/')).toBe('/volume1/share');
    expect(NasFolder.safeParse('-delete').success).toBe(false);
  });
});

describe('scratch markers', () => {
  const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
  const now = 1_800_000_000;

  it('proves a folder stale only when its name, its run and its age agree', () => {
    expect(isStaleScratch(scratchFolderName(id), markerText(id, now - 2 * 86_400), now)).toBe(true);
    expect(isStaleScratch(scratchFolderName(id), markerText(id, now - 3_600), now)).toBe(false);
    expect(isStaleScratch(scratchFolderName(id), markerText('1b4e28ba-2fa1-11d2-883f-0016d3cca427', 0), now)).toBe(
      false,
    );
    expect(isStaleScratch('.nasbench-keep-me', markerText(id, 0), now)).toBe(false);
    expect(isStaleScratch(`${scratchFolderName(id)}x`, markerText(id, 0), now)).toBe(false);
    expect(isStaleScratch(scratchFolderName(id), '', now)).toBe(false);
  });

  it('refuses a run id that is not a UUID as a folder name', () => {
    expect(() => scratchFolderName('../../etc')).toThrow();
    expect(() => scratchFolderName('demo-run-1')).toThrow();
  });
});

describe('pinned host keys', () => {
  const blob = (type: string, fill: number) => {
    const name = Buffer.from(type);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(name.length);
    return Buffer.concat([length, name, Buffer.alloc(32, fill)]);
  };

  it('asks an RSA host for rsa-sha2-512/256 first (OpenSSH refuses ssh-rsa SHA-1 signatures)', async () => {
    const file = path.join(await tempDir('kh'), 'known_hosts');
    const hosts = new KnownHosts(file);
    await hosts.pin('nas.local', 22, describeHostKey(blob('ssh-rsa', 1)));
    expect(await hosts.pinnedAlgorithms('nas.local', 22)).toEqual(['rsa-sha2-512', 'rsa-sha2-256', 'ssh-rsa']);
    await hosts.pin('other', 22, describeHostKey(blob('ssh-ed25519', 2)));
    expect(await hosts.pinnedAlgorithms('other', 22)).toEqual(['ssh-ed25519']);
    expect(await hosts.pinnedAlgorithms('unknown', 22)).toEqual([]);
  });

  it('names the other addresses and ports a key is already trusted under', async () => {
    const file = path.join(await tempDir('kh'), 'known_hosts');
    await writeFile(file, '# a comment\n|1|hashed|entry ssh-ed25519 AAAA\n');
    const hosts = new KnownHosts(file);
    const key = describeHostKey(blob('ssh-ed25519', 7));
    await hosts.pin('10.0.0.5', 22, key);
    await hosts.pin('NAS.local', 2222, key);
    await hosts.pin('elsewhere', 22, describeHostKey(blob('ssh-ed25519', 8)));
    expect(await hosts.namesOf(key, { host: '192.168.1.9', port: 22 })).toEqual(['10.0.0.5', 'nas.local:2222']);
    expect(await hosts.namesOf(key, { host: '10.0.0.5', port: 22 })).toEqual(['nas.local:2222']);
    // Lines it does not understand are kept as they were.
    expect(await readFile(file, 'utf8')).toMatch(/^# a comment\n\|1\|hashed\|entry ssh-ed25519 AAAA\n/);
  });
});
