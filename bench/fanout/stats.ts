import type { LatencySummary } from './protocol.js';

export function summarize(values: number[]): LatencySummary {
  if (values.length === 0) return { count: 0, p50: NaN, p99: NaN, max: NaN };
  const sorted = Float64Array.from(values).sort();
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1]! };
}
