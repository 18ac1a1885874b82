import type { Confusion, EvalCase, Metrics, ProviderErrorGroup, Rate, TrialRecord } from '../contracts/eval.js';
import { rate } from './stats.js';
import { NONE } from './verdict.js';

/** A counter of numerator/denominator pairs by key. */
class Tally {
  private readonly counts = new Map<string, [number, number]>();
  add(key: string, ok: boolean): void {
    const c = this.counts.get(key) ?? [0, 0];
    c[0] += ok ? 1 : 0;
    c[1] += 1;
    this.counts.set(key, c);
  }
  rates(): Record<string, Rate> {
    return Object.fromEntries([...this.counts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, [n, d]]) => [k, rate(n, d)]));
  }
}

/**
 * The metrics of a run from its trial records:
 * - selectionAcc: scored trials of cases with an expected tool where it was selected;
 * - argValidity: of selected trials whose schema is readable, those whose arguments validate;
 * - falseCallRate: scored no-call trials with any call;
 * - passRate (and by tier, kind, language), multiCallRate; errorRate over all trials, and the provider
 *   errors by kind with examples;
 * - pass@k and pass^k with k = the largest number of trials any case has, over cases with k scored trials.
 * Truncated and failed trials count in none of the rates except errorRate. Every rate carries its counts
 * and a Wilson 95 % interval, and is null ("—") when nothing counts.
 */
export function computeMetrics(cases: readonly EvalCase[], records: readonly TrialRecord[], unreadableSchemas: { tool: string; reason: string }[] = []): Metrics {
  const byId = new Map(cases.map((c) => [c.id, c] as const));
  let scored = 0;
  let truncated = 0;
  let errors = 0;
  const sel = [0, 0];
  const arg = [0, 0];
  const fc = [0, 0];
  const pass = [0, 0];
  const multi = [0, 0];
  const byTier = new Tally();
  const byKind = new Tally();
  const byLanguage = new Tally();
  const verdicts: Record<string, number> = {};
  const cells = new Map<string, number>();
  const perCase = new Map<string, { n: number; c: number }>();
  let k = 0;
  const trialsPerCase = new Map<string, number>();

  for (const r of records) {
    const c = byId.get(r.caseId);
    if (!c) throw new RangeError(`a trial names unknown case "${r.caseId}"`);
    const v = r.verdict;
    verdicts[v.kind] = (verdicts[v.kind] ?? 0) + 1;
    const total = (trialsPerCase.get(c.id) ?? 0) + 1;
    trialsPerCase.set(c.id, total);
    k = Math.max(k, total);
    if (v.kind === 'error') errors++;
    if (v.kind === 'truncated') truncated++;
    if (!v.scored) continue;
    scored++;
    const expectsTool = c.expected !== null || (c.expect?.length ?? 0) > 0;
    if (expectsTool) {
      sel[1]!++;
      if (v.selected) sel[0]!++;
      if (v.selected && v.argsValid !== null) {
        arg[1]!++;
        if (v.argsValid) arg[0]!++;
      }
    } else {
      fc[1]!++;
      if (v.kind !== 'correct_abstention') fc[0]!++;
    }
    pass[1]!++;
    if (v.pass) pass[0]!++;
    multi[1]!++;
    if (v.multiCall) multi[0]!++;
    if (c.tier !== undefined) byTier.add(c.tier, v.pass);
    byKind.add(c.kind, v.pass);
    byLanguage.add(c.language, v.pass);
    const row = c.expected ?? c.expect?.[0]?.name ?? NONE;
    const cell = `${row}\u0000${v.called}`;
    cells.set(cell, (cells.get(cell) ?? 0) + 1);
    const pc = perCase.get(c.id) ?? { n: 0, c: 0 };
    pc.n++;
    if (v.pass) pc.c++;
    perCase.set(c.id, pc);
  }

  // pass@k / pass^k over cases whose every one of k trials was scored: some passed / all passed.
  let full = 0;
  let some = 0;
  let all = 0;
  for (const [id, pc] of perCase) {
    if (pc.n !== k || trialsPerCase.get(id) !== k) continue;
    full++;
    if (pc.c > 0) some++;
    if (pc.c === k) all++;
  }

  return {
    trials: records.length,
    scored,
    truncated,
    errors,
    selectionAcc: rate(sel[0]!, sel[1]!),
    argValidity: rate(arg[0]!, arg[1]!),
    falseCallRate: rate(fc[0]!, fc[1]!),
    passRate: rate(pass[0]!, pass[1]!),
    multiCallRate: rate(multi[0]!, multi[1]!),
    errorRate: rate(errors, records.length),
    providerErrors: providerErrorsOf(records),
    k,
    passAtK: rate(some, full),
    passHatK: rate(all, full),
    byTier: byTier.rates(),
    byKind: byKind.rates(),
    byLanguage: byLanguage.rates(),
    verdicts,
    confusion: confusionOf(cells, cases),
    unreadableSchemas,
  };
}

/** Examples kept per provider error kind. */
export const ERROR_EXAMPLES = 3;

/** The trials that ended in a provider error, by code: most frequent first (then by code), the first {@link ERROR_EXAMPLES} of each in trial order. */
export function providerErrorsOf(records: readonly TrialRecord[]): ProviderErrorGroup[] {
  const groups = new Map<string, ProviderErrorGroup>();
  for (const r of records) {
    if (r.error === null) continue;
    let g = groups.get(r.error.code);
    if (g === undefined) groups.set(r.error.code, (g = { code: r.error.code, count: 0, examples: [] }));
    g.count++;
    if (g.examples.length < ERROR_EXAMPLES) g.examples.push({ caseId: r.caseId, trialIndex: r.trialIndex, message: r.error.message });
  }
  return [...groups.values()].sort((a, b) => b.count - a.count || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}

/** Rows in case order of first appearance (tools, then `(none)`); columns: rows' tools first, then others. */
function confusionOf(cells: Map<string, number>, cases: readonly EvalCase[]): Confusion {
  const parsed = [...cells.entries()].map(([key, count]) => {
    const [expected, called] = key.split('\u0000') as [string, string];
    return { expected, called, count };
  });
  const rowOrder: string[] = [];
  for (const c of cases) {
    const row = c.expected ?? c.expect?.[0]?.name ?? NONE;
    if (!rowOrder.includes(row) && parsed.some((p) => p.expected === row)) rowOrder.push(row);
  }
  const rows = [...rowOrder.filter((r) => r !== NONE), ...(rowOrder.includes(NONE) ? [NONE] : [])];
  const columns = [...rows.filter((r) => r !== NONE)];
  for (const p of parsed) if (!columns.includes(p.called)) columns.push(p.called);
  const tail = (c: string) => (c.startsWith('(') ? 1 : 0);
  const sortedColumns = [...columns.filter((c) => !tail(c)), ...columns.filter((c) => tail(c)).sort()];
  const cellsOut = parsed.sort((a, b) => rows.indexOf(a.expected) - rows.indexOf(b.expected) || sortedColumns.indexOf(a.called) - sortedColumns.indexOf(b.called));
  return { rows, columns: sortedColumns, cells: cellsOut };
}
