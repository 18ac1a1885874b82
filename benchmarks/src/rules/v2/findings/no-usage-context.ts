import type { Finding } from '../../../contracts/lint-result.js';
import { finding, type ToolRule } from '../../types.js';
import type { ToolContext, ToolFacts } from '../facts.js';
import { mentionedSiblings } from '../signals.js';

/**
 * `no_usage_context` (minor): the description gives no usage guidance at all — not when to use the tool,
 * not when not to, no alternative (a cue or a sibling's name). Minor: most tools are told apart by what they
 * do (on the labelled corpus, 21 of the 167 tools without guidance need it). Where a sibling overlaps, the
 * defect is the pair, and `confusable_pair` reports it at required; this finding then names the sibling
 * ({@link withConfusable}) — one problem, one required finding.
 */
export const noUsageContext: ToolRule<ToolFacts, ToolContext> = {
  code: 'no_usage_context',
  check: (t, s) => {
    if (!t.hasDescription || t.cues.usageWhen || t.cues.usageWhenNot || t.cues.usageAlternative || mentionedSiblings(t, s).length > 0) return [];
    return [finding('no_usage_context', 'minor', 'nothing says when to use or not use this tool', { tool: t.name, fields: ['description'], data: { confusableWith: [] } })];
  },
};

/**
 * The tool's findings with `no_usage_context` naming the siblings it is confusable with (its
 * `confusableWith`, sorted): pairs depend on the other tools' descriptions, which a per-tool rule does not
 * see (its result is memoised by the tool and the names), so the surface step applies this. Returns the
 * same array when nothing changes.
 */
export function withConfusable(findings: Finding[], confusableWith: string[]): Finding[] {
  if (confusableWith.length === 0 || !findings.some((f) => f.code === 'no_usage_context')) return findings;
  return findings.map((f) =>
    f.code !== 'no_usage_context'
      ? f
      : { ...f, message: `nothing says when to use this tool rather than ${confusableWith.join(', ')}, which a model may confuse it with (confusable_pair)`, data: { confusableWith } },
  );
}
