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

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const at = (prefix: string, k: string) => (prefix === '' ? k : `${prefix}.${k}`);
const own = Object.prototype.hasOwnProperty;

/**
 * Every leaf where `found` differs from `expected` (objects by key — `expected`'s keys first, then keys only
 * `found` has — arrays by index), with its path under `prefix`. Verify calls this for every row of every
 * format, so it allocates nothing for values that are equal.
 */
export function differences(expected: unknown, found: unknown, prefix: string, out: { field: string; expected: string; found: string }[] = []): { field: string; expected: string; found: string }[] {
  diff(expected, found, prefix, null, out);
  return out;
}

/** {@link differences} of the value at `parent`.`key` (the path is made only for objects and differences). */
function diff(expected: unknown, found: unknown, parent: string, key: string | null, out: { field: string; expected: string; found: string }[]): void {
  if (Object.is(expected, found)) return;
  const path = () => (key === null ? parent : at(parent, key));
  if (isObj(expected) && isObj(found) && Array.isArray(expected) === Array.isArray(found)) {
    const here = path();
    for (const k in expected) if (own.call(expected, k)) diff(expected[k], found[k], here, k, out);
    for (const k in found) if (own.call(found, k) && !own.call(expected, k)) diff(undefined, found[k], here, k, out);
    return;
  }
  out.push({ field: path(), expected: show(expected), found: show(found) });
}

/** How many leaf values (numbers, strings, booleans, nulls) a value holds: what a comparison of it checks. */
export function leafCount(v: unknown): number {
  if (typeof v !== 'object' || v === null) return 1;
  let n = 0;
  for (const k in v) if (own.call(v, k)) n += leafCount((v as Record<string, unknown>)[k]);
  return n;
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
