import { describe, expect, it } from 'vitest';
import { countdownParts } from './countdown';

describe('countdownParts', () => {
  it('shows hh:mm:ss under a day, with the day count above', () => {
    expect(countdownParts(3_723_000)).toEqual({ days: 0, hms: '01:02:03', done: false });
    expect(countdownParts(2 * 86_400_000 + 59_000)).toEqual({ days: 2, hms: '00:00:59', done: false });
  });

  it('stops at zero and says so', () => {
    expect(countdownParts(999)).toEqual({ days: 0, hms: '00:00:00', done: true });
    expect(countdownParts(-5000)).toEqual({ days: 0, hms: '00:00:00', done: true });
  });
});
