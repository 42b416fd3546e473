import { describe, expect, it } from 'vitest';
import {
  answersElsewhereWords,
  fioServerCommand,
  fioServerSteps,
  checkLoadChoices,
  loadCaption,
  loadChoiceDefaults,
  loadClientCacheWords,
  loadComputerName,
  loadTotalLabel,
  readHelperAddress,
  readHelperLines,
} from '../../shared/kinds/load/words';
import { gigabit, verdictOf } from '../helpers/verdict-figures';

const steps = (op: 'read' | 'write', ...totals: number[]) =>
  totals.map((bytesPerSecond, index) => ({ op, computers: index + 1, bytesPerSecond }));

describe('load-scaling (does the NAS keep up as computers are added?)', () => {
  it('118 → 236 MB/s: 2 computers 2.00× one alone, still growing: the computers set the pace, not the NAS', () => {
    const found = verdictOf(gigabit({ loadSteps: steps('write', 118e6, 236e6) }), 'load-scaling');
    expect(found?.severity).toBe('info');
    expect(found?.text).toContain('(1 computer: 1.00×; 2 computers: 2.00× of one alone, 118 MB/s)');
    expect(found?.text).toContain('with 2 computers it served 236 MB/s and had not reached its limit');
  });

  it('110 → 200 → 230 MB/s: the third adds only 15%… still past 10%; a fourth adding 2% is where it stops', () => {
    expect(verdictOf(gigabit({ loadSteps: steps('write', 110e6, 200e6, 230e6) }), 'load-scaling')?.severity).toBe(
      'info',
    );
    const found = verdictOf(gigabit({ loadSteps: steps('read', 110e6, 200e6, 230e6, 234e6) }), 'load-scaling');
    expect(found?.severity).toBe('warn');
    expect(found?.text).toMatch(
      /^The NAS stops at about 234 MB\/s reading from it \(1 computer: 1\.00×; 2 computers: 1\.82×; 3 computers: 2\.09×; 4 computers: 2\.13× of one alone\)/,
    );
    expect(found?.text).toContain('adding a computer to 3 computers added only 2%');
    expect(found?.figures).toMatchObject({ computers1BytesPerSecond: 110e6, computers4BytesPerSecond: 234e6 });
  });

  it('does not fire without stepping up (all together only), or without one computer alone', () => {
    expect(verdictOf(gigabit(), 'load-scaling')).toBeUndefined();
    expect(verdictOf(gigabit({ loadSteps: steps('write', 236e6) }), 'load-scaling')).toBeUndefined();
    expect(
      verdictOf(
        gigabit({
          loadSteps: steps('write', 118e6, 236e6).map((step) => ({ ...step, computers: step.computers + 1 })),
        }),
        'load-scaling',
      ),
    ).toBeUndefined();
  });
});

