import { finding, type ToolRule } from '../../types.js';
import type { ToolContext, ToolFacts } from '../facts.js';

// Patterns stay within one sentence ([^.!?\n] instead of .), so "Lists all tools. You must log in." is not one.
const MODAL = String.raw`\b(must|should|always|never|instead|make sure|ensure|required to|have to)\b`;
/** Each English pattern names the other tool in the group `target`. */
const TARGETED: RegExp[] = [
  // "When using the send_email tool, always …" / "Before calling `x`, you must …"
  new RegExp(String.raw`\b(when|whenever|before|after|while)\s+(using|calling|invoking|running)\s+(the\s+)?[\x60'"]?(?<target>[\w.-]+)[\x60'"]?(?<tool>\s+tool)?\b[^.!?\n]{0,80}${MODAL}`, 'gi'),
];
/** Patterns about other tools in general. */
const GENERAL: RegExp[] = [
  // "all other tools must …", "any tool should …"
  new RegExp(String.raw`\b(all|any|every)\s+(other\s+)?tools?\b[^.!?\n]{0,80}${MODAL}`, 'gi'),
  /(他の|すべての|全ての)ツール[^。！？\n]{0,40}(必ず|常に|してはいけません|しないでください)/gu,
];
// "the send_email tool must always …": found from the literal phrase, then the word before it is read.
const TOOL_MUST = /\btool\s+(must|should)\s+(always|never|only|first)\b/gi;
const WORD_BEFORE = /[\x60'"]?([\w.-]+)[\x60'"]?\s+$/;
const SELF = new Set(['this', 'it', 'that', 'these', 'those', 'a', 'an', 'the', 'your', 'our', 'my', 'any', 'each', 'tool', 'same']);

/** A name that refers to some tool other than this one: a sibling's name, or an identifier-like word named as a tool. */
function otherTool(target: string, t: ToolFacts, s: ToolContext, namedAsTool: boolean): boolean {
  if (target === t.name || SELF.has(target.toLowerCase())) return false;
  if (s.names.has(target)) return true;
  const identifierLike = /[_.-]/.test(target) || /[a-z][A-Z]/.test(target);
  return identifierLike || namedAsTool;
}

/** `tool_shadowing` (required): the description tells the model how to use other tools (this server's or another's). */
export const toolShadowing: ToolRule<ToolFacts, ToolContext> = {
  code: 'tool_shadowing',
  check: (t, s) => {
    const text = t.description;
    const report = (excerpt: string, target: string | null) => [
      finding('tool_shadowing', 'required', `description steers how other tools are used ("${excerpt.slice(0, 80)}")`, {
        tool: t.name,
        fields: ['description'],
        data: { excerpt: excerpt.slice(0, 120), target },
      }),
    ];
    for (const re of TARGETED) {
      re.lastIndex = 0;
      for (let m = re.exec(text); m !== null; m = re.exec(text)) {
        const target = m.groups?.target ?? '';
        if (otherTool(target, t, s, m.groups?.tool !== undefined)) return report(m[0], target);
        re.lastIndex = m.index + 1;
      }
    }
    TOOL_MUST.lastIndex = 0;
    for (let m = TOOL_MUST.exec(text); m !== null; m = TOOL_MUST.exec(text)) {
      const target = WORD_BEFORE.exec(text.slice(Math.max(0, m.index - 80), m.index))?.[1];
      if (target !== undefined && otherTool(target, t, s, true)) return report(`${target} ${m[0]}`, target);
    }
    for (const re of GENERAL) {
      re.lastIndex = 0;
      const m = re.exec(text);
      if (m) return report(m[0], null);
    }
    return [];
  },
};
