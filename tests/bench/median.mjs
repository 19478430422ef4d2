// The benchmark's one statistic: the median of a figure over its runs (null when a run has none).

export function median(xs) {
  if (xs.some((x) => x === null)) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Per key of the first run, the median over all runs. */
export const medianOf = (runs) => Object.fromEntries(Object.keys(runs[0]).map((k) => [k, median(runs.map((r) => r[k]))]));
