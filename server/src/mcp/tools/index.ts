// The tools of the service's /mcp endpoint, in the order tools/list shows them (the stdio list is
// cli/mcp/tools/index.ts). Adding a tool: create tools/<kebab-id>.ts exporting a McpToolDef (see
// server/README.md, "Add an MCP tool"), and list it here, there, or in both.
import type { McpToolDef } from '../tool.js';
import { findServersTool } from './find-servers.js';
import { getJobTool } from './get-job.js';
import { getModelResultsTool } from './get-model-results.js';
import { getServerScoreTool } from './get-server-score.js';
import { lintServerTool } from './lint-server.js';
import { lintSurfaceTool } from './lint-surface.js';
import { queryFailuresTool } from './query-failures.js';
import { reportFailureTool } from './report-failure.js';
import { searchLeaderboardTool } from './search-leaderboard.js';
import { validateTasksTool } from './validate-tasks.js';

export const httpTools: McpToolDef[] = [
  findServersTool,
  lintSurfaceTool,
  validateTasksTool,
  getServerScoreTool,
  searchLeaderboardTool,
  getModelResultsTool,
  lintServerTool,
  getJobTool,
  reportFailureTool,
  queryFailuresTool,
];
