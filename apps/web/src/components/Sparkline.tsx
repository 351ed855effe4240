/**
 * A small trend line drawn as SVG (no chart library for a 30-point line). The points are spread by
 * calendar day over `days`, so a gap (a market holiday) shows as a longer segment, not a squeeze.
 */
export function Sparkline({
  points,
  from,
  days,
  label,
  height = 40,
}: {
  points: Array<{ date: string; avg: number }>;
  /** First calendar day of the window (YYYY-MM-DD). */
  from: string;
  days: number;
  label: string;
  height?: number;
}) {
  const width = 200;
  const pad = 3;
  const dayOf = (d: string) => Math.round((Date.parse(`${d}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
  const values = points.map((p) => p.avg);
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const span = hi - lo || 1;
  const xy = points.map((p) => {
    const x = pad + (Math.min(Math.max(dayOf(p.date), 0), days - 1) / Math.max(days - 1, 1)) * (width - 2 * pad);
    // A flat series sits in the middle.
    const y = hi === lo ? height / 2 : pad + (1 - (p.avg - lo) / span) * (height - 2 * pad);
    return [Math.round(x * 10) / 10, Math.round(y * 10) / 10] as const;
  });
  const last = xy.at(-1);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      width="100%"
      height={height}
      className="d-block text-primary"
      data-testid="reference-trend"
    >
      <title>{label}</title>
      {xy.length > 1 ? (
        <polyline points={xy.map(([x, y]) => `${x},${y}`).join(' ')} fill="none" stroke="currentColor" strokeWidth={1.5} vectorEffect="non-scaling-stroke" />
      ) : null}
      {last ? <circle cx={last[0]} cy={last[1]} r={2.5} fill="currentColor" /> : null}
    </svg>
  );
}
