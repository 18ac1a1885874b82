// Every MCP tool, in the order tools/list shows them. Adding a tool: create tools/<kebab-id>.ts exporting a
// McpToolDef (see server/README.md, "Add an MCP tool"), and list it here.
import type { McpToolDef } from '../tool.js';
import { diffResultsTool } from './diff-results.js';
import { estimateEvaluationTool } from './estimate-evaluation.js';
import { getServerScoreTool } from './get-server-score.js';
import { lintSurfaceTool } from './lint-surface.js';
import { queryFailuresTool } from './query-failures.js';
import { reportFailureTool } from './report-failure.js';
import { runEvaluationTool } from './run-evaluation.js';
import { searchLeaderboardTool } from './search-leaderboard.js';
import { validateTasksTool } from './validate-tasks.js';

export const tools: McpToolDef[] = [
  lintSurfaceTool,
  validateTasksTool,
  getServerScoreTool,
  searchLeaderboardTool,
  estimateEvaluationTool,
  runEvaluationTool,
  diffResultsTool,
  reportFailureTool,
  queryFailuresTool,
];
