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

/** Differences listed at most (the rest are counted). */
export const MAX_DIFFERENCES = 200;

/**
 * What verify found, in constant memory: the first {@link MAX_DIFFERENCES} differences listed, the rest
 * counted, and how many values were compared.
 */
export class Findings {
  readonly listed: Difference[] = [];
  total = 0;
  checked = 0;

  push(d: Difference): void {
    this.total++;
    if (this.listed.length < MAX_DIFFERENCES) this.listed.push(d);
  }

  /** Compare an expected value with the one found, every differing leaf a difference under `prefix`. */
  compare(file: string, row: number | null, prefix: string, expected: unknown, found: unknown): void {
    this.checked += leafCount(expected);
    for (const d of differences(expected, found, prefix)) this.push({ file, row, ...d });
  }

  /** One check of a fact (a file's presence, a sentence of the card): counted, a difference when it fails. */
  check(ok: boolean, d: Difference): void {
    this.checked++;
    if (!ok) this.push(d);
  }

  /** The listed differences, with a last line counting those not listed. */
  shown(): Difference[] {
    return this.total > this.listed.length ? [...this.listed, { file: '(more)', row: null, field: '(more)', expected: '', found: `${this.total - this.listed.length} more differences` }] : [...this.listed];
  }
}
