// What the MCP tools are in the packed CLI (GET /cli/toolmark.tgz): `toolmark mcp` serves only the tools
// offered over stdio, and the tarball carries no database, so the build puts this list in place of
// mcp/tools/index.ts for the bundle. pack/mcp-tools.test.ts checks it is exactly the stdio tools of that list.
import type { McpToolDef } from '../mcp/tool.js';
import { diffResultsTool } from '../mcp/tools/diff-results.js';
import { estimateEvaluationTool } from '../mcp/tools/estimate-evaluation.js';
import { lintSurfaceTool } from '../mcp/tools/lint-surface.js';
import { runEvaluationTool } from '../mcp/tools/run-evaluation.js';
import { validateTasksTool } from '../mcp/tools/validate-tasks.js';

export const tools: McpToolDef[] = [lintSurfaceTool, validateTasksTool, estimateEvaluationTool, runEvaluationTool, diffResultsTool];
