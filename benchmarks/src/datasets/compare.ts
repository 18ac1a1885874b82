// What differs between an expected and a found value, as paths and printed values (for verify's report).

/** One difference verify found. */
export interface Difference {
  /** The release file it is in (`manifest.json`, `servers.jsonl`, …). */
  file: string;
  /** 1-based row (line) of the file; null for the file itself or the manifest. */
  row: number | null;
  /** What differs: a field path (`score`, `metrics.selectionAcc.value`) or `sha256`, `rows`, `bytes`, `file`. */
  field: string;
  expected: string;
  found: string;
}

const show = (v: unknown): string => (v === undefined ? '(absent)' : JSON.stringify(v));

/** Every leaf where `found` differs from `expected` (objects by key, arrays by index), with its path under `prefix`. */
export function differences(expected: unknown, found: unknown, prefix: string, out: { field: string; expected: string; found: string }[] = []): { field: string; expected: string; found: string }[] {
  if (Object.is(expected, found)) return out;
  const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
  if (isObj(expected) && isObj(found) && Array.isArray(expected) === Array.isArray(found)) {
    const keys = [...new Set([...Object.keys(expected), ...Object.keys(found)])];
    for (const k of keys) differences(expected[k], found[k], prefix === '' ? k : `${prefix}.${k}`, out);
    return out;
  }
  out.push({ field: prefix, expected: show(expected), found: show(found) });
  return out;
}

/** How many leaf values (numbers, strings, booleans, nulls) a value holds: what a comparison of it checks. */
export function leafCount(v: unknown): number {
  if (typeof v !== 'object' || v === null) return 1;
  return Object.values(v).reduce<number>((n, x) => n + leafCount(x), 0);
}
