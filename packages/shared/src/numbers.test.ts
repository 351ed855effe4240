import { describe, expect, it } from 'vitest';
import { round3 } from './numbers.js';

describe('round3', () => {
  it('keeps three decimals, halves away from zero, without binary drift', () => {
    expect(round3(1.23456)).toBe(1.235);
    expect(round3(1.0005)).toBe(1.001);
    expect(round3(2.675 * 10)).toBe(26.75);
    expect(round3(0.1 + 0.2)).toBe(0.3);
    expect(round3(-1.0005)).toBe(-1.001);
    expect(round3(0)).toBe(0);
    expect(round3(12)).toBe(12);
  });
});
