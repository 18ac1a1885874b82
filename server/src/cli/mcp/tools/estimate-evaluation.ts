import { loadTokenCounter, summarizeWorkload } from '@toolmark/benchmarks';
import { planFor } from '../../../eval/evaluate.js';
import { MODEL_OPTIONAL } from '../../../providers/index.js';
import { launchOf } from '../guards.js';
import { evaluationArgs, runRequest, targetSurface } from '../evaluation.js';
import { z } from 'zod';
import { defineTool } from '../../../mcp/tool.js';

/** estimate_evaluation — `toolmark run --dry-run` on the configured target: the workload, sending nothing. */
export const estimateEvaluationTool = defineTool({
  name: 'estimate_evaluation',
  title: 'Estimate an evaluation',
  description:
    'Plan an evaluation of the configured MCP server without sending anything, with the same tasksFile, repeat, only, provider and model as run_evaluation. Free; use it before run_evaluation. ' +
    'Returns the cases and trials, the tools each trial shows, a lower bound of the prompt tokens, the paid trials left, and why run_evaluation would be refused, if it would.',
  inputSchema: evaluationArgs,
  outputSchema: z.object({
    target: z.string(),
    provider: z.string(),
    model: z.string(),
    caseSource: z.string(),
    cases: z.number(),
    repeats: z.number(),
    trials: z.number(),
    toolsShown: z.number(),
    toolTokensPerTrial: z.number(),
    promptTokensLowerBound: z.number(),
    paid: z.boolean(),
    budget: z.object({ paidTrialsLeft: z.number(), maxTrials: z.number(), maxTools: z.number() }),
    warnings: z.array(z.string()),
    refused: z.array(z.string()),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(ctx, args) {
    const launch = launchOf(ctx);
    const { request } = await runRequest(launch, args);
    const { surface, where } = await targetSurface(launch, args.target);
    const warnings: string[] = [];
    const { plan, caseSource } = await planFor(surface, request, { env: {}, signal: ctx.signal, warn: (m) => void warnings.push(m) });
    const w = summarizeWorkload(plan, await loadTokenCounter());
    const paid = !MODEL_OPTIONAL.has(request.provider);
    const refused: string[] = [...w.budgetProblems];
    if (paid && !launch.flags.allowPaidRuns) refused.push(`provider ${request.provider} calls a model; the operator did not allow paid runs (--allow-paid-runs)`);
    try {
      launch.withinBudget(plan, paid);
    } catch (error) {
      refused.push((error as Error).message);
    }
    return {
      data: {
        target: where,
        provider: request.provider,
        model: plan.model,
        caseSource,
        cases: w.cases,
        repeats: w.repeats,
        trials: w.trials,
        toolsShown: w.tools.shown,
        toolTokensPerTrial: w.toolTokensPerTrial,
        promptTokensLowerBound: w.promptTokensLowerBound,
        paid,
        budget: { paidTrialsLeft: launch.remainingTrials, maxTrials: launch.flags.maxTrials, maxTools: launch.flags.maxTools },
        warnings: [...warnings, ...w.warnings],
        refused,
      },
    };
  },
});
