// What a tool reads from its context, or the one refusal when it runs on the other transport (the stdio
// side's launchOf is cli/mcp/guards.ts).
import { McpToolError, type McpContext, type McpService } from './tool.js';

/** The service's dependencies of an http call. */
export function serviceOf(ctx: McpContext): McpService {
  if (ctx.service === undefined) throw new McpToolError('unavailable', 'this tool reads the toolmark service\'s database: call it on the service\'s /mcp endpoint');
  return ctx.service;
}
