import { describe, expect, it } from 'vitest';
import { progressWords } from '../../shared/words/run-progress';

const copying = { index: 3, count: 4, label: 'Share copy', state: 'started' };

describe('the words under a running test’s progress bar', () => {
  it('count down while the run is within its estimate', () => {
    expect(progressWords(30, 38, true, copying)).toBe('Elapsed 30 s · about 38 s left');
  });

  it('name the step that runs past the estimate rather than saying "finishing…"', () => {
    expect(progressWords(70, 0, true, copying)).toBe('Elapsed 1 min 10 s · Share copy is taking longer than planned');
  });

  it('say what a run does after its last step', () => {
    expect(progressWords(70, 0, true, { ...copying, state: 'finished' })).toBe(
      'Elapsed 1 min 10 s · removing its test files and saving the results',
    );
    // A step that is done but not the last: the next one is about to start, so it is still that plan's work.
    expect(progressWords(70, 0, true, { ...copying, index: 1, state: 'finished' })).toBe(
      'Elapsed 1 min 10 s · Share copy is taking longer than planned',
    );
  });

  it('say only the time once the run has ended', () => {
    expect(progressWords(70, 0, false, copying)).toBe('Elapsed 1 min 10 s');
  });
});
