import { ToolmarkError } from '@toolmark/benchmarks';
import { z } from 'zod';
import { lintServer } from '../../pipelines/lint-server.js';
import { serviceOf } from '../context.js';
import { callerOf } from '../failure-args.js';
import { LintJobSchema, lintJobAnswer } from '../lint-job.js';
import { defineTool, McpToolError } from '../tool.js';

/** lint_server — score a server by npm package or URL: the service captures it (sandbox, SSRF policy) and lints it; poll get_job. */
export const lintServerTool = defineTool({
  name: 'lint_server',
  title: 'Lint a server by package or URL',
  description:
    'Score an MCP server you have not got the tools/list of: give its npm package (e.g. "@modelcontextprotocol/server-memory") or its Streamable HTTP URL. ' +
    'toolmark captures its tools in its sandbox and lints them, as a private server of your organisation; this takes seconds to minutes, so the answer is a job: ' +
    'call get_job with it until status is scored or failed. Asking again for the same package or URL answers the same job. Needs an agent key (Bearer). ' +
    'Returns the job id, status and, once scored, the score, band and findings.',
  inputSchema: {
    package: z.string().min(1).max(300).optional().describe('An npm package spec, e.g. "@playwright/mcp@0.0.41"'),
    url: z.url({ protocol: /^https?$/ }).max(2000).optional().describe('Or the server\'s HTTP URL, e.g. "https://mcp.example.com/mcp"'),
  },
  outputSchema: LintJobSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  needs: 'agent-key',
  async run(ctx, args) {
    const service = serviceOf(ctx);
    const caller = callerOf(ctx.auth, 'lint servers');
    if ((args.package === undefined) === (args.url === undefined)) {
      throw new McpToolError('invalid_arguments', 'arguments: give exactly one of package and url', { path: 'arguments.package' });
    }
    const source = args.package !== undefined ? { kind: 'npm' as const, package: args.package } : { kind: 'url' as const, url: args.url! };
    try {
      return { data: lintJobAnswer(await lintServer(service, caller, source), false) };
    } catch (error) {
      // The registration path names its body's fields; the agent sent arguments.
      const path = error instanceof ToolmarkError ? (error.detail as { path?: unknown }).path : undefined;
      if (typeof path === 'string' && path.startsWith('body.source')) {
        const argument = `arguments.${source.kind === 'npm' ? 'package' : 'url'}`;
        throw new ToolmarkError((error as ToolmarkError).code, (error as Error).message, { ...((error as ToolmarkError).detail as Record<string, unknown>), path: argument });
      }
      throw error;
    }
  },
});
