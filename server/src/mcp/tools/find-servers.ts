import { publicUrl } from '../../config.js';
import { findServers } from '../../pipelines/find-servers.js';
import { serviceOf } from '../context.js';
import { defineTool } from '../tool.js';
import { z } from 'zod';

const BandSchema = z.enum(['sunny', 'cloudy', 'rain']);

/** find_servers — "which server should I install to do X?": public servers by what they do, with score, security, results and install. */
export const findServersTool = defineTool({
  name: 'find_servers',
  title: 'Find a server for a job',
  description:
    'Find public MCP servers that do a job, described in your own words in English or Japanese (e.g. "read and click through web pages", "ブラウザを操作したい"): ' +
    'full-text search over server names, descriptions and tool text, best match first. Use it before you install a server; get_server_score then gives one server\'s findings. ' +
    'Returns per server its lint score and band (sunny, cloudy, rain), security status, the tools that match, each model\'s newest evaluation result and an install snippet.',
  inputSchema: {
    query: z.string().trim().min(2).max(300).describe('What the server should do, e.g. "scrape a website to markdown"'),
    limit: z.number().int().min(1).max(20).default(5).describe('Servers to return, 1-20, default 5'),
    detail: z.boolean().default(false).describe('true: also each server\'s description and every model\'s result; default false, the top 3 results'),
  },
  outputSchema: z.object({
    terms: z.array(z.string()),
    servers: z.array(
      z.object({
        slug: z.string(),
        name: z.string(),
        description: z.string().nullable().optional(),
        score: z.number(),
        band: BandSchema,
        security: z.enum(['clean', 'risk']),
        tools: z.number(),
        matchingTools: z.array(z.string()),
        results: z.array(z.object({ model: z.string(), baseline: z.boolean(), selectionAcc: z.number().nullable(), cases: z.string() })),
        install: z.union([z.object({ command: z.literal('npx'), args: z.array(z.string()) }), z.object({ type: z.literal('http'), url: z.string() })]).nullable(),
        page: z.string(),
      }),
    ),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(ctx, args) {
    const service = serviceOf(ctx);
    const found = await findServers(service, { query: args.query, limit: args.limit });
    const site = publicUrl(service.config);
    return {
      data: {
        terms: found.terms,
        servers: found.servers.map((s) => ({
          slug: s.slug,
          name: s.name,
          ...(args.detail ? { description: s.description } : {}),
          score: s.score,
          band: s.band,
          security: s.securityFindings > 0 ? ('risk' as const) : ('clean' as const),
          tools: s.toolCount,
          matchingTools: s.matchingTools.slice(0, args.detail ? 5 : 3),
          results: (args.detail ? s.results : s.results.slice(0, 3)).map((r) => ({ model: r.model, baseline: r.baseline, selectionAcc: r.selectionAcc, cases: r.cases })),
          install: s.install,
          page: `${site}/servers/${s.slug}`,
        })),
      },
    };
  },
});
