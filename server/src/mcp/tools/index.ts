// Every MCP tool, one per file (the i17-mcp branch owns this list; the knowledge-base tools join it at merge).
import type { McpToolDef } from '../tool.js';
import queryFailures from './query-failures.js';
import reportFailure from './report-failure.js';

/** The tools offered, in the order `tools/list` shows them. */
export const tools: McpToolDef[] = [reportFailure, queryFailures] as unknown as McpToolDef[];
