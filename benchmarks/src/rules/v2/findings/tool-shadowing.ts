import { finding, type ToolRule } from '../../types.js';
import type { ToolContext, ToolFacts } from '../facts.js';
import { namesOtherTool } from '../security.js';

/**
 * `tool_shadowing` (critical in v2): a string of the tool tells the model how to use another tool — of this
 * server or another one ("when using the send_email tool, always …", "whenever `create_ticket` is present,
 * also …", "all other tools must …"), within one sentence. The other tool must be a sibling's name, an
 * identifier-like word (`send_email`, `sendEmail`) or a word called a tool — never this tool, a pronoun or
 * one of its own parameters ("if `dry_run` is set" steers nothing). Candidates come from ../security.ts.
 */
export const toolShadowing: ToolRule<ToolFacts, ToolContext> = {
  code: 'tool_shadowing',
  check: (t, s) => {
    const found = t.security.shadows.find((c) => c.target === null || namesOtherTool(c.target, t.name, t.security.ownNames, c.namedAsTool, s.names));
    if (found === undefined) return [];
    return [
      finding('tool_shadowing', 'critical', `steers how other tools are used ("${found.excerpt.slice(0, 80)}" in ${found.path})`, {
        tool: t.name,
        fields: [found.field],
        data: { excerpt: found.excerpt, target: found.target, path: found.path },
      }),
    ];
  },
};
