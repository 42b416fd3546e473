import { describe, expect, it } from 'vitest';
import type { RunRecord } from '../../shared/contract/runs';
import { compareRuns } from '../../shared/history/compare-runs';
import { connectionOf, suggestConnectionName } from '../../shared/words/connection';
import { summarizeRun } from '../../shared/history/run-summary';
import { sampleRunRecord } from '../helpers/run-records';

/** Connections have names (#34): suggested from the interface, or the user's own; only the same one is "the same link". */
const route = (type: 'ethernet' | 'wifi' | 'usb-ethernet', name: string) => ({
  interface: name,
  localAddress: '192.168.1.20',
  type,
  speedMbps: 1000,
  wifi: null,
});

describe('a run’s connection', () => {
  it('is named from the interface unless the user named it', () => {
    expect(suggestConnectionName(route('ethernet', 'eth0'))).toBe('Cable');
    expect(suggestConnectionName(route('wifi', 'wlan0'))).toBe('Wi-Fi');
    expect(suggestConnectionName(route('usb-ethernet', 'enx0'))).toBe('USB adapter');
    expect(connectionOf(undefined, route('wifi', 'wlan0'))).toEqual({
      name: 'Wi-Fi',
      interface: 'wlan0',
      kind: 'wifi',
      named: false,
    });
    expect(connectionOf('  Desk cable ', route('ethernet', 'eth0'))).toMatchObject({ name: 'Desk cable', named: true });
    expect(connectionOf('Cable', null)).toBeNull();
  });

  it('two runs over differently named connections are never like for like; a named one is compared by its name', () => {
    const base = sampleRunRecord();
    const over = (id: string, name: string, iface: string): RunRecord => ({
      ...base,
      id,
      connection: { name, interface: iface, kind: 'ethernet', named: true },
    });
    const cable = over('3f0c9a52-6a8e-4c55-9a43-1f3f2b3c4d71', 'Cable', 'eth0');
    const wifi = over('3f0c9a52-6a8e-4c55-9a43-1f3f2b3c4d72', 'Wi-Fi', 'eth0');
    const again = over('3f0c9a52-6a8e-4c55-9a43-1f3f2b3c4d73', 'Cable', 'eth0');
    expect(summarizeRun(cable).likeFor).not.toBe(summarizeRun(wifi).likeFor);
    expect(summarizeRun(cable).likeFor).toBe(summarizeRun(again).likeFor);
    // Each named as the user named it (the sample run's tag follows).
    expect(compareRuns([cable, wifi]).runs.map((run) => run.link)).toEqual(['Cable (Ethernet)', 'Wi-Fi (Ethernet)']);
  });
});
