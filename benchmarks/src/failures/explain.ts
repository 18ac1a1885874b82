// What the linter says about the failures agents report: the findings that explain each confusion with
// the fix the rule set suggests, and the three-way comparison of predicted and reported confusions the
// server page shows. Pure: it reads a lint result and the rule set's finding docs.
import type { FindingDoc } from '../contracts/api/rules.js';
import type { FailureConfusion } from '../contracts/failures.js';
import type { Finding, LintResult } from '../contracts/lint-result.js';

/** One finding that explains a reported failure, with the rule set's fix in both languages. */
export interface FailureExplanation {
  code: string;
  severity: Finding['severity'];
  /** The tool the finding is about; null for a server-wide finding (a confusable pair). */
  tool: string | null;
  message: string;
  fix: { en: string; ja: string } | null;
}

/** A confusion with whether the linter predicted it and the findings that explain it. */
export type ExplainedConfusion = FailureConfusion & { predicted: boolean; explanations: FailureExplanation[] };

/** Findings about how a tool's description tells it apart: they explain a wrong choice or a missed call. */
const DESCRIPTION_CODES = new Set(['no_description', 'restates_name', 'too_short', 'no_usage_context', 'generic_name']);

const samePair = (tools: unknown, a: string, b: string): boolean =>
  Array.isArray(tools) && tools.length === 2 && ((tools[0] === a && tools[1] === b) || (tools[0] === b && tools[1] === a));

/** The unordered pair of two tool names, as a key. */
const pairKey = (a: string, b: string): string => JSON.stringify(a < b ? [a, b] : [b, a]);

/** Every pair the linter predicts: the top pairs of the result and each tool's `confusableWith`. */
export function predictedPairs(lint: LintResult): [string, string][] {
  const seen = new Map<string, [string, string]>();
  for (const p of lint.confusablePairs.top) seen.set(pairKey(p.tools[0], p.tools[1]), p.tools[0] < p.tools[1] ? [p.tools[0], p.tools[1]] : [p.tools[1], p.tools[0]]);
  for (const t of lint.tools) {
    for (const other of t.confusableWith) seen.set(pairKey(t.name, other), t.name < other ? [t.name, other] : [other, t.name]);
  }
  return [...seen.values()];
}

/**
 * The findings of `lint` that explain one confusion: for a wrong tool, the confusable_pair finding of the
 * two tools and the description findings of both; for a missed call, the expected tool's description
 * findings; for a call when none fitted, the called tool's; for bad arguments, the called tool's findings
 * on its input schema. Each carries the fix from the rule set's docs.
 */
export function explainConfusion(c: FailureConfusion, lint: LintResult, docs: readonly FindingDoc[]): FailureExplanation[] {
  const fixOf = new Map(docs.map((d) => [d.code, d.fix]));
  const out: FailureExplanation[] = [];
  const add = (f: Finding, tool: string | null) => out.push({ code: f.code, severity: f.severity, tool, message: f.message, fix: fixOf.get(f.code) ?? null });
  const toolFindings = (name: string | null, keep: (f: Finding) => boolean) => {
    if (name === null) return;
    for (const f of lint.tools.find((t) => t.name === name)?.findings ?? []) if (keep(f)) add(f, name);
  };
  const describes = (f: Finding) => DESCRIPTION_CODES.has(f.code);
  switch (c.kind) {
    case 'wrong_tool':
      for (const f of lint.findings) if (f.code === 'confusable_pair' && samePair(f.data.tools, c.toolCalled ?? '', c.expectedTool ?? '')) add(f, null);
      toolFindings(c.expectedTool, describes);
      toolFindings(c.toolCalled, describes);
      break;
    case 'no_call_when_one_fitted':
      toolFindings(c.expectedTool, describes);
      break;
    case 'call_when_none_fitted':
      toolFindings(c.toolCalled, describes);
      break;
    case 'bad_arguments':
      toolFindings(c.toolCalled, (f) => f.fields.some((field) => field === 'inputSchema' || field.startsWith('inputSchema.')));
      break;
  }
  return out;
}

/** True when the linter predicted this confusion: a wrong tool between two tools of a predicted pair. */
export function isPredicted(c: Pick<FailureConfusion, 'kind' | 'toolCalled' | 'expectedTool'>, pairs: readonly [string, string][]): boolean {
  if (c.kind !== 'wrong_tool' || c.toolCalled === null || c.expectedTool === null) return false;
  const key = pairKey(c.toolCalled, c.expectedTool);
  return pairs.some(([a, b]) => pairKey(a, b) === key);
}

/** Every confusion with its explanations and whether it was predicted (no lint result: nothing predicted or explained). */
export function explainConfusions(confusions: readonly FailureConfusion[], lint: LintResult | null, docs: readonly FindingDoc[]): ExplainedConfusion[] {
  const pairs = lint ? predictedPairs(lint) : [];
  return confusions.map((c) => ({ ...c, predicted: isPredicted(c, pairs), explanations: lint ? explainConfusion(c, lint, docs) : [] }));
}

/** Predicted and reported confusions side by side: what a maintainer reads on the server page. */
export interface ConfusionComparison {
  /** Pairs the linter found that agents reported as a wrong tool (either direction), with the reports. */
  predictedAndReported: { tools: [string, string]; reports: number; organisations: number }[];
  /** Wrong tools agents reported between tools the linter did not pair. */
  reportedNotPredicted: { tools: [string, string]; reports: number; organisations: number }[];
  /** Pairs the linter found that no shown report names. */
  predictedNotReported: { tools: [string, string] }[];
}

/**
 * Compares the linter's pairs with the wrong-tool confusions shown (callers pass only those they may show:
 * the public ones, or all of them for the server's organisation). Both directions of a pair count as one.
 */
export function compareConfusions(lint: LintResult | null, confusions: readonly FailureConfusion[]): ConfusionComparison {
  const pairs = lint ? predictedPairs(lint) : [];
  const predicted = new Set(pairs.map(([a, b]) => pairKey(a, b)));
  const reported = new Map<string, { tools: [string, string]; reports: number; organisations: number }>();
  for (const c of confusions) {
    if (c.kind !== 'wrong_tool' || c.toolCalled === null || c.expectedTool === null) continue;
    const key = pairKey(c.toolCalled, c.expectedTool);
    const tools: [string, string] = c.toolCalled < c.expectedTool ? [c.toolCalled, c.expectedTool] : [c.expectedTool, c.toolCalled];
    const entry = reported.get(key) ?? { tools, reports: 0, organisations: 0 };
    entry.reports += c.reports;
    // Organisations of the two directions may overlap: the larger count is a lower bound that never overstates.
    entry.organisations = Math.max(entry.organisations, c.organisations);
    reported.set(key, entry);
  }
  const byReports = (a: { reports: number; tools: [string, string] }, b: { reports: number; tools: [string, string] }) =>
    b.reports - a.reports || pairKey(...a.tools).localeCompare(pairKey(...b.tools));
  return {
    predictedAndReported: [...reported.entries()].filter(([k]) => predicted.has(k)).map(([, v]) => v).sort(byReports),
    reportedNotPredicted: [...reported.entries()].filter(([k]) => !predicted.has(k)).map(([, v]) => v).sort(byReports),
    predictedNotReported: pairs.filter(([a, b]) => !reported.has(pairKey(a, b))).map((tools) => ({ tools })),
  };
}
