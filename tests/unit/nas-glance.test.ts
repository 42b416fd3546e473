import { describe, expect, it } from 'vitest';
import { describeNasView } from '../../shared/verdicts/nas-glance';
import { resourcesOf } from '../helpers/nas-view';

/** What Results and the report say of the NAS's own view of a test, from captured reader streams. */
describe('the NAS’s own view in one line', () => {
  it('names the busiest process, and its CPU quota where it has one', () => {
    const view = (stream: string) =>
      describeNasView({ test: 'Upload', kind: 'network', rates: [], resources: resourcesOf(stream) });
    expect(view('core-pegged')).toMatch(
      /^Upload: the NAS’s processor \d+% busy; openssl the busiest at 9\d% of a core; drive \w+ busy \d+% \(the middle of \d+ seconds\)\.$/,
    );
    // The "indexer" held to 60% of a core by its cgroup.
    expect(view('baseline-busy')).toContain('openssl the busiest at 61% of a core of the 60% of a core it may use');
  });

  it('names a drive kept busy by a disk test', () => {
    const line = describeNasView({ test: 'NAS disks', kind: 'disk', rates: [], resources: resourcesOf('disk-busy') });
    expect(line).toMatch(/drive vda busy (9\d|100)%/);
  });

  it('says what could not be read when the reader saw nothing, and nothing when nothing is known', () => {
    const resources = { baseline: null, samples: [], unreadable: ['/proc/stat'] };
    expect(describeNasView({ test: 'Upload', kind: 'network', rates: [], resources })).toBe(
      'Upload: the NAS’s own view could not be read (/proc/stat).',
    );
    expect(
      describeNasView({ test: 'Upload', kind: 'network', rates: [], resources: { ...resources, unreadable: [] } }),
    ).toBeNull();
  });
});
