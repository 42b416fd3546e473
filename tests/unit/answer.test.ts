import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RunRecord } from '../../shared/contract/runs';
import { answersOf } from '../../shared/verdicts/answer';
import { reportHtml } from '../../shared/report/html';
import { reportMarkdown } from '../../shared/report/markdown';
import { explainFigures, figuresOfRun } from '../../shared/verdicts';
import { gigabit, network, seqDisk } from '../helpers/verdict-figures';

/** The answer a run opens with: one sentence per direction, one limit each, like compared with like. */
const smbCopy = (op: 'read' | 'write', bytesPerSecond: number) => ({
  label: `SMB ${op}`,
  op,
  bytesPerSecond,
  protocol: 'SMB',
});
const answers = (figures: Parameters<typeof answersOf>[0], connection: string | null = 'Cable') =>
  answersOf(figures, connection, 'MB/s');

describe('the answer block', () => {
  it('a share copy well below both the network and the disks: the file-sharing protocol, in each direction', () => {
    const figures = gigabit({
      network: network(940e6, 940e6),
      disks: [seqDisk('write', 400e6), seqDisk('read', 600e6)],
      share: [smbCopy('write', 40e6), smbCopy('read', 90e6)],
    });
    const [to, from] = answers(figures);
    expect(to).toMatchObject({ direction: 'to-nas', from: 'share-copy', limit: 'file-sharing', bytesPerSecond: 40e6 });
    expect(to?.text).toMatch(/^Copying files to the NAS over Cable: about 40\.0 MB\/s \(the share copy over SMB\)/);
    expect(to?.text).toContain('34% of what the 1 GbE link can carry');
    // 90 MB/s is 77% of the 117.5 MB/s the network carried: not far below it (protocol-limit's half), so the
    // lower part, the network at the link's rate, is the limit.
    expect(from).toMatchObject({ direction: 'from-nas', from: 'share-copy', limit: 'link' });
  });

  it('without a share copy: the lower of the network and the disks of that direction, and that part named', () => {
    const figures = gigabit({
      network: network(940e6, 940e6),
      disks: [seqDisk('write', 60e6), seqDisk('read', 500e6)],
    });
    const [to, from] = answers(figures);
    expect(to).toMatchObject({ from: 'network-and-disks', limit: 'disks', bytesPerSecond: 60e6 });
    expect(to?.text).toContain('the lower of the network (118 MB/s) and the disks (60.0 MB/s)');
    // Reads are set against downloads: the slow write says nothing about them.
    expect(from).toMatchObject({ limit: 'link', bytesPerSecond: 117.5e6 });
    expect(from?.text).toContain('the link itself is the limit, and it is used well');
  });

  it('never sets a read against an upload: a slow read with uploads only measured limits reads alone', () => {
    const figures = gigabit({ network: network(940e6, null), disks: [seqDisk('read', 40e6), seqDisk('write', 900e6)] });
    const [to, from] = answers(figures);
    expect(to).toMatchObject({ direction: 'to-nas', limit: 'link' });
    // Downloads were not measured: the read is set against what the link carries, and limits reads only.
    expect(from).toMatchObject({ direction: 'from-nas', from: 'disks', limit: 'disks' });
    // Downloads unmeasured: no copy rate is claimed, only what the disks alone can read.
    expect(from?.text).toMatch(
      /^The NAS’s disks alone can read about 40\.0 MB\/s \(SEQ1M Q8T1 read\); copies from the NAS also depend on the network, not measured in this run/,
    );
    const diskLimit = explainFigures(figures).find((verdict) => verdict.id === 'disk-limit');
    expect(diskLimit?.limit?.ops).toEqual(['read']);
    expect(diskLimit?.text).toContain('of the 118 MB/s the 1 GbE link can carry');
  });

  it('the network alone over a slow link: the rate, what share of the link it is, and the link as the limit', () => {
    const slow = gigabit({ nasLink: { bitsPerSecond: 200e6, mtu: 1500, bond: null }, network: network(192e6) });
    const [to, ...rest] = answers(slow, 'Wi-Fi');
    expect(rest).toEqual([]);
    // The disks unmeasured: what the network carries, and no copy rate.
    expect(to?.text).toBe(
      'The network carries about 24.0 MB/s to the NAS over Wi-Fi, 102% of what the 200 Mb/s link can carry; ' +
        'copies also depend on the NAS’s disks, not measured in this run; the link itself is the limit, and it is used well.',
    );
  });

  it('a network well below its link is named as the network, not the link', () => {
    const [to] = answers(gigabit({ network: network(400e6), disks: [seqDisk('write', 300e6)] }));
    expect(to).toMatchObject({ limit: 'network', bytesPerSecond: 50e6 });
  });

  it('the recorded lab Quick check: one sentence per direction, each with a rate and one limit', () => {
    const record = RunRecord.parse(JSON.parse(readFileSync('tests/fixtures/report/lab-quick-run.json', 'utf8')));
    const found = answersOf(figuresOfRun(record), null, 'MB/s');
    expect(found.map((answer) => answer.direction)).toEqual(['to-nas', 'from-nas']);
    for (const answer of found) {
      expect(answer.text).toMatch(
        /^Copying files (to|from) the NAS: about [\d.,]+ MB\/s \(the share copy over SSHFS\)/,
      );
      expect(answer.limit).not.toBeNull();
    }
    // The report opens with the same sentences, in both formats.
    const options = { unit: 'MB/s' as const, anonymized: false, generatedAt: '2026-11-26T00:00:00Z' };
    const markdown = reportMarkdown(record, options);
    const html = reportHtml(record, options);
    for (const answer of found) {
      expect(markdown).toContain(answer.text);
      expect(html).toContain(answer.text.replaceAll('’', '&rsquo;').replaceAll("'", '&#39;'));
    }
  });
});
