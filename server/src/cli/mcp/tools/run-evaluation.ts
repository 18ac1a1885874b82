import { createProvider } from '../../../providers/index.js';
import { planFor, runPlanned } from '../../../eval/evaluate.js';
import { fileTrialCache } from '../../../eval/trial-cache.js';
import { writeFileAtomic } from '../../files.js';
import { renderRunReport } from '@toolmark/benchmarks';
import { launchOf } from '../guards.js';
import { z } from 'zod';
import { CompactReportSchema, compactReport, evaluationArgs, runRequest, targetSurface } from '../evaluation.js';
import { defineTool } from '../../../mcp/tool.js';

/** run_evaluation — `toolmark run` on the configured target, within the operator's launch budget. */
export const runEvaluationTool = defineTool({
  name: 'run_evaluation',
  title: 'Run an evaluation',
  description:
    'Evaluate the configured MCP server: a model (or the free lexical baseline) is shown its tools once per trial and its tool choice is scored; no tool is ever called. ' +
    'Runs only within the operator\'s trial budget; a model provider is contacted only when the operator allowed paid runs. ' +
    'Returns selection accuracy, argument validity and false-call rate with 95% intervals and the most frequent confusions; the full report goes to the operator\'s result file.',
  inputSchema: evaluationArgs,
  outputSchema: CompactReportSchema.extend({ resultFile: z.string().nullable(), paidTrialsLeft: z.number() }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async run(ctx, args) {
    const launch = launchOf(ctx);
    const { request, concurrency, thresholds, baseURL } = await runRequest(launch, args);
    const paid = launch.paid(request.provider);
    const { surface, where } = await targetSurface(launch, args.target);
    const warnings: string[] = [];
    const { plan, caseSource } = await planFor(surface, request, { env: {}, signal: ctx.signal, warn: (m) => void warnings.push(m) });
    launch.withinBudget(plan, paid);
    const provider = await createProvider(request.provider, { env: launch.env, timeoutMs: 60_000, maxRetries: 2, ...(baseURL !== undefined ? { baseURL } : {}) });
    launch.spend(plan, paid);
    ctx.log.info({ provider: request.provider, model: plan.model, trials: plan.trials.length, paidTrialsLeft: launch.remainingTrials }, 'run_evaluation started');
    const cacheDir = launch.cacheDir;
    const report = await runPlanned({ plan, caseSource, provider, concurrency, thresholds, cache: cacheDir !== undefined ? fileTrialCache(cacheDir) : undefined, signal: ctx.signal, surfaceName: where });
    const resultFile = launch.flags.resultFile;
    if (resultFile !== undefined) await writeFileAtomic(resultFile, renderRunReport(report, 'json'));
    return { data: { ...compactReport(report), warnings: [...warnings, ...report.warnings], resultFile: resultFile ?? null, paidTrialsLeft: launch.remainingTrials } };
  },
});
