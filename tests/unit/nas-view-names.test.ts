import { describe, expect, it } from 'vitest';
import { wholeName } from '../../electron/engine/nas-view/linux';
import { NasViewStream } from '../../electron/engine/nas-view/stream';

describe('process names the kernel cut at 15 characters', () => {
  it('are completed from the command line’s first word, to the next space, never with its arguments', () => {
    expect(wholeName('systemd-journal', '/lib/systemd/systemd-journald')).toBe('systemd-journald');
    // A title a program set itself (npm's "npm run cli disk …"): the name's own completion, no arguments.
    expect(wholeName('npm run cli dis', 'npm run cli disk --dir /share/private --password x')).toBe('npm run cli disk');
    expect(wholeName('python3-long-na', '/usr/bin/python3-long-name /srv/app.py')).toBe('python3-long-name');
  });

  it('stay as the kernel gave them where the command line is another program’s, or the name was not cut', () => {
    // The pid reused by another program since its line was read.
    expect(wholeName('systemd-journal', '/usr/sbin/smbd')).toBe('systemd-journal');
    expect(wholeName('smbd', '/usr/sbin/smbd-and-more')).toBe('smbd');
  });

  it('reach the sample from the reader’s stream, the processes section carrying on past them', () => {
    const samples: { name: string }[][] = [];
    const stream = new NasViewStream((sample) => samples.push(sample.top));
    stream.push('@@nas-load linux hz=100 page=4096 reader=999');
    // Two readings a second apart: the cut-named process used half a core between them.
    const block = (uptime: number, ticks: number, named: boolean) => [
      '@@sample',
      '@@/proc/uptime',
      `${uptime} 0`,
      '@@/proc/stat',
      `cpu ${ticks} 0 0 ${1000 + uptime * 100} 0 0 0 0`,
      '@@processes',
      `42 (systemd-journal) S 1 42 42 0 -1 0 0 0 0 0 ${ticks} 0 0 0 20 0 1 0 5 0 0`,
      ...(named ? ['@@name 42 /lib/systemd/systemd-journald'] : []),
      `43 (smbd) S 1 43 43 0 -1 0 0 0 0 0 ${ticks / 5} 0 0 0 20 0 1 0 6 0 0`,
      '@@end',
    ];
    for (const line of [...block(10, 100, true), ...block(11, 150, false)]) stream.push(line);
    expect(samples).toHaveLength(1);
    expect(samples[0]?.map((process) => process.name)).toEqual(['systemd-journald', 'smbd']);
  });
});
