import { diffRuns, parseRunReport, RunDiffSchema } from '@toolmark/benchmarks';
import { z } from 'zod';
import { readTextFile } from '../../files.js';
import { MAX_REPORT_BYTES } from '../../report.js';
import { launchOf } from '../guards.js';
import { defineTool } from '../../../mcp/tool.js';

/** diff_results — `toolmark diff --format json` on two saved run reports in the working directory. */
export const diffResultsTool = defineTool({
  name: 'diff_results',
  title: 'Compare two saved runs',
  description:
    'Compare two saved run reports (JSON files in the working directory) trial by trial with an exact paired sign test. Use it after two run_evaluation calls, to see whether a change to the tools made the model choose better or worse. ' +
    'Refused when the runs are not comparable (another model, provider, settings, seed or case set). Returns the pairs, regressions, improvements, p-value and whether head is a regression.',
  inputSchema: {
    base: z.string().min(1).max(500).describe('The earlier run report, a path inside the working directory, e.g. "runs/base.json"'),
    head: z.string().min(1).max(500).describe('The later run report, a path inside the working directory, e.g. "runs/head.json"'),
  },
  outputSchema: RunDiffSchema.omit({ cases: true }).extend({ changedTrials: RunDiffSchema.shape.cases, changedTrialsTotal: z.number() }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(ctx, args) {
    const launch = launchOf(ctx);
    const base = parseRunReport(await readTextFile(await launch.inputFile(args.base, 'base'), MAX_REPORT_BYTES));
    const head = parseRunReport(await readTextFile(await launch.inputFile(args.head, 'head'), MAX_REPORT_BYTES));
    const diff = diffRuns(base, head);
    const { cases, ...summary } = diff;
    return { data: { ...summary, changedTrials: cases.slice(0, 20), changedTrialsTotal: cases.length } };
  },
});
