import { finding, type ToolRule } from '../../types.js';
import type { ToolContext, ToolFacts } from '../facts.js';

const SECRET_FILES = String.raw`~\/\.ssh|\bid_rsa\b|\bid_ed25519\b|(?:^|[\s'"\x60(])\.env\b|\bmcp\.json\b|\.aws\/credentials|\.npmrc\b|\.netrc\b|\/etc\/(?:passwd|shadow)\b`;

/** Patterns of instructions aimed at the model rather than describing the tool (tool poisoning). */
export const INSTRUCTION_PATTERNS: { id: string; en?: RegExp; ja?: RegExp; trigger: string[] }[] = [
  {
    id: 'ignore_previous',
    trigger: ['ignore', 'disregard', 'forget', '無視', '忘れ'],
    en: /\b(ignore|disregard|forget)\b.{0,20}\b(all |any |the )?(previous|prior|above|earlier|other|system)\b.{0,12}\b(instructions?|prompts?|rules|messages)\b/gi,
    ja: /(以前|前|これまで|上記)の(指示|命令|ルール)を(無視|忘れ)/gu,
  },
  { id: 'important_tag', trigger: ['<'], en: /<\s*\/?\s*(important|system|instructions?|secret|hidden)\s*>/gi },
  {
    id: 'conceal_from_user',
    trigger: ['user', 'ユーザー'],
    en: /\b(do not|don't|never|without)\b.{0,12}\b(tell|telling|inform|informing|notify|notifying|mention|mentioning|reveal|revealing|show|showing|alert|alerting)\b.{0,12}\b(the )?user\b/gi,
    ja: /ユーザー(に|には)(伝え|言わ|知らせ|表示し|見せ)(ない|ず)/gu,
  },
  {
    id: 'read_secrets',
    trigger: ['ssh', 'id_rsa', 'id_ed25519', '.env', 'mcp.json', '.aws', '.npmrc', '.netrc', '/etc/', 'key', '鍵', '認証情報'],
    en: new RegExp(String.raw`\b(read|reads|cat|open|opens|send|sends|pass|passes|attach|attaches|upload|uploads|forward|forwards|exfiltrate|exfiltrates|copy|copies)\b[^.;\n]{0,60}(${SECRET_FILES}|\b(private|ssh) keys?\b)`, 'gi'),
    ja: new RegExp(String.raw`((秘密鍵|SSH ?鍵|認証情報ファイル).{0,20}(読み|読ん|送信|送っ|添付|渡)|(${SECRET_FILES}).{0,30}(読み|読ん|送信|送っ|添付|渡))`, 'gu'),
  },
  {
    id: 'exfiltrate',
    trigger: ['http', '@', 'webhook'],
    en: /\b(send|sends|forward|forwards|post|posts|upload|uploads|exfiltrate|exfiltrates|leak|leaks|copy|copies)\b.{0,60}\b(to|into)\b.{0,12}(https?:\/\/|\b[\w.-]+@[\w-]+\.[\w.]+\b|webhook)/gi,
  },
  { id: 'role_override', trigger: ['you are now', 'from now on', 'act as', 'new instructions', '今から', 'これから'], en: /\b(you are now|from now on,? you|act as (an? )?(system|admin|administrator|developer)|new instructions:)/gi, ja: /(今から|これから)(あなたは|君は)/gu },
];

// "Never send your private key to …" warns the model away from the act. "Never forget to …" does not.
const NEGATION = /(?:\b(?:not|never|no)|n't)\s+((?:\w+\s+){0,2})$/i;
const DOUBLE_NEGATION = /\b(forget|fail|hesitate|neglect)\b/i;

/** True when the match at `index` is preceded by a plain negation. */
function negated(text: string, index: number): boolean {
  const m = NEGATION.exec(text.slice(Math.max(0, index - 30), index));
  return m !== null && !DOUBLE_NEGATION.test(m[1] ?? '');
}

/** The first match of `re` in `text` that is not negated (every start position is tried, overlaps too). */
function firstAffirmed(re: RegExp, text: string, negatable: boolean): RegExpExecArray | undefined {
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    if (!negatable || !negated(text, m.index)) return m;
    re.lastIndex = m.index + 1;
  }
  return undefined;
}

/** `hidden_instructions` (critical): text addressed to the model that a user would not see or expect. */
export const hiddenInstructions: ToolRule<ToolFacts, ToolContext> = {
  code: 'hidden_instructions',
  check: (t) => {
    const hits: { pattern: string; field: string; excerpt: string }[] = [];
    // Schema strings are joined by newlines: every pattern stops at a newline, so none spans two strings.
    const texts: [string, string][] = [['description', t.description], ['inputSchema', t.schemaText]];
    if (typeof t.tool.title === 'string') texts.push(['title', t.tool.title]);
    for (const [field, text] of texts) {
      const lower = text.toLowerCase();
      for (const p of INSTRUCTION_PATTERNS) {
        // A cheap literal test first (string search, no regex): most texts hold none of a pattern's key words.
        if (!p.trigger.some((word) => lower.includes(word))) continue;
        // "Do not tell the user" is itself the instruction: it is never treated as a negated warning.
        const negatable = p.id !== 'conceal_from_user';
        const m = (p.en && firstAffirmed(p.en, text, negatable)) ?? (p.ja && firstAffirmed(p.ja, text, false));
        if (m) hits.push({ pattern: p.id, field, excerpt: m[0].slice(0, 80) });
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
