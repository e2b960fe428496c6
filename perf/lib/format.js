// @ts-check
// A figure as the browser tools print it (perf:tti's tables, perf:input's clicks).

/**
 * @param {number} value
 * @param {'ms' | 'score' | 'bytes' | 'count'} unit
 */
export function format(value, unit) {
  if (unit === 'ms') return `${Math.round(value)} ms`;
  if (unit === 'score') return value.toFixed(3);
  if (unit === 'bytes') return value >= 10_240 ? `${(value / 1024).toFixed(1)} KB` : `${Math.round(value)} B`;
  return String(Math.round(value));
}
