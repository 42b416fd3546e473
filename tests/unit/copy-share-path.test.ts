import { describe, expect, it } from 'vitest';
import type { SharePath } from '../../shared/contract/figure-quality';
import {
  copyOverOtherLink,
  describeCopyPlace,
  describeOtherLink,
  describeRunLink,
} from '../../shared/kinds/copy/share-path';

const path: SharePath = {
  kind: 'network-share',
  server: 'nas.local',
  protocol: 'smb',
  interface: 'enp3s0',
  localAddress: '192.168.1.20',
  serverAddress: '192.168.1.10',
};
const cable = { name: 'Cable', interface: 'enp3s0' };

describe('where a copy went, by the names the user gave', () => {
  it('names the run’s own interface by its connection’s name, any other by the interface alone', () => {
    expect(describeCopyPlace({ path, share: null, dir: '/mnt/nas' }, cable).words).toBe(
      'the share nas.local over SMB, via Cable (enp3s0)',
    );
    expect(describeCopyPlace({ path, share: null, dir: '/mnt/nas' }, { ...cable, interface: 'wlp2s0' }).words).toBe(
      'the share nas.local over SMB, via enp3s0',
    );
    // An older run, without a connection: the interface as it was.
    expect(describeCopyPlace({ path, share: null, dir: '/mnt/nas' }).words).toBe(
      'the share nas.local over SMB, via enp3s0',
    );
  });

  it('a share over another link names the run’s link by its name, else by its interface and kind', () => {
    const route = { interface: 'wlp2s0', type: 'wifi' as const };
    const named = copyOverOtherLink(path, route, { name: 'Laptop Wi-Fi', interface: 'wlp2s0' });
    expect(named && describeRunLink(named)).toBe('Laptop Wi-Fi (wlp2s0)');
    expect(named && describeOtherLink(named)).toMatch(
      /^The share copy went over enp3s0, not over Laptop Wi-Fi \(wlp2s0\)/,
    );
    const unnamed = copyOverOtherLink(path, route);
    expect(unnamed && describeRunLink(unnamed)).toBe('wlp2s0 (Wi-Fi)');
    // The run's connection on another interface than its route is not taken for it.
    const stale = copyOverOtherLink(path, route, cable);
    expect(stale && describeRunLink(stale)).toBe('wlp2s0 (Wi-Fi)');
  });
});
