import { storedText } from '@toolmark/benchmarks/api';
import { FAILURE_LIMITS } from '@toolmark/benchmarks';
import { z } from 'zod';
import { queryFailures } from '../../pipelines/failures.js';
import { serviceOf } from '../context.js';
import { callerOf, serverRefOf, serverRefShape } from '../failure-args.js';
import { defineTool } from '../tool.js';

/** query_failures — what agents reported about a server's tools, with the lint findings that explain it. */
export const queryFailuresTool = defineTool({
  name: 'query_failures',
  title: 'Look up known tool-call failures',
  description:
    'Looks up the failure knowledge base for an MCP server (or one of its tools): the confusions agents reported, each with its count of reports ' +
    `and of distinct reporting organisations (only confusions reported by at least ${FAILURE_LIMITS.publicMinOrganisations} organisations are shown, ` +
    'except to the server\'s own organisation), the lint findings that explain it (confusable pairs, missing usage context, schema findings) and the fix the rules suggest. ' +
    'Use it before calling tools of a server you have mistaken before, e.g. {"server": "memory", "tool": "search_nodes"}; do not use it to read a server\'s score ' +
    '(the lint tools do that). Needs an agent key (Bearer). Returns one page of confusions (the most widely reported first), total, and belowThreshold, the number not shown.',
  inputSchema: {
    ...serverRefShape,
    tool: storedText(FAILURE_LIMITS.toolName, { min: 1, trim: false }).optional().describe('Only confusions involving this tool, e.g. "search_nodes"'),
    limit: z.number().int().min(1).max(50).default(10).describe('Confusions per page, 1-50, default 10'),
    offset: z.number().int().min(0).max(100000).default(0).describe('Confusions to skip, for the next page'),
    language: z.enum(['en', 'ja']).default('en').describe('Language of the fixes: en (default) or ja'),
  },
  outputSchema: z.object({
    server: z.object({ id: z.string(), slug: z.string(), name: z.string() }).nullable(),
    surfaceHash: z.string(),
    tool: z.string().nullable(),
    rules: z.looseObject({ id: z.string() }).nullable(),
    publicMinOrganisations: z.number(),
    belowThreshold: z.number(),
    total: z.number(),
    offset: z.number(),
    language: z.enum(['en', 'ja']),
    confusions: z.array(
      z.object({
        toolCalled: z.string().nullable(),
        expectedTool: z.string().nullable(),
        kind: z.string(),
        reports: z.number(),
        organisations: z.number(),
        public: z.boolean(),
        predicted: z.boolean(),
        explanations: z.array(z.object({ code: z.string(), severity: z.string(), tool: z.string().nullable(), message: z.string(), fix: z.string().nullable() })),
      }),
    ),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  needs: 'agent-key',
  async run(ctx, args) {
    const service = serviceOf(ctx);
    const caller = callerOf(ctx.auth, 'query failures');
    return { data: await queryFailures(service, { organisationId: caller.organisationId }, serverRefOf(args), args.tool, { limit: args.limit, offset: args.offset, language: args.language }) };
  },
});
