// What a tool reads from its context, or the one refusal when it runs on the other transport.
import type { LaunchGuards } from './guards.js';
import { McpToolError, type McpContext, type McpService } from './tool.js';

/** The service's dependencies of an http call. */
export function serviceOf(ctx: McpContext): McpService {
  if (ctx.service === undefined) throw new McpToolError('unavailable', 'this tool reads the toolmark service\'s database: call it on the service\'s /mcp endpoint');
  return ctx.service;
}

/** The launch guards of a stdio call. */
export function launchOf(ctx: McpContext): LaunchGuards {
  if (ctx.launch === undefined) throw new McpToolError('unavailable', 'this tool is offered only by toolmark mcp over stdio');
  return ctx.launch;
}
