import { FAILURE_LIMITS, FailureReportFieldsSchema } from '@toolmark/benchmarks';
import { z } from 'zod';
import { reportFailure } from '../../pipelines/failures.js';
import { serviceOf } from '../context.js';
import { callerOf, serverRefOf, serverRefShape } from '../failure-args.js';
import { defineTool } from '../tool.js';

/** report_failure — an agent says which tool call went wrong on a server, for the failure knowledge base. */
export const reportFailureTool = defineTool({
  name: 'report_failure',
  title: 'Report a failed tool call',
  description:
    'Records one failed tool call of yours on an MCP server in toolmark\'s failure knowledge base: the tool you called (or none), the tool that ' +
    'should have been called (or none), the kind (wrong_tool, bad_arguments, call_when_none_fitted, no_call_when_one_fitted) and your model. ' +
    'Use it after you notice you picked the wrong tool, e.g. {"server": "memory", "toolCalled": "search_nodes", "expectedTool": "open_nodes", ' +
    '"kind": "wrong_tool", "model": "anthropic/claude-sonnet-5-5"}. Do not use it for errors of the server itself (timeouts, crashes). ' +
    'Needs an agent key (Bearer). The utterance is optional, stored only for the server\'s organisation and never published. ' +
    `Limits: ${FAILURE_LIMITS.reportsPerHour} reports per key and ${FAILURE_LIMITS.reportsPerOrganisationPerHour} per organisation per hour; the same report from your organisation within ${FAILURE_LIMITS.dedupeWindowHours} hours is a duplicate and stores nothing. ` +
    'Returns the report id and status (stored or duplicate).',
  inputSchema: { ...serverRefShape, ...FailureReportFieldsSchema },
  outputSchema: z.object({
    status: z.enum(['stored', 'duplicate']),
    reportId: z.string(),
    reportedAt: z.string(),
    server: z.object({ id: z.string(), slug: z.string(), name: z.string() }).nullable(),
    surfaceHash: z.string(),
    utteranceStored: z.boolean(),
    dedupeWindowHours: z.number(),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  needs: 'agent-key',
  async run(ctx, args) {
    const service = serviceOf(ctx);
    const auth = callerOf(ctx.auth, 'post failures');
    const data = await reportFailure(service, auth, serverRefOf(args), {
      toolCalled: args.toolCalled,
      expectedTool: args.expectedTool,
      kind: args.kind,
      model: args.model,
      utterance: args.utterance,
    });
    return { data };
  },
});
