import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shellCommand, shellQuote } from '../../electron/engine/ssh/quote';

/** Strings a user could type or a folder could be named: anything but NUL. */
const anyText = fc.string({ unit: 'binary', maxLength: 64 }).filter((text) => !text.includes('\0'));
const nastyPieces = fc.constantFrom(
  "'",
  '"',
  '$(touch x)',
  '`id`',
  ';',
  '\n',
  '-rf',
  ' ',
  '\\',
  '*',
  '~',
  '名前',
  '$HOME',
  '!',
);
const nastyText = fc.array(fc.oneof(nastyPieces, anyText), { maxLength: 6 }).map((parts) => parts.join(''));

function printThroughShell(shell: string[], value: string): string {
  const run = spawnSync(shell[0] ?? 'sh', [...shell.slice(1), '-c', `printf %s ${shellQuote(value)}`], {
    encoding: 'utf8',
  });
  expect(run.status).toBe(0);
  return run.stdout;
}

describe('POSIX sh quoting', () => {
  const shells = [['/bin/sh'], ['/bin/dash'], ...(existsSync('/bin/busybox') ? [['/bin/busybox', 'sh']] : [])].filter(
    (shell) => existsSync(shell[0] ?? ''),
  );

  it.each(shells.map((shell) => [shell.join(' '), shell] as const))(
    'any string round-trips through %s',
    (_name, shell) => {
      fc.assert(
        fc.property(fc.oneof(anyText, nastyText), (value) => {
          expect(printThroughShell([...shell], value)).toBe(value);
        }),
        { numRuns: 150 },
      );
    },
  );

  it('keeps each argument one word, whatever it contains', () => {
    const run = spawnSync('/bin/sh', ['-c', `${shellCommand(['printf', '[%s]', 'a b', "it's", '$(id)', '-n'])}`], {
      encoding: 'utf8',
    });
    expect(run.stdout).toBe("[a b][it's][$(id)][-n]");
  });

  it('refuses a NUL byte, which no command line can carry', () => {
    expect(() => shellQuote('a\0b')).toThrow(/NUL/);
  });
});
