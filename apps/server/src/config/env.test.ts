import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.js';

describe('TRUST_PROXY', () => {
  it('takes a hop count, a list of addresses and CIDR ranges, or nothing', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,fd00::/8 , loopback' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1', 'fd00::/8', 'loopback']);
  });

  it.each(['true', 'TRUE', 'yes', '*'])('refuses %s at start with what to write instead', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: .*every hop.*TRUST_PROXY=1.*TRUST_PROXY=10\.0\.0\.0\/8,127\.0\.0\.1/);
  });

  it.each(['10.0.0.0/33', '10.0.0', 'proxy.example.com', '10.0.0.1,', '::1/129', '11', '1.5'])('refuses %s, saying what is expected', (value) => {
    if (value === '10.0.0.1,') {
      // A trailing comma is harmless: the one address is kept.
      expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(['10.0.0.1']);
      return;
    }
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: .*TRUST_PROXY=1/);
  });
});

describe('WEIGHT_TOLERANCE_PERCENT', () => {
  it('defaults to 15, takes a percent with at most 2 decimals up to 50, and refuses anything else at start', () => {
    expect(loadConfig({}).orders.weightTolerancePercent).toBe(15);
    expect(loadConfig({ WEIGHT_TOLERANCE_PERCENT: '0' }).orders.weightTolerancePercent).toBe(0);
    expect(loadConfig({ WEIGHT_TOLERANCE_PERCENT: '2.5' }).orders.weightTolerancePercent).toBe(2.5);
    expect(loadConfig({ WEIGHT_TOLERANCE_PERCENT: '50' }).orders.weightTolerancePercent).toBe(50);
    for (const value of ['-1', '50.01', '2.555', 'fifteen']) {
      expect(() => loadConfig({ WEIGHT_TOLERANCE_PERCENT: value }), value).toThrow(/WEIGHT_TOLERANCE_PERCENT/);
    }
  });
});
