// Test helpers for rules v1: build tools and facts with a real tokenizer, run one rule or the whole set.
import type { Finding, LintResult } from '../../../contracts/lint-result.js';
import type { Tool } from '../../../contracts/tool.js';
import { parseSurfaceValue } from '../../../surface/parse.js';
import { loadTokenCounter } from '../../../text/tokens.js';
import type { ServerRule, ToolRule } from '../../types.js';
import { surfaceFacts, type SurfaceFacts, type ToolFacts } from '../facts.js';
import { rulesV1 } from '../index.js';

/** A tool with sensible defaults; override any field. */
export function tool(partial: Partial<Tool> & { name?: string } = {}): Tool {
  return { name: 'read_file', inputSchema: { type: 'object' }, ...partial } as Tool;
}

/** Facts of a surface made of these tools (parsed like real input). */
export async function facts(tools: Tool[]): Promise<SurfaceFacts> {
  return surfaceFacts(parseSurfaceValue({ tools }), await loadTokenCounter());
}

/** Findings of one per-tool rule on the first tool (siblings give the surface context). */
export async function runToolRule(rule: ToolRule<ToolFacts, SurfaceFacts>, t: Tool, siblings: Tool[] = []): Promise<Finding[]> {
  const s = await facts([t, ...siblings]);
  return rule.check(s.tools[0]!, s);
}

/** Findings of one server-wide rule. */
export async function runServerRule(rule: ServerRule<SurfaceFacts>, tools: Tool[]): Promise<Finding[]> {
  return rule.check(await facts(tools));
}

/** The full v1 result of a surface. */
export async function lintV1(tools: Tool[]): Promise<LintResult> {
  return rulesV1.lint(parseSurfaceValue({ tools }), { countTokens: await loadTokenCounter() });
}
