import { describe, expect, it } from 'vitest';
import { privateTextReplacer } from '../../shared/report';
import { withoutStandIns } from '../../shared/report/private-replacer';

/** Each form a private value takes in a run's text (issue #20), replaced by the same form of its stand-in. */
describe('a private value in every form', () => {
  const { replace } = privateTextReplacer([
    { kind: 'path', text: "/srv/Anna's Photos:2024" },
    { kind: 'share', text: "Anna's Photos" },
    { kind: 'user', text: 'Zoë Schmidt' },
    { kind: 'host', text: 'BigStore' },
  ]);

  it.each([
    ['plain', "in /srv/Anna's Photos:2024/x", 'in /folder-1/x'],
    ['a whole shell word', "ssh 'Zoë Schmidt'@nas", 'ssh user-1@nas'],
    ['shell-quoted inside a word', "'--dir=/srv/Anna'\\''s Photos:2024/x'", "'--dir=/folder-1/x'"],
    ['escaped for fio', "--directory=/srv/Anna's Photos\\:2024/x", '--directory=/folder-1/x'],
    ['quoted and escaped for fio', "'--directory=/srv/Anna'\\''s Photos\\:2024'", "'--directory=/folder-1'"],
    ['in JSON', '{"share":"Anna\'s Photos","user":"Zo\\u00eb Schmidt"}', '{"share":"share-1","user":"user-1"}'],
    ['in HTML', 'Anna&#39;s Photos is full', 'share-1 is full'],
    ['in a URL', 'smb://Zo%C3%AB%20Schmidt@BigStore/Anna%27s%20Photos', 'smb://user-1@host-1/share-1'],
    ['in a URL, lower-case hex', 'smb://bigstore/Anna%27s%20photos', 'smb://host-1/Anna%27s%20photos'],
    ['a host name in any case', 'BIGSTORE and bigstore.local', 'host-1 and host-1.local'],
  ])('%s', (_form, text, anonymised) => {
    expect(replace(text)).toBe(anonymised);
  });

  it('names only as whole words, and never a figure', () => {
    const names = privateTextReplacer([
      { kind: 'user', text: 'bob' },
      { kind: 'user', text: '1000' },
      { kind: 'ipv4', text: '1.2.3.4' },
      { kind: 'path', text: '/srv/aa' },
    ]);
    expect(names.replace('bobcat bob; uid 1000; 11.2.3.45 and 1.2.3.4; /srv/aaron /srv/aa/x')).toBe(
      'bobcat user-1; uid 1000; 11.2.3.45 and 192.0.2.1; /srv/aaron /folder-1/x',
    );
    expect(names.counts).toEqual({ user: 1, ipv4: 1, path: 1 });
  });

  it('what the run names wins over a pattern’s find that overlaps it', () => {
    const { replace: both } = privateTextReplacer(
      [
        { kind: 'user', text: 'anna' },
        { kind: 'host', text: 'nas.zoë' },
      ],
      [{ kind: 'user', text: 'anna@nas.zo' }],
    );
    expect(both('ssh anna@nas.zoë')).toBe('ssh user-1@host-1');
  });

  it('a name found by its shape never changes a stand-in already put in', () => {
    const { replace: twoPasses } = privateTextReplacer(
      [{ kind: 'host', text: 'nas' }],
      [{ kind: 'user', text: 'host' }],
    );
    expect(twoPasses('nas /home/host')).toBe('host-1 /home/user-1');
  });

  it('writes only stand-ins the leak check knows as stand-ins', () => {
    const written = replace("BigStore Zoë Schmidt /srv/Anna's Photos:2024 Anna's Photos");
    expect(withoutStandIns(written).trim()).toBe('');
    expect(withoutStandIns('myhost-1 %20share-1', '_')).toBe('myhost-1 %20_');
  });
});
