import { finding, type ToolRule } from '../../types.js';
import type { SurfaceFacts, ToolFacts } from '../facts.js';

/** Patterns of instructions aimed at the model rather than describing the tool (tool poisoning). */
export const INSTRUCTION_PATTERNS: { id: string; en?: RegExp; ja?: RegExp }[] = [
  { id: 'ignore_previous', en: /\b(ignore|disregard|forget)\b.{0,20}\b(all |any |the )?(previous|prior|above|earlier|other|system)\b.{0,12}\b(instructions?|prompts?|rules|messages)\b/i, ja: /(以前|前|これまで|上記)の(指示|命令|ルール)を(無視|忘れ)/ },
  { id: 'important_tag', en: /<\s*\/?\s*(important|system|instructions?|secret|hidden)\s*>/i },
  { id: 'conceal_from_user', en: /\b(do not|don't|never|without)\b.{0,12}\b(tell|telling|inform|informing|notify|notifying|mention|mentioning|reveal|revealing|show|showing|alert|alerting)\b.{0,12}\b(the )?user\b/i, ja: /ユーザー(に|には)(伝え|言わ|知らせ|表示し|見せ)(ない|ず)/ },
  { id: 'read_secrets', en: /\b(read|cat|open|send|pass|attach|upload|forward|exfiltrate|copy)\b[^.;\n]{0,60}(~\/\.ssh|\bid_rsa\b|\bid_ed25519\b|(^|[\s'"`(])\.env\b|\bmcp\.json\b|\.aws\/credentials|\.npmrc\b|\.netrc\b|\/etc\/(passwd|shadow)\b|\b(private|ssh) keys?\b)/i, ja: /(秘密鍵|SSH ?鍵|認証情報ファイル).{0,20}(読み|送信|添付)/ },
  { id: 'exfiltrate', en: /\b(send|forward|post|upload|exfiltrate|leak|copy)\b.{0,60}\b(to|into)\b.{0,12}(https?:\/\/|\b[\w.-]+@[\w-]+\.[\w.]+\b|webhook)/i },
  { id: 'role_override', en: /\b(you are now|from now on,? you|act as (an? )?(system|admin|developer)|new instructions:|system prompt)\b/i, ja: /(今から|これから)(あなたは|君は)/ },
];

/** "Never send your private key to …" warns the model away from the act; it is not an instruction to do it. */
function negated(text: string, index: number): boolean {
  return /\b(not|never|n't|no)\s+(\w+\s+){0,2}$/i.test(text.slice(Math.max(0, index - 30), index));
}

/** `hidden_instructions` (critical): text addressed to the model that a user would not see or expect. */
export const hiddenInstructions: ToolRule<ToolFacts, SurfaceFacts> = {
  code: 'hidden_instructions',
  check: (t) => {
    const hits: { pattern: string; field: string; excerpt: string }[] = [];
    // Schema strings are joined by newlines: every pattern stops at a newline, so none spans two strings.
    const texts: [string, string][] = [['description', t.description], ['inputSchema', t.schemaStrings.join('\n')]];
    if (typeof t.tool.title === 'string') texts.push(['title', t.tool.title]);
    for (const [field, text] of texts) {
      for (const p of INSTRUCTION_PATTERNS) {
        const m = (p.en && p.en.exec(text)) ?? (p.ja && p.ja.exec(text));
        if (m && !(p.id !== 'conceal_from_user' && negated(text, m.index))) hits.push({ pattern: p.id, field, excerpt: m[0].slice(0, 80) });
      }
    }
    if (hits.length === 0) return [];
    const patterns = [...new Set(hits.map((h) => h.pattern))];
    return [
      finding('hidden_instructions', 'critical', `text addressed to the model, not describing the tool: ${patterns.join(', ')} ("${hits[0]!.excerpt}")`, {
        tool: t.name,
        fields: [...new Set(hits.map((h) => h.field))],
        data: { patterns, hits: hits.slice(0, 10) },
      }),
    ];
  },
};
