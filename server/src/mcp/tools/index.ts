// Every MCP tool, in the order tools/list shows them. Adding a tool: create tools/<kebab-id>.ts exporting a
// McpToolDef (see server/README.md, "Add an MCP tool"), and list it here.
import type { McpToolDef } from '../tool.js';
import { lintSurfaceTool } from './lint-surface.js';

export const tools: McpToolDef[] = [lintSurfaceTool];
