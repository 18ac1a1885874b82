import { LATEST_RULES, publishedRuleSetIds, type RuleSetId } from '@toolmark/benchmarks';
import { z } from 'zod';
import { lintTools, unwrap } from '../../cpu/tasks.js';
import { LintOutputSchema } from '../compact.js';
import { defineTool } from '../tool.js';

/** lint_surface — `toolmark lint --json` on a tools/list given inline: pure, nothing stored, nothing contacted. */
export const lintSurfaceTool = defineTool({
  name: 'lint_surface',
  title: 'Lint a tool surface',
  description:
    'Score the tools of an MCP server from its tools/list, given inline: each tool gets 0-100 points, with findings and the pairs of tools a model may confuse. ' +
    'Use it before you install or call a server, or to check your own tools; nothing is stored and no server is contacted. ' +
    'Returns the server mean, band (sunny, cloudy or rain), each tool\'s score and the most severe findings; detail=true returns the full lint result of the CLI.',
  inputSchema: {
    tools: z
      .array(z.record(z.string(), z.unknown()))
      .min(1)
      .max(200)
      .describe('The tools array of a tools/list result, each with name, description and inputSchema, e.g. [{"name":"get_user","description":"…","inputSchema":{"type":"object"}}]; at most 200 tools, 1 MiB'),
    rules: z.enum(publishedRuleSetIds() as [string, ...string[]]).default(LATEST_RULES).describe(`Rules version to score with; default ${LATEST_RULES}, the latest`),
    detail: z.boolean().default(false).describe('true: the full lint result with per-category notes; default false, a compact summary'),
  },
  outputSchema: LintOutputSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(ctx, args) {
    // Over http on the service's worker threads, within the request's CPU budget; over stdio here (one user).
    const input = { tools: args.tools, rules: args.rules as RuleSetId, detail: args.detail };
    return { data: ctx.cpu ? await ctx.cpu.run('lintTools', input) : unwrap(await lintTools(input)) };
  },
});
