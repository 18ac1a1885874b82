// Test helpers of rules v4's security scan (a copy of v3's: it must bind to v4's securityFacts): the security codes a tool gets, decided as the three security
// rules decide them from its facts (hidden_instructions: a hit; tool_shadowing: a candidate naming another
// tool; invisible_characters: v2's rule, which v3 keeps), so that the corpus can be read without a full lint.
import type { Tool } from '../../../../contracts/tool.js';
import { normalizedDescription } from '../../../../surface/canonical.js';
import { invisibleCharacters } from '../invisible-characters.js';
import { namesOtherTool, securityFacts, securityMemo, type SecurityFacts, type SecurityMemo } from '../index.js';

export type SecurityCode = 'hidden_instructions' | 'tool_shadowing' | 'invisible_characters';

/** The security codes of `tool` on a surface with these other tool names. */
export function securityCodes(tool: Tool, siblings: string[] = [], memo: SecurityMemo = securityMemo()): { codes: SecurityCode[]; facts: SecurityFacts } {
  const facts = securityFacts(tool, normalizedDescription(tool), memo);
  const names = new Set([tool.name, ...siblings]);
  const codes: SecurityCode[] = [];
  if (facts.hits.length > 0) codes.push('hidden_instructions');
  if (facts.notPlain.some((i) => invisibleCharacters(facts.strings[i]!.text).length > 0)) codes.push('invisible_characters');
  if (facts.shadows.some((c) => c.target === null || namesOtherTool(c.target, tool.name, facts.ownNames, c.namedAsTool, names))) codes.push('tool_shadowing');
  return { codes, facts };
}
