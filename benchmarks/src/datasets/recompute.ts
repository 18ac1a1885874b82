// Every leaderboard number of a release, recomputed from its rows with the core's own functions: a lint
// server's score, band, counts, categories and rank; an evaluation run's metrics and place; the validity table.
import { computeMetrics, type MetricsCase } from '../eval/metrics.js';
import type { Metrics, TrialRecord } from '../contracts/eval.js';
import type { Band } from '../contracts/lint-result.js';
import { bandOf as bandOfV1 } from '../rules/v1/index.js';
import { bandOf as bandOfV2 } from '../rules/v2/index.js';
import { T as T2 } from '../rules/v2/thresholds.js';
import { securityCodesOf } from '../rules/security-status.js';
import type { CaseRow, LintFindingRow, LintServerRow, LintToolRow, RunMetricsRow, TrialRow } from './rows.js';
import { boardPlaces, competitionRanks } from './ranks.js';

const BANDS: Record<string, (score: number) => Band> = { v1: bandOfV1, v2: bandOfV2 };

/** The band of a score under a rules id (v1's thresholds for an id this core does not know). */
export const bandUnder = (rulesId: string, score: number): Band => (BANDS[rulesId] ?? bandOfV1)(score);

/** A server's mean tool score to one decimal, as the rule sets compute it (null without tools). */
export const serverScore = (toolScores: readonly number[]): number | null => meanScore(toolScores.reduce((s, x) => s + x, 0), toolScores.length);

/** The mean of `count` tool scores summing to `sum`, to one decimal (null without tools). */
const meanScore = (sum: number, count: number): number | null => (count === 0 ? null : Math.round((sum / count) * 10) / 10);

/** Points earned of points possible per category over a server's tools, 0–100 to one decimal (null when none possible). */
export function categoryPercents(tools: readonly Pick<LintToolRow, 'categories'>[]): Record<string, number | null> {
  const acc = new LintServerAccumulator('v1');
  for (const t of tools) acc.addCategories(t.categories);
  return acc.categories();
}

/** Rule sets whose server score is capped when a tool carries a critical security finding (v2 on), and the cap. */
const SECURITY_CAPS: Record<string, number> = { v2: T2.securityScoreCap };

/** A lint server row's numbers recomputed from its tools and findings (rank filled in by {@link lintRanks}). */
export function lintServerNumbers(rulesId: string, tools: readonly LintToolRow[], findings: readonly LintFindingRow[]): LintServerNumbers {
  const acc = new LintServerAccumulator(rulesId);
  for (const t of tools) acc.addTool(t);
  for (const f of findings) acc.addFinding(f);
  return acc.numbers();
}

/** The numbers of a lint server row that verify recomputes. */
export type LintServerNumbers = Pick<LintServerRow, 'score' | 'band' | 'toolCount' | 'critical' | 'required' | 'minor' | 'categories'>;

/** {@link lintServerNumbers} a tool and a finding at a time (one definition), so verify never holds a server's rows. */
export class LintServerAccumulator {
  private sum = 0;
  private count = 0;
  private risky = false;
  private readonly counts = { critical: 0, required: 0, minor: 0 };
  private readonly sums = new Map<string, [number, number]>();
  private readonly security: ReadonlySet<string>;

  constructor(private readonly rulesId: string) {
    this.security = securityCodesOf(rulesId);
  }

  addCategories(categories: LintToolRow['categories']): void {
    for (const [k, c] of Object.entries(categories)) {
      const s = this.sums.get(k) ?? [0, 0];
      s[0] += c.points;
      s[1] += c.max;
      this.sums.set(k, s);
    }
  }

  addTool(t: Pick<LintToolRow, 'score' | 'categories'>): void {
    this.sum += t.score;
    this.count++;
    this.addCategories(t.categories);
  }

  addFinding(f: Pick<LintFindingRow, 'tool' | 'severity' | 'code'>): void {
    this.counts[f.severity]++;
    if (f.tool !== null && f.severity === 'critical' && this.security.has(f.code)) this.risky = true;
  }

  categories(): Record<string, number | null> {
    return Object.fromEntries([...this.sums.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, [p, m]]) => [k, m === 0 ? null : Math.round((1000 * p) / m) / 10]));
  }

  numbers(): LintServerNumbers {
    const mean = meanScore(this.sum, this.count);
    const cap = SECURITY_CAPS[this.rulesId];
    const score = mean !== null && cap !== undefined && this.risky ? Math.min(mean, cap) : mean;
    return { score, band: score === null ? null : bandUnder(this.rulesId, score), toolCount: this.count, ...this.counts, categories: this.categories() };
  }
}

/** The ranks of lint servers: competition ranks by score. */
export const lintRanks = (scores: readonly (number | null)[]): (number | null)[] => competitionRanks(scores);

/** A trial row as the core's TrialRecord. */
export function trialRecord(t: TrialRow): TrialRecord {
  return {
    caseId: t.caseId,
    trialIndex: t.repeat,
    ...(t.order === null ? {} : { order: t.order }),
    calls: t.calls,
    text: t.text,
    truncated: t.truncated,
    error: t.error,
    usage: { inputTokens: t.inputTokens, outputTokens: t.outputTokens },
    latencyMs: t.latencyMs,
    cached: t.cached,
    verdict: t.verdict,
  };
}

/** A run's metrics from its server's cases (in ordinal order) and its trials (in file order). */
export function runMetrics(cases: readonly CaseRow[], trials: readonly TrialRow[], unreadableSchemas: { tool: string; reason: string }[] = []): Metrics {
  return computeMetrics(casesInOrder(cases.map((c) => ({ ordinal: c.ordinal, case: c.case }))), trials.map(trialRecord), unreadableSchemas);
}

/** A server's cases as the metrics read them: in ordinal order. */
export const casesInOrder = <C extends MetricsCase>(cases: readonly { ordinal: number; case: C }[]): C[] => [...cases].sort((a, b) => a.ordinal - b.ordinal).map((c) => c.case);

/** The flat leaderboard columns of a metrics row from a run's metrics. */
export function metricColumns(m: Metrics): Pick<RunMetricsRow, 'trials' | 'selectionAcc' | 'selectionAccNumerator' | 'selectionAccDenominator' | 'argValidity' | 'argValidityNumerator' | 'argValidityDenominator' | 'falseCallRate' | 'falseCallRateNumerator' | 'falseCallRateDenominator' | 'passRate' | 'passRateNumerator' | 'passRateDenominator'> {
  const r = (name: 'selectionAcc' | 'argValidity' | 'falseCallRate' | 'passRate') => ({ [name]: m[name].value, [`${name}Numerator`]: m[name].numerator, [`${name}Denominator`]: m[name].denominator });
  return { trials: m.trials, ...r('selectionAcc'), ...r('argValidity'), ...r('falseCallRate'), ...r('passRate') } as ReturnType<typeof metricColumns>;
}

/** The places of evaluation runs on the model's board: by selectionAcc, then name, then run id. */
export const runPlaces = (rows: readonly Pick<RunMetricsRow, 'selectionAcc' | 'name' | 'runId'>[]): number[] => boardPlaces(rows.map((r) => ({ value: r.selectionAcc, name: r.name, id: r.runId })));
