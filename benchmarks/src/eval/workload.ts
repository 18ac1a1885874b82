import type { TokenCounter } from '../text/tokens.js';
import type { BudgetProblem, RunPlan } from './plan.js';

/** What a dry run prints: the workload and a lower bound of the prompt tokens. */
export interface WorkloadSummary {
  cases: number;
  casesByKind: Record<string, number>;
  repeats: number;
  trials: number;
  tools: { shown: number; server: number; distractors: number };
  /** Tokens of the tools (name, description, input schema JSON) sent with every trial. */
  toolTokensPerTrial: number;
  /**
   * A lower bound of the prompt tokens of the whole run: system + utterance + tools, counted with
   * o200k_base, per trial. Real requests add wire framing (and other tokenizers count differently); output
   * and reasoning tokens come on top. Not a price estimate.
   */
  promptTokensLowerBound: number;
  tokenizer: string;
  warnings: string[];
  budgetProblems: string[];
}

/** Tokens of the tools shown with every trial: name, description and input schema JSON of each, o200k_base. */
export function toolTokensOf(plan: Pick<RunPlan, 'shown'>, counter: TokenCounter): number {
  let n = 0;
  for (const e of plan.shown) n += counter.count(e.tool.name) + counter.count(e.tool.description) + counter.count(JSON.stringify(e.tool.inputSchema));
  return n;
}

/** The refusal of `--max-context-tokens`: the tools shown take more tokens than the budget (null within it). */
export function contextBudgetProblem(plan: Pick<RunPlan, 'shown'>, counter: TokenCounter, maxContextTokens: number | undefined): BudgetProblem | null {
  if (maxContextTokens === undefined) return null;
  const actual = toolTokensOf(plan, counter);
  if (actual <= maxContextTokens) return null;
  return {
    code: 'context_budget_exceeded',
    message: `the ${plan.shown.length} tools shown take ${actual} tokens (${counter.id}) per trial; --max-context-tokens is ${maxContextTokens}`,
    limit: maxContextTokens,
    actual,
  };
}

/** Wall time of a run at `secondsPerTrial` (the operator's measurement of one trial) and `concurrency`: whole waves of trials. */
export function estimateSeconds(trials: number, secondsPerTrial: number, concurrency: number): number {
  return Math.ceil(trials / Math.max(1, concurrency)) * secondsPerTrial;
}

/** Summarise a plan for a dry run (the tools are counted once; utterances once per case, times repeats). */
export function summarizeWorkload(plan: RunPlan, counter: TokenCounter, options: { maxContextTokens?: number } = {}): WorkloadSummary {
  const toolTokens = toolTokensOf(plan, counter);
  const context = contextBudgetProblem(plan, counter, options.maxContextTokens);
  const systemTokens = counter.count(plan.system);
  let utteranceTokens = 0;
  const casesByKind: Record<string, number> = {};
  for (const c of plan.cases) {
    utteranceTokens += counter.count(c.utterance);
    casesByKind[c.kind] = (casesByKind[c.kind] ?? 0) + 1;
  }
  const server = plan.shown.filter((e) => e.origin === 'server').length;
  return {
    cases: plan.cases.length,
    casesByKind,
    repeats: plan.repeats,
    trials: plan.trials.length,
    tools: { shown: plan.shown.length, server, distractors: plan.shown.length - server },
    toolTokensPerTrial: toolTokens,
    promptTokensLowerBound: plan.trials.length * (toolTokens + systemTokens) + utteranceTokens * plan.repeats,
    tokenizer: counter.id,
    warnings: plan.warnings.map((w) => w.message),
    budgetProblems: [...plan.budget, ...(context ? [context] : [])].map((b) => b.message),
  };
}
