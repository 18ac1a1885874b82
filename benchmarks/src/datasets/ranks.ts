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

/** Places on a models' board: by value (null last), then name, then id; 1-based, in input order. */
export function boardPlaces(rows: readonly { value: number | null; name: string; id: string }[]): number[] {
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const order = rows.map((r, i) => ({ r, i })).sort((a, b) => (b.r.value ?? -1) - (a.r.value ?? -1) || cmp(a.r.name, b.r.name) || cmp(a.r.id, b.r.id));
  const places = new Array<number>(rows.length);
  order.forEach((o, place) => (places[o.i] = place + 1));
  return places;
}
