// "Did you mean": the names a caller most likely meant by a name the operation does not have (an input
// member, a query parameter). Only names of the schema are offered; the name sent is not repeated.

/** Edit distance (insertions, deletions, substitutions; a swap of neighbours counts once), case-insensitive. */
function distance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x === y) return a === b ? 0 : 1;
  const rows: number[][] = [];
  for (let i = 0; i <= x.length; i++) rows.push([i]);
  for (let j = 1; j <= y.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
  }
  return rows[x.length]![y.length]!;
}

/**
 * The `candidates` near `name`, nearest first (at most 3): within 40% of its length in edits, or one
 * that starts with it or it starts with (`sourceAmount` → `sourceAmountMinor`). Names longer than 64
 * characters are not compared (no caller's name is that long; it bounds the work on hostile input).
 */
export function nearestNames(name: string, candidates: readonly string[]): string[] {
  if (name.length === 0 || name.length > 64) return [];
  const lower = name.toLowerCase();
  const scored: { c: string; d: number }[] = [];
  for (const c of candidates) {
    const lc = c.toLowerCase();
    const d = distance(name, c);
    const prefix = lower.length >= 3 && (lc.startsWith(lower) || lower.startsWith(lc));
    if (d <= Math.floor(name.length * 0.4) + 1 || prefix) scored.push({ c, d: prefix ? Math.min(d, 1) : d });
  }
  return scored
    .sort((a, b) => a.d - b.d || a.c.localeCompare(b.c))
    .slice(0, 3)
    .map((s) => s.c);
}

/** ": did you mean a or b?" for the names near `name`, or "" when none is. */
export function didYouMean(name: string, candidates: readonly string[]): string {
  const near = nearestNames(name, candidates);
  return near.length === 0 ? '' : `: did you mean ${near.join(' or ')}?`;
}
