import { describe, expect, it } from 'vitest';
import { compareWithNoise, twoRunDeviations } from '../../shared/words/spread';

const figure = (value: number, relative: number) => ({ value, spread: { relative, basis: 'samples' as const } });

describe('whether two figures differ by more than their noise', () => {
  it('judges one run against its own spread, and two runs against two spreads', () => {
    // Two lab Quick checks' best disk reads (tests/fixtures/runs/lab-quick-*.json): 3.6% apart, spreads 2.6% and 2.9%.
    const [cable, wifi] = [figure(2038e6, 0.029), figure(2113e6, 0.026)];
    expect(compareWithNoise(cable, wifi).kind).toBe('changed');
    expect(compareWithNoise(cable, wifi, twoRunDeviations)).toMatchObject({ kind: 'within-noise', noise: 0.029 });
    // Their best writes: 8.8% apart, spreads 3.1% and 0.8%, beyond two spreads.
    expect(compareWithNoise(figure(3021e6, 0.031), figure(2766e6, 0.008), twoRunDeviations).kind).toBe('changed');
    // The same either way round, and nothing to judge by without a spread.
    expect(compareWithNoise(wifi, cable, twoRunDeviations).kind).toBe('within-noise');
    expect(compareWithNoise({ value: 1 }, { value: 1.01 }, twoRunDeviations)).toMatchObject({
      kind: 'changed',
      noise: null,
    });
  });
});
