// Precision and recall of a rule set against the labelled corpus (distractors/corpus/), and what moved
// between two rule sets. Pure functions over lint results and labels; the bench (rules.ts) prints them.
import type { LintResult } from '@toolmark/benchmarks';
import { PAIR_CODE, RUBRIC_SERVER_CODES, RUBRIC_TOOL_CODES, SECURITY_CODES, rubricSeverity } from '@toolmark/distractors/corpus';
import type { CorpusLabels, RubricSeverity } from '@toolmark/distractors/corpus';

export interface Counts {
  tp: number;
  fp: number;
  fn: number;
}
interface Tally extends Counts {
  fps: string[];
  fns: string[];
}
export interface CodeQuality extends Counts {
  code: string;
  /** Where it fired without a label and where a label was missed (`surface/tool`, `surface`, or `surface/a + b` for pairs). */
  falsePositives: string[];
  falseNegatives: string[];
  severity: RubricSeverity | 'unlabelled';
  /** tp / (tp + fp); null when the rule set never fired. */
  precision: number | null;
  /** tp / (tp + fn); null when nothing is labelled. */
  recall: number | null;
  /**
   * The findings the rule set itself gave at "required" or "critical" (a code may be minor in one rule set
   * and required in another, or either by the case): their true and false positives and precision — what
   * the "precision ≥ 0.9 for every code at required or above" is about. null when none fired so.
   */
  atRequired: { tp: number; fp: number; precision: number | null };
}
export interface RuleSetQuality {
  /** Per code: the rubric's per-tool and server codes, `confusable_pair` (every pair the result lists), and codes the rubric does not judge (`unlabelled`: only their fire count, as fp). */
  codes: CodeQuality[];
  /** Pairs as the `confusable_pair` findings report them (v1: the top 12 per surface only). */
  reportedPairs: CodeQuality;
  /** Per-tool and server codes summed by the rubric's severity (pairs apart: they have their own rows). */
  bySeverity: Record<RubricSeverity, CodeQuality>;
  /** Security findings on the corpus (all labelled "should not fire" today), as surface/tool: code. */
  securityAlarms: string[];
}

export interface LabelledResult {
  name: string;
  labels: CorpusLabels;
  result: LintResult;
}

const ratio = (a: number, b: number): number | null => (b === 0 ? null : a / b);
const quality = (code: string, severity: CodeQuality['severity'], c: Tally, req: Counts = { tp: 0, fp: 0, fn: 0 }): CodeQuality => ({
  code,
  atRequired: { tp: req.tp, fp: req.fp, precision: ratio(req.tp, req.tp + req.fp) },
  severity,
  tp: c.tp,
  fp: c.fp,
  fn: c.fn,
  precision: ratio(c.tp, c.tp + c.fp),
  recall: ratio(c.tp, c.tp + c.fn),
  falsePositives: c.fps,
  falseNegatives: c.fns,
});
const tally = (): Tally => ({ tp: 0, fp: 0, fn: 0, fps: [], fns: [] });
function record(t: Tally, predicted: boolean, expected: boolean, where: string): void {
  if (predicted && expected) t.tp++;
  else if (predicted) {
    t.fp++;
    t.fps.push(where);
  } else if (expected) {
    t.fn++;
    t.fns.push(where);
  }
}
const pairKey = (a: string, b: string): string => (a < b ? `${a}\n${b}` : `${b}\n${a}`);

/** Every confusable pair a result lists: the union of the tools' `confusableWith` (the full list, not the top 12). */
export function allPairs(result: LintResult): Set<string> {
  const pairs = new Set<string>();
  for (const t of result.tools) for (const other of t.confusableWith) pairs.add(pairKey(t.name, other));
  return pairs;
}

/** The pairs of the `confusable_pair` findings (what the report shows). */
export function reportedPairs(result: LintResult): Set<string> {
  const pairs = new Set<string>();
  for (const f of result.findings) {
    if (f.code !== PAIR_CODE) continue;
    const tools = f.data.tools;
    if (Array.isArray(tools) && typeof tools[0] === 'string' && typeof tools[1] === 'string') pairs.add(pairKey(tools[0], tools[1]));
  }
  return pairs;
}

function comparePairs(surface: string, predicted: Set<string>, labelled: Set<string>, into: Tally): void {
  for (const p of new Set([...predicted, ...labelled])) record(into, predicted.has(p), labelled.has(p), `${surface}/${p.replace('\n', ' + ')}`);
}

