import { finding, type ToolRule } from '../../types.js';
import type { ToolContext, ToolFacts } from '../facts.js';
import { T } from '../thresholds.js';

/** `heavy_tool` (minor): the tool's name, description and input schema cost many tokens in every request. */
export const heavyTool: ToolRule<ToolFacts, ToolContext> = {
  code: 'heavy_tool',
  check: (t, s) =>
    t.tokens > T.heavyToolTokens
      ? [
          finding('heavy_tool', 'minor', `tool costs ${t.tokens} tokens (${s.tokenizer}) in every request`, {
            tool: t.name,
            fields: ['description', 'inputSchema'],
            data: { tokens: t.tokens, maximum: T.heavyToolTokens, tokenizer: s.tokenizer },
          }),
        ]
      : [],
};
