/** The edit distance of two short names (insertions, deletions, substitutions), stopping early past `limit`. */
function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** The known name a mistyped one most likely meant (case ignored, at most two edits away), if any. */
export function closestName(name: string, known: Iterable<string>): string | undefined {
  if (name.length > 40) return undefined;
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    const found = distance(name.toLowerCase(), candidate.toLowerCase(), 2);
    if (found <= 2 && (!best || found < best.distance)) best = { name: candidate, distance: found };
  }
  return best?.name;
}
