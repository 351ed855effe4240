/** Rounding of prices per kilogram, per piece and per box: three decimals (spec §9), half away from zero. */
export function round3(value: number): number {
  return Math.sign(value) * (Math.round((Math.abs(value) + Number.EPSILON) * 1000) / 1000);
}
