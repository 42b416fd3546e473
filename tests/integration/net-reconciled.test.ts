// lab: needs a quiet machine — the built-in client within 3% of native iperf3 -R
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNetworkTest } from '../../electron/engine/net';
import type { NasLogin } from '../../electron/engine/ssh';
import { measureAgainIfOff } from '../helpers/measure-again';
import { lab, labSession } from './lab-login';
import { nativeTest } from './net-native';

/**
 * NASBench's network figures reconciled with the native tool on the same shaped leg in the same
 * run: what the receiver counted while the clock ran, nothing drained or queued after it.
 */

let session: NasLogin;
beforeAll(async () => {
  session = await labSession();
});
afterAll(() => session.close());

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('the download figure, against native iperf3 -R', () => {
  it('is within 3% of iperf3 -R on the same 1 Gbit/s leg, in alternating runs', async () => {
    const leg = lab.legs.a;
    const seconds = 5;
    const alternating = async () => {
      const ours: number[] = [];
      const native: number[] = [];
      for (let round = 0; round < 2; round++) {
        const measured = await runNetworkTest({
          session,
          legs: [{ target: leg.nas, bindAddress: leg.host }],
          direction: 'download',
          streamsPerLeg: 1,
          seconds,
        });
        ours.push(measured.summary.bitsPerSecond);
        native.push((await nativeTest({ leg, port: 5351, seconds, reverse: true })).bitsPerSecond);
      }
      return { ours, native, ratio: sum(ours) / sum(native) };
    };
    const mbit = (values: number[]) => values.map((value) => (value / 1e6).toFixed(0)).join(', ');
    // The yardstick itself can run short on two shared cores (CI once read native iperf3 -R at 792 Mbit/s): a
    // set whose native runs miss the leg's rate, or whose ratio misses, is measured once more; the better counts.
    const { native, ratio } = await measureAgainIfOff(
      'download against iperf3 -R',
      alternating,
      (set) => Math.max((900e6 - Math.min(...set.native)) / 900e6, Math.abs(set.ratio - 1) - 0.03),
      (set) => `ours ${mbit(set.ours)} Mbit/s, native ${mbit(set.native)} Mbit/s, ratio ${set.ratio.toFixed(3)}`,
    );
    // The tbf makes the link's rate the truth both are measured against.
    expect(Math.min(...native)).toBeGreaterThan(900e6);
    expect(Math.abs(ratio - 1)).toBeLessThanOrEqual(0.03);
  }, 90_000);
});

describe('the SSH fallback (a NAS without iperf3), against native iperf3', () => {
  let notools: NasLogin;
  beforeAll(async () => {
    // Logged in over the 200 Mbit/s leg, so that the SSH connection itself crosses the shaped link.
    notools = await labSession({
      host: lab.legs.slow.nas,
      username: lab.users.notools.name,
      auth: { kind: 'password', password: lab.users.notools.password },
    });
  });
  afterAll(() => notools.close());

  it.each(['upload', 'download'] as const)(
    '%s counts what the far side got: never more than the link carried for native iperf3',
    async (direction) => {
      const leg = lab.legs.slow;
      const measured = await runNetworkTest({
        session: notools,
        legs: [{ target: leg.nas }],
        direction,
        streamsPerLeg: 1,
        seconds: 3,
      });
      expect(measured.method).toBe('ssh');
      const native = await nativeTest({ leg, port: 5352, seconds: 3, reverse: direction === 'download' });
      // SSH costs some speed, so it may fall short of iperf3; counting bytes still queued at the end
      // (megabytes in the stream's and the channel's buffers) would put it above what the link carried:
      // the leg's TCP payload (1448 of each 1514-byte frame), or native iperf3's figure where that is more.
      // (A 3 s native run can read short of the link: CI read 188 Mbit/s where SSH carried 190.8 of 191.)
      const linkCarries = Math.max(native.bitsPerSecond, (leg.rateMbit * 1e6 * 1448) / 1514);
      expect(measured.summary.bitsPerSecond).toBeLessThanOrEqual(1.01 * linkCarries);
      expect(measured.summary.bitsPerSecond).toBeGreaterThan(0.5 * native.bitsPerSecond);
    },
    60_000,
  );
});