/** Score one rule set's results on the labelled surfaces. */
export function scoreRuleSet(results: LabelledResult[]): RuleSetQuality {
  const counts = new Map<string, Tally>();
  const count = (code: string): Tally => counts.get(code) ?? counts.set(code, tally()).get(code)!;
  const required = new Map<string, Tally>();
  const countRequired = (code: string): Tally => required.get(code) ?? required.set(code, tally()).get(code)!;
  const high = (severity: string): boolean => severity === 'critical' || severity === 'required';
  for (const code of [...Object.keys(RUBRIC_TOOL_CODES), ...Object.keys(RUBRIC_SERVER_CODES), PAIR_CODE]) count(code);
  const reported = tally();
  const securityAlarms: string[] = [];
  const security = new Set<string>(SECURITY_CODES);
  for (const { name, labels, result } of results) {
    const byTool = new Map(result.tools.map((t) => [t.name, new Set(t.findings.map((f) => f.code))]));
    const byToolHigh = new Map(result.tools.map((t) => [t.name, new Set(t.findings.filter((f) => high(f.severity)).map((f) => f.code))]));
    const judgedTool = new Set<string>(labels.judged.tool);
    const judgedServer = new Set<string>(labels.judged.server);
    for (const tool of labels.tools) {
      const predicted = byTool.get(tool.name) ?? new Set<string>();
      const expected = new Set<string>(tool.fire);
      for (const code of new Set([...predicted, ...labels.judged.tool])) {
        // A rubric code this surface does not judge says nothing either way (the surfaces added for v3
        // judge the core codes: corpus.ts CORE_TOOL_CODES); a code unknown to the rubric counts as fired.
        if (rubricSeverity(code) !== undefined && !judgedTool.has(code)) continue;
        const p = predicted.has(code);
        const e = expected.has(code);
        if (p && security.has(code)) securityAlarms.push(`${name}/${tool.name}: ${code}`);
        record(count(code), p, e, `${name}/${tool.name}`); // a code the rubric does not judge counts as fp (shown as unlabelled)
        if (byToolHigh.get(tool.name)?.has(code)) record(countRequired(code), true, e, `${name}/${tool.name}`);
      }
    }
    const serverPredicted = new Set(result.findings.map((f) => f.code).filter((c) => c !== PAIR_CODE));
    const serverExpected = new Set<string>(labels.server);
    const serverHigh = new Set(result.findings.filter((f) => f.code !== PAIR_CODE && high(f.severity)).map((f) => f.code));
    for (const code of new Set([...serverPredicted, ...labels.judged.server])) {
      if (rubricSeverity(code) !== undefined && !judgedServer.has(code)) continue;
      record(count(code), serverPredicted.has(code), serverExpected.has(code), name);
      if (serverHigh.has(code)) record(countRequired(code), true, serverExpected.has(code), name);
    }
    const labelledPairs = new Set(labels.pairs.map((p) => pairKey(p.tools[0], p.tools[1])));
    comparePairs(name, allPairs(result), labelledPairs, count(PAIR_CODE));
    comparePairs(name, reportedPairs(result), labelledPairs, reported);
  }
  const codes = [...counts].map(([code, c]) => quality(code, rubricSeverity(code) ?? 'unlabelled', c, code === PAIR_CODE ? c : required.get(code)));
  const bySeverity = {} as Record<RubricSeverity, CodeQuality>;
  for (const sev of ['critical', 'required', 'minor'] as const) {
    const sum = tally();
    for (const c of codes) {
      if (c.severity !== sev || c.code === PAIR_CODE) continue;
      sum.tp += c.tp;
      sum.fp += c.fp;
      sum.fn += c.fn;
    }
    bySeverity[sev] = quality(sev, sev, sum);
  }
  return { codes, reportedPairs: quality(`${PAIR_CODE} (reported)`, 'required', reported), bySeverity, securityAlarms };
}

export interface Movement {
  tools: number;
  /** Tools whose set of finding codes changed. */
  findingsChanged: number;
  scoreUp: number;
  scoreDown: number;
  /** Tools whose findings gained / lost the code (per-tool codes), surfaces for server codes. */
  added: Record<string, number>;
  removed: Record<string, number>;
  /** Tools (or surfaces, for server codes) that kept a code at another severity, as `code: from → to`. */
  severity: Record<string, number>;
  /** Surfaces whose pair list changed: pairs added and removed in all. */
  pairsAdded: number;
  pairsRemoved: number;
}

/** What changed from `before` to `after` on the same surfaces (by surface and tool name). */
export function movement(before: LintResult[], after: LintResult[]): Movement {
  const m: Movement = { tools: 0, findingsChanged: 0, scoreUp: 0, scoreDown: 0, added: {}, removed: {}, severity: {}, pairsAdded: 0, pairsRemoved: 0 };
  const bump = (rec: Record<string, number>, code: string): void => {
    rec[code] = (rec[code] ?? 0) + 1;
  };
  // Code → its highest severity among the findings (a code may fire more than once).
  const ORDER = { critical: 0, required: 1, minor: 2 } as const;
  const codes = (findings: LintResult['findings']): Map<string, string> => {
    const out = new Map<string, string>();
    for (const f of findings) {
      const had = out.get(f.code) as keyof typeof ORDER | undefined;
      if (had === undefined || ORDER[f.severity] < ORDER[had]) out.set(f.code, f.severity);
    }
    return out;
  };
  const diff = (a: Map<string, string>, b: Map<string, string>): boolean => {
    let changed = false;
    for (const [c, sev] of b) {
      const was = a.get(c);
      if (was === sev) continue;
      if (was === undefined) bump(m.added, c);
      else bump(m.severity, `${c}: ${was} → ${sev}`);
      changed = true;
    }
    for (const c of a.keys()) {
      if (b.has(c)) continue;
      bump(m.removed, c);
      changed = true;
    }
    return changed;
  };
  before.forEach((b, i) => {
    const a = after[i]!;
    const afterTools = new Map(a.tools.map((t) => [t.name, t]));
    for (const t of b.tools) {
      const u = afterTools.get(t.name);
      if (!u) continue;
      m.tools++;
      if (u.score > t.score) m.scoreUp++;
      else if (u.score < t.score) m.scoreDown++;
      if (diff(codes(t.findings), codes(u.findings))) m.findingsChanged++;
    }
    const server = (r: LintResult) => codes(r.findings.filter((f) => f.code !== PAIR_CODE));
    diff(server(b), server(a));
    const pb = allPairs(b);
    const pa = allPairs(a);
    for (const p of pa) if (!pb.has(p)) m.pairsAdded++;
    for (const p of pb) if (!pa.has(p)) m.pairsRemoved++;
  });
  return m;
}
