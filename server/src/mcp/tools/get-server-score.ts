import { securityStatus } from '@toolmark/benchmarks';
import { IdOrSlugParamsSchema, SecurityStatusSchema } from '@toolmark/benchmarks/api';
import { latestLint } from '@toolmark/db';
import { z } from 'zod';
import { visibleServer } from '../../pipelines/visibility.js';
import { compactLint, LintOutputSchema } from '../compact.js';
import { serviceOf } from '../context.js';
import { defineTool, McpToolError } from '../tool.js';

/** get_server_score — GET /v1/servers/{id}/lint/latest for an agent: the latest score, findings and confusable pairs. */
export const getServerScoreTool = defineTool({
  name: 'get_server_score',
  title: 'Get a server\'s score',
  description:
    'Look up an MCP server on the toolmark leaderboard by its slug or id and return the latest lint score of its latest version: the mean and band, each tool\'s score, the most severe findings and the pairs of tools a model may confuse. ' +
    'Use it before you install or call a public server; search_leaderboard finds the slug. detail=true returns the full lint result.',
  inputSchema: {
    server: IdOrSlugParamsSchema.shape.id.describe('The server\'s slug (as in /servers/<slug>, e.g. "memory") or its id (a UUID)'),
    detail: z.boolean().default(false).describe('true: the full lint result with per-category notes; default false, a compact summary'),
  },
  // The compact lint's fields beside server and security, or with detail the whole result under `result`.
  outputSchema: z.looseObject({
    server: z.object({
      id: z.string(),
      slug: z.string(),
      name: z.string(),
      public: z.boolean(),
      version: z.object({ seq: z.number(), label: z.string().nullable(), capturedAt: z.string() }),
    }),
    security: SecurityStatusSchema,
    score: LintOutputSchema.shape.score.optional(),
    band: LintOutputSchema.shape.band.optional(),
    result: z.looseObject({ score: LintOutputSchema.shape.score }).optional(),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(ctx, args) {
    const service = serviceOf(ctx);
    // Private servers exist only for keys of their own organisation: to anyone else, not found (as in the REST API).
    const server = await visibleServer(service.db, args.server, ctx.auth ? { organisationId: ctx.auth.orgId } : null);
    if (!server) throw new McpToolError('not_found', `no server with id or slug ${args.server}`, { serverId: args.server });
    const latest = await latestLint(service.db, server.id);
    if (!latest) throw new McpToolError('not_scored', `server ${server.slug} has no score yet`, { serverId: server.id, captureStatus: server.captureStatus });
    const about = { id: server.id, slug: server.slug, name: server.name, public: server.public, version: { seq: latest.seq, label: latest.label, capturedAt: latest.capturedAt.toISOString() } };
    return { data: { server: about, security: securityStatus(latest.result), ...(args.detail ? { result: latest.result } : compactLint(latest.result)) } };
  },
});
