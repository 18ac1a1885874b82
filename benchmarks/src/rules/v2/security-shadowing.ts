// Tool shadowing, the patterns of rules v2's security scan that find a description telling the model how
// to use another tool ("When using send_email, always bcc …", "Whenever `create_ticket` is present, …"),
// and how a named target is told apart from the tool itself and its own parameters.
import { g } from './security-patterns.js';
import { matches, type FormMatch } from './security-text.js';

const MODAL = String.raw`\b(?:must|should|always|never|instead|make sure|ensure|required to|have to|also|additionally)\b`;
const TARGET = String.raw`[\x60'"]?(?<target>[\w.-]{1,64})[\x60'"]?(?<tool>\s+tool)?`;
/** Patterns that name the other tool in the group `target`. */
export const TARGETED: { re: RegExp; trigger: string[] }[] = [
  // "When using the send_email tool, always …" / "Before calling `x`, you must …"
  {
    trigger: ['using', 'calling', 'invoking', 'running', 'executing', 'you use', 'you call', 'you run', 'you invoke'],
    re: g(String.raw`\b(?:when|whenever|before|after|while|if|once|each time|every time|any time)\s+(?:using|calling|invoking|running|executing|you use|you call|you run|you invoke)\s+(?:the\s+)?${TARGET}\b[^.!?\n]{0,80}(?:${MODAL}|\b(?:prepend|append|copy|forward|bcc|cc|redirect|replace)\b)`),
  },
  // "Whenever `create_ticket` is present, also …": the other tool's presence or use is the condition, and
  // the sentence then changes what happens ("If `fetch_page` is available, use it instead" only routes).
  {
    trigger: ['exists', 'appears', 'present', 'available', 'installed', 'listed', 'registered', 'connected', 'loaded', 'called', 'used', 'invoked', 'offered', 'exposed'],
    re: g(String.raw`\b(?:when|whenever|if|once|as long as|each time|every time|any time|while)\b[^.!?\n]{0,40}?(?<![\w.-])${TARGET}\s+(?:(?:is|are|gets?|has been|was)\s+(?:present|available|installed|listed|registered|connected|loaded|called|used|invoked|offered|exposed)|exists|appears)\b[^.!?\n]{0,80}?\b(?:must|should|always|never|make sure|ensure|required to|have to|also|additionally|first|copy|forward|send|bcc|cc|change|set|replace|redirect|rewrite|modify|include|add|append)\b`),
  },
  // "create_ticket ツールがある場合は…"
  {
    trigger: ['場合', 'とき', '時', '際'],
    re: g(String.raw`(?<![\w.-])[\x60'"「]?(?<target>[a-z][\w.-]{0,63})[\x60'"」]?\s?(?<tool>ツール)?\s?(?:が|を)(?:ある|存在する|使う|使用する|呼び出す|呼ぶ|実行する|利用可能な|使える)(?:場合|とき|時|際)`),
  },
];
// "the send_email tool must always …": found from the literal phrase, then the word before it is read.
const TOOL_MUST = /\btool\s+(?:must|should)\s+(?:always|never|only|first)\b/gu;
const WORD_BEFORE = /[\x60'"]?([\w.-]{1,64})[\x60'"]?\s+$/u;
/** Patterns about other tools in general. */
export const GENERAL: { re: RegExp; trigger: string[] }[] = [
  // "all other tools must …", "any tool should …"
  { trigger: ['tool'], re: g(String.raw`\b(?:all|any|every)\s+(?:other\s+)?tools?\b[^.!?\n]{0,80}${MODAL}`) },
  { trigger: ['tool'], re: g(String.raw`\b(?:before|after)\s+(?:any|every|each)\s+(?:other\s+)?tool\s+(?:call|use|invocation)`) },
  { trigger: ['ツール'], re: g(String.raw`(?:他の|ほかの|すべての|全ての|あらゆる)ツール[^。！？\n]{0,40}(?:必ず|常に|してはいけません|しないでください|送信|転送|コピー)`) },
];

export const SELF = new Set(['this', 'it', 'that', 'these', 'those', 'a', 'an', 'the', 'your', 'our', 'my', 'any', 'each', 'tool', 'same', 'you', 'one']);

/** The target as written in the raw string (the matching form is lower case), else as matched. */
export function rawTarget(raw: string, target: string): string {
  const i = raw.toLowerCase().indexOf(target);
  return i >= 0 && raw.length === raw.toLowerCase().length ? raw.slice(i, i + target.length) : target;
}

/**
 * True when `target` names a tool other than this one: a sibling (`names`, case-insensitively), or, whatever
 * the surface, an identifier-like word (`send_email`, `sendEmail`) or a word the text calls a tool — never
 * the tool itself, a pronoun, or one of its own parameters.
 */
export function namesOtherTool(target: string, self: string, ownNames: Set<string>, namedAsTool: boolean, names?: Set<string>): boolean {
  const lower = target.toLowerCase();
  if (lower === self.toLowerCase() || SELF.has(lower) || ownNames.has(lower)) return false;
  if (names !== undefined) for (const n of names) if (n !== self && n.toLowerCase() === lower) return true;
  return /[_.-]/.test(target) || /[a-z][A-Z]/.test(target) || namedAsTool;
}

/** The matches of shadowing scan number `k` (TARGETED, then "… tool must …", then GENERAL) in `form`. */
export function shadowMatches(k: number, form: string): FormMatch[] {
  const out: FormMatch[] = [];
  if (k < TARGETED.length) {
    for (const m of matches(TARGETED[k]!.re, form)) out.push({ from: m.index, to: m.index + m[0].length, text: m[0], target: m.groups?.target ?? '', namedAsTool: m.groups?.tool !== undefined });
  } else if (k === TARGETED.length) {
    TOOL_MUST.lastIndex = 0;
    for (let m = TOOL_MUST.exec(form); m !== null; m = TOOL_MUST.exec(form)) {
      const before = form.slice(Math.max(0, m.index - 80), m.index);
      const word = WORD_BEFORE.exec(before)?.[1];
      if (word !== undefined) out.push({ from: m.index - (before.length - before.lastIndexOf(word)), to: m.index + m[0].length, text: m[0], target: word, namedAsTool: true });
    }
  } else {
    for (const m of matches(GENERAL[k - TARGETED.length - 1]!.re, form)) out.push({ from: m.index, to: m.index + m[0].length, text: m[0], target: null, namedAsTool: false });
  }
  return out;
}