describe('the load form', () => {
  it('reads addresses with and without a port, IPv6 in brackets', () => {
    expect(readHelperAddress('192.168.1.21')).toEqual({ host: '192.168.1.21', port: 8765 });
    expect(readHelperAddress('helper.local:8766')).toEqual({ host: 'helper.local', port: 8766 });
    expect(readHelperAddress('[fe80::1]:9000')).toEqual({ host: 'fe80::1', port: 9000 });
    expect(readHelperAddress('a b')).toBeNull();
    expect(readHelperAddress('host:70000')).toBeNull();
  });

  it('reads one computer per line, its folder after the address (spaces kept)', () => {
    expect(readHelperLines('192.168.1.21 /mnt/nas\n\n 192.168.1.22:8766  /Volumes/Family Photos \n')).toEqual({
      helpers: [
        { host: '192.168.1.21', port: 8765, dir: '/mnt/nas' },
        { host: '192.168.1.22', port: 8766, dir: '/Volumes/Family Photos' },
      ],
    });
    expect(readHelperLines('192.168.1.21').problem).toMatch(/^Line 1: give the computer's address, then its folder/);
    expect(readHelperLines('  ').problem).toMatch(/at least one computer/);
  });

  it('the NAS itself takes part only when ticked and a NAS is connected, in its chosen folder', () => {
    const one = { ...loadChoiceDefaults, helpersText: 'a /x' };
    const nas = { sessionId: 's1', folder: '/srv/share' };
    expect(checkLoadChoices({ ...one, alsoNas: true }, nas).input?.nas).toEqual(nas);
    expect(checkLoadChoices({ ...one, alsoNas: false }, nas).input?.nas).toBeUndefined();
    expect(checkLoadChoices({ ...one, alsoNas: true }).input?.nas).toBeUndefined();
  });

  it('steps up only with two or more computers; seconds from 3', () => {
    const two = { ...loadChoiceDefaults, helpersText: 'a /x\nb /y' };
    expect(checkLoadChoices(two).input).toMatchObject({ stepUp: true, rw: 'write' });
    expect(checkLoadChoices({ ...two, helpersText: 'a /x' }).input).toMatchObject({ stepUp: false });
    expect(checkLoadChoices({ ...two, seconds: '2' }).problems).toEqual({
      seconds: 'A whole number of seconds, from 3 to 3600.',
    });
    expect(checkLoadChoices({ ...two, seconds: '10', fileSizeMiB: '64' }).input).toMatchObject({
      seconds: 10,
      fileSizeBytes: 64 * 2 ** 20,
    });
  });
});

describe('the NAS itself as one more computer, in words', () => {
  const computer = { ok: true, onNas: false };
  const nas = { ok: true, onNas: true };
  it('names the total by who measured: computers, the NAS itself, or the one that did', () => {
    expect(loadTotalLabel([computer, computer])).toBe('All 2 computers together');
    expect(loadTotalLabel([computer, nas])).toBe('All one computer and the NAS itself together');
    expect(loadTotalLabel([computer, computer, nas])).toBe('All 2 computers and the NAS itself together');
    expect(loadTotalLabel([{ ok: false }, nas])).toBe('The NAS itself, the only one that measured');
    expect(loadTotalLabel([computer, { ...nas, ok: false }])).toBe('The one computer that measured');
    expect(loadCaption({ rw: 'read', clients: [computer, nas] })).toBe(
      'Reading from the NAS from one computer and the NAS itself at once (fio client/server)',
    );
  });

  it("words the NAS's own figure as a disk test on the NAS: a folder in RAM is no disk speed", () => {
    expect(loadClientCacheWords({ onNas: true, cache: { client: 'not-involved', nas: 'in-memory' } }, true)).toBe(
      'The NAS itself: the folder is in memory (tmpfs): this is not a disk speed',
    );
    expect(loadClientCacheWords({ onNas: true, cache: { client: 'not-involved', nas: 'bypassed' } }, true)).toBe(
      'The NAS itself: uncached',
    );
    expect(loadClientCacheWords({ onNas: false, cache: { client: 'bypassed', nas: 'unknown' } }, true)).toMatch(
      /^Each computer bypassed its own file cache/,
    );
    expect(loadComputerName({ host: '198.18.1.2', port: 8765, onNas: true })).toBe('The NAS itself (its own fio)');
    expect(loadComputerName({ host: 'pc', port: 8766 })).toBe('pc:8766');
  });
});

describe('starting fio’s server on another computer', () => {
  it('binds it to the one address this computer reaches it at, and says how to stop it', () => {
    expect(fioServerCommand('192.168.1.21')).toBe('fio --server=ip:192.168.1.21');
    expect(fioServerCommand('fe80::1', 8766)).toBe('fio --server=ip6:fe80::1,8766');
    for (const step of fioServerSteps('192.168.1.21')) {
      expect(step.command).toContain('fio --server=ip:192.168.1.21');
      expect(step.command).not.toMatch(/fio --server$/m);
      expect(step.note).toContain('Ctrl+C');
    }
    // Before an address is typed, a placeholder says which one goes there.
    expect(fioServerSteps()[0]?.command).toContain('fio --server=ip:ITS-ADDRESS');
    expect(answersElsewhereWords('192.168.1.21', ['10.0.0.5'])).toBe(
      'Its fio server also answers at 10.0.0.5: it listens on more than the address you gave. ' +
        'Start it as fio --server=ip:192.168.1.21 so that it answers there only.',
    );
  });
});
