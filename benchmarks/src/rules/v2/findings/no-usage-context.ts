import { finding, type ToolRule } from '../../types.js';
import type { ToolContext, ToolFacts } from '../facts.js';
import { mentionedSiblings, nearNamesakes } from '../signals.js';

/**
 * `no_usage_context`: the description gives no usage guidance at all — not when to use the tool, not when
 * not to, no alternative (a cue or a sibling's name). Minor, because most tools are told apart by what they
 * do; required when another tool's name extends this one's or is extended by it (`read_file` /
 * `read_text_file`): then the names do not tell them apart and only usage guidance does.
 */
export const noUsageContext: ToolRule<ToolFacts, ToolContext> = {
  code: 'no_usage_context',
  check: (t, s) => {
    if (!t.hasDescription || t.cues.usageWhen || t.cues.usageWhenNot || t.cues.usageAlternative || mentionedSiblings(t, s).length > 0) return [];
    const namesakes = nearNamesakes(t, s);
    return [
      namesakes.length > 0
        ? finding('no_usage_context', 'required', `nothing says when to use this tool rather than ${namesakes.join(', ')}, whose names are close to its own`, {
            tool: t.name,
            fields: ['description'],
            data: { namesakes },
          })
        : finding('no_usage_context', 'minor', 'nothing says when to use or not use this tool', { tool: t.name, fields: ['description'], data: { namesakes } }),
    ];
  },
};
