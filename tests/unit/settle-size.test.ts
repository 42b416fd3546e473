import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planSettledWrite, quickSettle, settleDefaults } from '../../electron/engine/copy/settle-size';

/**
 * How a share copy without a size is sized (issue #15): 256 MiB gave 64 and 107 MB/s on the same
 * link, so at least 1 GiB, twice the NAS's RAM when that fits under the cap (then the read is past its
 * cache too), and never more than the free space minus what is kept free.
 */
const MiB = 2 ** 20;
const GiB = 2 ** 30;
const roomy = { known: true, freeBytes: 500 * GiB, totalBytes: 1000 * GiB };
const share = { space: roomy, blockSize: MiB, kind: 'network-share' } as const;

describe('sizing a share copy to settle', () => {
  it('writes at least 1 GiB and may go on to 4 GiB when there is room', () => {
    expect(planSettledWrite({ ...share, nasRamBytes: null })).toEqual({
      limits: settleDefaults,
      capBytes: 4 * GiB,
      floorBytes: GiB,
      floorReason: 'minimum',
    });
  });

  it('goes past twice the NAS’s RAM when that fits under the cap, so the read is past its cache too', () => {
    expect(planSettledWrite({ ...share, nasRamBytes: 1.5 * GiB })).toEqual({
      limits: settleDefaults,
      capBytes: 4 * GiB,
      floorBytes: 3 * GiB,
      floorReason: 'past-nas-ram',
    });
    // 8 GiB of RAM: twice it does not fit, so the minimum, and the figure then says the NAS's cache may serve it.
    expect(planSettledWrite({ ...share, nasRamBytes: 8 * GiB }).floorReason).toBe('minimum');
    // A local folder has no NAS RAM to go past.
    expect(planSettledWrite({ ...share, kind: 'local-disk', nasRamBytes: 1.5 * GiB }).floorBytes).toBe(GiB);
  });

  it('stays within the free space, keeping a margin, and says so when that is under the minimum', () => {
    const tight = { known: true, freeBytes: 600 * MiB, totalBytes: 10 * GiB };
    expect(planSettledWrite({ ...share, space: tight, nasRamBytes: null })).toEqual({
      limits: settleDefaults,
      capBytes: 344 * MiB,
      floorBytes: 344 * MiB,
      floorReason: 'free-space',
    });
  });

  it('within a plan’s minute (the Quick check): at least 256 MiB, at most 1 GiB, past the NAS’s RAM only when that fits', () => {
    expect(planSettledWrite({ ...share, nasRamBytes: null, limits: quickSettle })).toEqual({
      limits: quickSettle,
      capBytes: GiB,
      floorBytes: 256 * MiB,
      floorReason: 'minimum',
    });
    expect(planSettledWrite({ ...share, nasRamBytes: 384 * MiB, limits: quickSettle })).toMatchObject({
      floorBytes: 768 * MiB,
      floorReason: 'past-nas-ram',
    });
    expect(planSettledWrite({ ...share, nasRamBytes: 2 * GiB, limits: quickSettle }).floorBytes).toBe(256 * MiB);
  });

  it('for any space and RAM: floor ≤ cap ≤ 4 GiB, whole blocks, within the free space', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 44 }),
        fc.integer({ min: GiB, max: 2 ** 45 }),
        fc.option(fc.integer({ min: 256 * MiB, max: 256 * GiB })),
        fc.constantFrom(4096, 64 * 1024, MiB),
        (freeBytes, totalBytes, nasRamBytes, blockSize) => {
          const space = { known: true, freeBytes, totalBytes };
          const plan = planSettledWrite({ space, blockSize, kind: 'network-share', nasRamBytes });
          expect(plan.floorBytes).toBeLessThanOrEqual(plan.capBytes);
          expect(plan.capBytes).toBeLessThanOrEqual(settleDefaults.maxBytes);
          expect(plan.capBytes % blockSize).toBe(0);
          expect(plan.capBytes).toBeLessThanOrEqual(Math.max(0, freeBytes));
          if (plan.floorReason !== 'free-space')
            expect(plan.floorBytes).toBeGreaterThanOrEqual(settleDefaults.minBytes);
        },
      ),
    );
  });
});
