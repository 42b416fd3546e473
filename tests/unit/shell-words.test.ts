import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fioPath, fioPathText } from '../../shared/util/fio-path';
import { shellCommand, shellWords, type ShellToken } from '../../shared/util/shell-words';
import { anonymizeCommandLine } from '../../shared/report/command-lines';

const words = (tokens: ShellToken[] | null) =>
  tokens?.map((token) => (token.kind === 'word' ? token.value : '&&')) ?? null;
/** Arguments as anything could name them: any text but NUL, which no command line can carry. */
const argument = fc.string({ unit: 'binary', maxLength: 24 }).filter((text) => !text.includes('\0'));

describe('a saved command line read back into its words', () => {
  it('gives back exactly the arguments shellCommand quoted, whatever they hold', () => {
    fc.assert(
      fc.property(fc.array(argument, { minLength: 1, maxLength: 8 }), (argv) => {
        expect(words(shellWords(shellCommand(argv)))).toEqual(argv);
      }),
      { numRuns: 500 },
    );
  });

  it("reads older runs' command lines (every word quoted) and the dd fallback's && chains", () => {
    expect(words(shellWords("'fio' '--name=x' '--directory=/srv/a'\\''b\\:c'"))).toEqual([
      'fio',
      '--name=x',
      "--directory=/srv/a'b\\:c",
    ]);
    const dd = (skip: number) => shellCommand(['dd', `of=/srv/Anna's Photos/f`, `seek=${skip}`]);
    expect(words(shellWords(`${dd(0)} && ${dd(16)}`))).toEqual([
      'dd',
      "of=/srv/Anna's Photos/f",
      'seek=0',
      '&&',
      'dd',
      "of=/srv/Anna's Photos/f",
      'seek=16',
    ]);
  });

  it('refuses what shellCommand never writes, so it is searched as text instead', () => {
    for (const text of ['echo $HOME', 'a;b', "'open", 'x\\ y', 'a "b"', 'a & b']) expect(shellWords(text)).toBeNull();
  });

  it("undoes fio's escape exactly, even for a backslash right before a colon", () => {
    fc.assert(
      fc.property(argument, (path) => {
        expect(fioPathText(fioPath(path))).toBe(path);
      }),
      { numRuns: 500 },
    );
    expect(fioPathText(fioPath('/a\\:b'))).toBe('/a\\:b');
  });
});

describe('a command line anonymised from its words', () => {
  const folder = "/srv/x/public/Bob's:share";
  const replace = (text: string) => text.replaceAll(folder, '/folder-1');

  it("rebuilds the issue's fio command: the folder whole, quoted again only as the stand-in needs", () => {
    const commandLine = shellCommand(['/usr/bin/fio', '--name=x', `--directory=${fioPath(`${folder}/.nasbench-1`)}`]);
    expect(commandLine).toBe("/usr/bin/fio --name=x '--directory=/srv/x/public/Bob'\\''s\\:share/.nasbench-1'");
    expect(anonymizeCommandLine(commandLine, replace)).toBe('/usr/bin/fio --name=x --directory=/folder-1/.nasbench-1');
  });

  // shellQuote quotes a NAME=… word wherever it stands (sh would read the first one as an assignment).
  it("keeps unchanged words as they were written (an older run's quotes), and dd's paths", () => {
    const older = `'fio' '--name=x' '--directory=${fioPath(folder).replaceAll("'", "'\\''")}/s'`;
    expect(anonymizeCommandLine(older, replace)).toBe("'fio' '--name=x' --directory=/folder-1/s");
    const dd = shellCommand(['dd', 'if=/dev/zero', `of=${folder}/f`]);
    expect(anonymizeCommandLine(`${dd} && ${dd}`, replace)).toBe(
      "dd 'if=/dev/zero' 'of=/folder-1/f' && dd 'if=/dev/zero' 'of=/folder-1/f'",
    );
  });

  it('searches a command line it cannot read as words as text', () => {
    expect(anonymizeCommandLine(`cd ${folder}; ls`, replace)).toBe('cd /folder-1; ls');
  });
});
