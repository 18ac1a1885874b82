// The tools `toolmark mcp` offers over stdio, in the order tools/list shows them: the two shared with the
// service's /mcp (they read local files through McpLocal) and the three that act on the operator's target
// within its launch guards. Nothing here reads a database, so the packed CLI bundles exactly this list.
import type { McpToolDef } from '../../../mcp/tool.js';
import { lintSurfaceTool } from '../../../mcp/tools/lint-surface.js';
import { validateTasksTool } from '../../../mcp/tools/validate-tasks.js';
import { diffResultsTool } from './diff-results.js';
import { estimateEvaluationTool } from './estimate-evaluation.js';
import { runEvaluationTool } from './run-evaluation.js';

export const stdioTools: McpToolDef[] = [lintSurfaceTool, validateTasksTool, estimateEvaluationTool, runEvaluationTool, diffResultsTool];
