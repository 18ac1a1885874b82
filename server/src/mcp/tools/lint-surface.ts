import { LATEST_RULES, lintSurface, parseSurfaceValue, ruleSets } from '@toolmark/benchmarks';
import { z } from 'zod';
import { nodeSha256Hex } from '../../native-hash.js';
import { cliTokenCounter } from '../../native-tokens.js';
import { compactLint } from '../compact.js';
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
    rules: z.enum(Object.keys(ruleSets) as [string, ...string[]]).default(LATEST_RULES).describe(`Rules version to score with; default ${LATEST_RULES}, the latest`),
    detail: z.boolean().default(false).describe('true: the full lint result with per-category notes; default false, a compact summary'),
  },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  transports: ['stdio', 'http'],
  async run(_ctx, args) {
    const surface = parseSurfaceValue({ tools: args.tools });
    const result = await lintSurface(surface, args.rules as keyof typeof ruleSets, { sha256Hex: nodeSha256Hex, tokens: await cliTokenCounter() });
    return { data: args.detail ? result : compactLint(result) };
  },
});
