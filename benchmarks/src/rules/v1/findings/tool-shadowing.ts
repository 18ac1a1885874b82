import { finding, type ToolRule } from '../../types.js';
import type { SurfaceFacts, ToolFacts } from '../facts.js';

const MODAL = String.raw`\b(must|should|always|never|instead|make sure|ensure|required to|have to)\b`;
/** Each pattern names the other tool in the group `target` when it can. */
const PATTERNS: RegExp[] = [
  // "When using the send_email tool, always …" / "Before calling `x`, you must …"
  new RegExp(String.raw`\b(when|whenever|before|after|while)\s+(using|calling|invoking|running)\s+(the\s+)?[\`'"]?(?<target>[\w.-]+)[\`'"]?(\s+tool)?\b.{0,80}${MODAL}`, 'i'),
  // "the send_email tool must always …"
  /\b(the\s+)?[`'"]?(?<target>[\w.-]+)[`'"]?\s+tool\s+(must|should)\s+(always|never|only|first)\b/i,
  // "all other tools must …", "any tool should …"
  new RegExp(String.raw`\b(all|any|every)\s+(other\s+)?tools?\b.{0,80}${MODAL}`, 'i'),
  /(他の|すべての|全ての)ツール.{0,40}(必ず|常に|してはいけません|しないでください)/,
];
const SELF = new Set(['this', 'it', 'that', 'these', 'those', 'a', 'an', 'the', 'your', 'our', 'my', 'any', 'each']);

/** `tool_shadowing` (required): the description tells the model how to use other tools (this server's or another's). */
export const toolShadowing: ToolRule<ToolFacts, SurfaceFacts> = {
  code: 'tool_shadowing',
  check: (t) => {
    for (const re of PATTERNS) {
      const m = re.exec(t.description);
      if (!m) continue;
      const target = m.groups?.target;
      // A tool explaining its own use ("when using this tool, make sure …") is not shadowing.
      if (target !== undefined && (SELF.has(target.toLowerCase()) || target === t.name)) continue;
      return [
        finding('tool_shadowing', 'required', `description steers how other tools are used ("${m[0].slice(0, 80)}")`, {
          tool: t.name,
          fields: ['description'],
          data: { excerpt: m[0].slice(0, 120), target: target ?? null },
        }),
      ];
    }
    return [];
  },
};
