/* Small sums the dashboards show: shares, averages and percentiles of exact values. */

/** A part of a whole, 0–1; 0 when there is no whole. */
export function share(part: number, whole: number): number {
  return whole === 0 ? 0 : part / whole;
}

/** A share as people read it: 0.4567 → '45.7%'. */
export function percent(value: number): string {
  return `${(Math.round(value * 1000) / 10).toFixed(1)}%`;
}

/**
 * The value below which the given fraction of values lie, by the nearest-rank method (the
 * smallest value with at least that share of values at or below it); undefined when empty.
 */
export function percentile(values: readonly number[], fraction: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil(fraction * sorted.length));
  return sorted[rank - 1];
}

/** Minutes as people read a waiting time: '45 min', '3 h 20 min', '2 d 4 h'. */
export function duration(minutes: number): string {
  const whole = Math.round(minutes);
  if (whole < 60) return `${whole} min`;
  const hours = Math.floor(whole / 60);
  if (hours < 48) return whole % 60 === 0 ? `${hours} h` : `${hours} h ${whole % 60} min`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? `${days} d` : `${days} d ${hours % 24} h`;
}
