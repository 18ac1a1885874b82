// The ranks a release publishes, one definition for the build and verify.

/** Competition ranks by score, highest first (1, 2, 2, 4); null scores have no rank. */
export function competitionRanks(scores: readonly (number | null)[]): (number | null)[] {
  const sorted = scores.filter((s): s is number => s !== null).sort((a, b) => b - a);
  const first = new Map<number, number>();
  sorted.forEach((s, i) => {
    if (!first.has(s)) first.set(s, i + 1);
  });
  return scores.map((s) => (s === null ? null : first.get(s)!));
}

/**
 * Places on a models' board: by value (null last); equal values share a place (1, 1, 1, 4: standard
 * competition ranking, as the lint board ranks); 1-based, in input order. The order the board lists equal
 * values in (by name, then id) is `boardOrder`'s.
 */
export function boardPlaces(rows: readonly { value: number | null; name: string; id: string }[]): number[] {
  const order = rows.map((r, i) => ({ r, i })).sort((a, b) => boardOrder(a.r, b.r));
  const places = new Array<number>(rows.length);
  order.forEach((o, k) => (places[o.i] = k > 0 && order[k - 1]!.r.value === o.r.value ? places[order[k - 1]!.i]! : k + 1));
  return places;
}

/** The order of a models' board: by value, highest first (null last), then name, then id. */
export function boardOrder(a: { value: number | null; name: string; id: string }, b: { value: number | null; name: string; id: string }): number {
  const cmp = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return (b.value ?? -1) - (a.value ?? -1) || cmp(a.name, b.name) || cmp(a.id, b.id);
}
