import { describe, expect, it } from 'vitest';
import { countdownText, splitDuration } from './countdown';

describe('countdown', () => {
  it('splits a duration into days, hours, minutes and seconds', () => {
    expect(splitDuration(((2 * 24 + 17) * 3600 + 42 * 60 + 41) * 1000 + 999)).toEqual({ d: 2, h: 17, m: 42, s: 41 });
    expect(splitDuration(0)).toEqual({ d: 0, h: 0, m: 0, s: 0 });
  });

  it('ties each number to its unit, so a narrow column wraps between units only', () => {
    expect(countdownText('2 T. 17 Std. 42 Min. 41 Sek.')).toBe('2\u00a0T. 17\u00a0Std. 42\u00a0Min. 41\u00a0Sek.');
    expect(countdownText('0 j 5 h 3 min 9 s')).toBe('0\u00a0j 5\u00a0h 3\u00a0min 9\u00a0s');
    // English has no space inside a unit: the spaces between units stay breakable.
    expect(countdownText('2d 17h 42m 41s')).toBe('2d 17h 42m 41s');
  });
});
