// The validity table of an evaluation release: does the static lint score predict what the model does?
// Per rules version, Spearman's rho between servers' lint scores and their selectionAcc with a seeded
// bootstrap interval over servers; per finding code, the mean selection accuracy of tools with and without it.
import { z } from 'zod';
import type { CaseRow, LintFactRow, RunMetricsRow, TrialRow } from './rows.js';
import { round4, spearman, spearmanBootstrap } from './rank-stats.js';

/** One rules version's correlation row. */
export const ValidityCorrelationSchema = z.strictObject({
  rulesId: z.string(),
  rulesHash: z.string(),
  servers: z.number().int(),
  spearman: z.number().nullable(),
  ci95: z.tuple([z.number(), z.number()]).nullable(),
});

/** One finding code's row: tools with it and without it (under the same rules), and their mean accuracy. */
export const ValidityFindingSchema = z.strictObject({
  rulesId: z.string(),
  code: z.string(),
  toolsWith: z.number().int(),
  toolsWithout: z.number().int(),
  meanWith: z.number().nullable(),
  meanWithout: z.number().nullable(),
});

/** The validity table of one evaluation release. */
export const ValidityTableSchema = z.strictObject({
  modelId: z.string(),
  /** The only model is the lexical baseline: the table shows the method, not a result about models. */
  baselineOnly: z.boolean(),
  servers: z.number().int(),
  correlations: z.array(ValidityCorrelationSchema),
  findings: z.array(ValidityFindingSchema),
});
/** The validity table of one evaluation release. */
export type ValidityTable = z.infer<typeof ValidityTableSchema>;

/** Selection accuracy per tool (`serverId\u0000tool`): scored trials of cases written for it, and those that selected it. */
export type ToolAccuracy = Map<string, { selected: number; scored: number }>;

/** The tool a case row was written for (null: none should be called). */
export const expectedOf = (c: Pick<CaseRow, 'expected' | 'case'>): string | null => c.expected ?? c.case.expect?.[0]?.name ?? null;

/** Accumulate one trial into the per-tool accuracy (cases written for no tool are left out). */
export function addToolTrial(acc: ToolAccuracy, expectedByCase: Pick<ReadonlyMap<string, string | null>, 'get'>, t: TrialRow): void {
  const expected = expectedByCase.get(`${t.serverId}\u0000${t.caseId}`);
  if (expected === undefined || expected === null || !t.verdict.scored) return;
  const key = `${t.serverId}\u0000${expected}`;
  const a = acc.get(key) ?? { selected: 0, scored: 0 };
  a.scored++;
  if (t.verdict.selected === true) a.selected++;
  acc.set(key, a);
}

/** The expected tool of every case by `serverId\u0000caseId`. */
export function expectedByCase(cases: Iterable<CaseRow>): Map<string, string | null> {
  const m = new Map<string, string | null>();
  for (const c of cases) m.set(`${c.serverId}\u0000${c.caseId}`, expectedOf(c));
  return m;
}

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const mean = (xs: number[]): number | null => (xs.length === 0 ? null : round4(xs.reduce((s, x) => s + x, 0) / xs.length));

/** The validity table from a release's metrics rows, lint rows and per-tool accuracy. */
export function validityTable(modelId: string, baseline: boolean, metrics: readonly Pick<RunMetricsRow, 'serverId' | 'selectionAcc'>[], lint: readonly LintFactRow[], accuracy: ToolAccuracy): ValidityTable {
  const accBy = new Map(metrics.filter((m) => m.selectionAcc !== null).map((m) => [m.serverId, m.selectionAcc!] as const));
  const rules = [...new Map(lint.map((l) => [`${l.rulesId}\u0000${l.rulesHash}`, l] as const)).values()].sort((a, b) => byText(a.rulesId, b.rulesId) || byText(a.rulesHash, b.rulesHash));
  const correlations = rules.map((r) => {
    const pairs = lint
      .filter((l) => l.rulesId === r.rulesId && l.rulesHash === r.rulesHash && l.tool === null && l.score !== null && accBy.has(l.serverId))
      .sort((a, b) => byText(a.serverId, b.serverId));
    const x = pairs.map((p) => p.score!);
    const y = pairs.map((p) => accBy.get(p.serverId)!);
    const rho = spearman(x, y);
    return { rulesId: r.rulesId, rulesHash: r.rulesHash, servers: pairs.length, spearman: rho === null ? null : round4(rho), ci95: spearmanBootstrap(x, y, `validity:${modelId}:${r.rulesId}:${r.rulesHash}`) };
  });
  const findings: z.infer<typeof ValidityFindingSchema>[] = [];
  for (const r of rules) {
    const tools = lint.filter((l) => l.rulesId === r.rulesId && l.rulesHash === r.rulesHash && l.tool !== null);
    const scoredTools = tools.flatMap((t) => {
      const a = accuracy.get(`${t.serverId}\u0000${t.tool}`);
      return a && a.scored > 0 ? [{ codes: new Set(t.findingCodes), acc: a.selected / a.scored }] : [];
    });
    const codes = [...new Set(tools.flatMap((t) => t.findingCodes))].sort(byText);
    for (const code of codes) {
      const withIt = scoredTools.filter((t) => t.codes.has(code)).map((t) => t.acc);
      const without = scoredTools.filter((t) => !t.codes.has(code)).map((t) => t.acc);
      findings.push({ rulesId: r.rulesId, code, toolsWith: withIt.length, toolsWithout: without.length, meanWith: mean(withIt), meanWithout: mean(without) });
    }
  }
  return { modelId, baselineOnly: baseline, servers: accBy.size, correlations, findings };
}
