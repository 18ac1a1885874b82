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

/** What the metrics read of a case: its id, kind, language, tier and expected tool(s). */
export type MetricsCase = Pick<EvalCase, 'id' | 'kind' | 'language' | 'tier' | 'expected'> & { expect?: readonly { name: string }[] | undefined };

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
export function computeMetrics(cases: readonly MetricsCase[], records: readonly TrialRecord[], unreadableSchemas: { tool: string; reason: string }[] = []): Metrics {
  const acc = new MetricsAccumulator(cases);
  for (const r of records) acc.add(r);
  return acc.result(unreadableSchemas);
}

/**
 * {@link computeMetrics} a trial at a time (one definition: computeMetrics is this over an array), so a
 * reader of a release never holds a run's trials: the state is per case, not per trial.
 */
export class MetricsAccumulator {
  private readonly byId: Map<string, MetricsCase>;
  private scored = 0;
  private truncated = 0;
  private errors = 0;
  private total = 0;
  private readonly sel = [0, 0];
  private readonly arg = [0, 0];
  private readonly fc = [0, 0];
  private readonly pass = [0, 0];
  private readonly multi = [0, 0];
  private readonly byTier = new Tally();
  private readonly byKind = new Tally();
  private readonly byLanguage = new Tally();
  private readonly verdicts: Record<string, number> = {};
  private readonly cells = new Map<string, number>();
  private readonly perCase = new Map<string, { n: number; c: number }>();
  private k = 0;
  private readonly trialsPerCase = new Map<string, number>();
  private readonly providerErrors = new ProviderErrorTally();

  constructor(private readonly cases: readonly MetricsCase[]) {
    this.byId = new Map(cases.map((c) => [c.id, c] as const));
  }

  /** Count one trial (in trial order); a trial of a case not given is a RangeError. */
  add(r: Pick<TrialRecord, 'caseId' | 'trialIndex' | 'verdict' | 'error'>): void {
    const c = this.byId.get(r.caseId);
    if (!c) throw new RangeError(`a trial names unknown case "${r.caseId}"`);
    this.total++;
    this.providerErrors.add(r);
    const v = r.verdict;
    this.verdicts[v.kind] = (this.verdicts[v.kind] ?? 0) + 1;
    const total = (this.trialsPerCase.get(c.id) ?? 0) + 1;
    this.trialsPerCase.set(c.id, total);
    this.k = Math.max(this.k, total);
    if (v.kind === 'error') this.errors++;
    if (v.kind === 'truncated') this.truncated++;
    if (!v.scored) return;
    this.scored++;
    const expectsTool = c.expected !== null || (c.expect?.length ?? 0) > 0;
    if (expectsTool) {
      this.sel[1]!++;
      if (v.selected) this.sel[0]!++;
      if (v.selected && v.argsValid !== null) {
        this.arg[1]!++;
        if (v.argsValid) this.arg[0]!++;
      }
    } else {
      this.fc[1]!++;
      if (v.kind !== 'correct_abstention') this.fc[0]!++;
    }
    this.pass[1]!++;
    if (v.pass) this.pass[0]!++;
    this.multi[1]!++;
    if (v.multiCall) this.multi[0]!++;
    if (c.tier !== undefined) this.byTier.add(c.tier, v.pass);
    this.byKind.add(c.kind, v.pass);
    this.byLanguage.add(c.language, v.pass);
    const row = c.expected ?? c.expect?.[0]?.name ?? NONE;
    const cell = `${row}\u0000${v.called}`;
    this.cells.set(cell, (this.cells.get(cell) ?? 0) + 1);
    const pc = this.perCase.get(c.id) ?? { n: 0, c: 0 };
    pc.n++;
    if (v.pass) pc.c++;
    this.perCase.set(c.id, pc);
  }

  /** The metrics of the trials added so far. */
  result(unreadableSchemas: { tool: string; reason: string }[] = []): Metrics {
    const k = this.k;
    // pass@k / pass^k over cases whose every one of k trials was scored: some passed / all passed.
    let full = 0;
    let some = 0;
    let all = 0;
    for (const [id, pc] of this.perCase) {
      if (pc.n !== k || this.trialsPerCase.get(id) !== k) continue;
      full++;
      if (pc.c > 0) some++;
      if (pc.c === k) all++;
    }
    return {
      trials: this.total,
      scored: this.scored,
      truncated: this.truncated,
      errors: this.errors,
      selectionAcc: rate(this.sel[0]!, this.sel[1]!),
      argValidity: rate(this.arg[0]!, this.arg[1]!),
      falseCallRate: rate(this.fc[0]!, this.fc[1]!),
      passRate: rate(this.pass[0]!, this.pass[1]!),
      multiCallRate: rate(this.multi[0]!, this.multi[1]!),
      errorRate: rate(this.errors, this.total),
      providerErrors: this.providerErrors.groups(),
      k,
      passAtK: rate(some, full),
      passHatK: rate(all, full),
      byTier: this.byTier.rates(),
      byKind: this.byKind.rates(),
      byLanguage: this.byLanguage.rates(),
      verdicts: { ...this.verdicts },
      confusion: confusionOf(this.cells, this.cases),
      unreadableSchemas,
    };
  }
}

/** Examples kept per provider error kind. */
export const ERROR_EXAMPLES = 3;

/** Provider errors counted a trial at a time, by code, with the first {@link ERROR_EXAMPLES} of each. */
class ProviderErrorTally {
  private readonly groups_ = new Map<string, ProviderErrorGroup>();
  add(r: Pick<TrialRecord, 'caseId' | 'trialIndex' | 'error'>): void {
    if (r.error === null) return;
    let g = this.groups_.get(r.error.code);
    if (g === undefined) this.groups_.set(r.error.code, (g = { code: r.error.code, count: 0, examples: [] }));
    g.count++;
    if (g.examples.length < ERROR_EXAMPLES) g.examples.push({ caseId: r.caseId, trialIndex: r.trialIndex, message: r.error.message });
  }
  groups(): ProviderErrorGroup[] {
    return [...this.groups_.values()].map((g) => ({ ...g, examples: [...g.examples] })).sort((a, b) => b.count - a.count || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  }
}

/** The trials that ended in a provider error, by code: most frequent first (then by code), the first {@link ERROR_EXAMPLES} of each in trial order. */
export function providerErrorsOf(records: readonly TrialRecord[]): ProviderErrorGroup[] {
  const tally = new ProviderErrorTally();
  for (const r of records) tally.add(r);
  return tally.groups();
}

/** Rows in case order of first appearance (tools, then `(none)`); columns: rows' tools first, then others. */
function confusionOf(cells: Map<string, number>, cases: readonly MetricsCase[]): Confusion {
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
