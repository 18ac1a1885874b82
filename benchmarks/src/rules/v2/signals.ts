import { identifierTokens, segmentWords, stem } from '../../text/words.js';
import type { ParamFacts, ToolContext, ToolFacts } from './facts.js';
import {
  DESTRUCTIVE_JA,
  DESTRUCTIVE_VERBS,
  FILLER_WORDS,
  FILLER_WORDS_JA,
  BOOLEAN_MEANING,
  HTTP_METHOD_VERBS,
  matchesLexicon,
  NAME_WORDS_JA,
  ALTERNATIVE_PARAMS_EN,
  ALTERNATIVE_PARAMS_JA,
  NEEDED_PARAM_NAMES,
  NEEDED_PARAM_TOKENS,
  NEUTRAL_VERBS,
  OPTIONAL_PARAM,
  PREDICATE_NAME_TOKENS,
  PURE_READ_VERBS,
  READ_VERBS,
  REQUIRED_PARAM,
  VERBS,
  WRITE_VERBS,
} from './lexicons.js';
import { cueText } from './security.js';
import { T } from './thresholds.js';

// Derived signals shared by several categories and rules of v2.

/**
 * A Japanese first sentence that says what the tool does: it ends in a predicate (…します, …する, …ません,
 * …です), in a verbal noun (体言止め: "ユーザー一覧を取得", as common in Japanese docs as "Gets the users"
 * in English), or in "…するツール" ("a tool that …").
 */
const JA_PREDICATE = /(?:ます|します|する|す|る|た|ない|ください|ません|でした|だ)[。．.!！]?$/u;
const JA_VERBAL_NOUN =
  /(?:取得|作成|削除|検索|更新|送信|表示|追加|実行|変換|生成|登録|編集|保存|読み込み|書き込み|移動|複製|コピー|解析|抽出|確認|設定|開始|停止|要約|翻訳|アップロード|ダウンロード|出力|計算|分析|比較|同期|照会|参照|監視|記録|通知|承認|公開|復元|共有|招待|割り当て|変更|置換|挿入|並べ替え|集計|検証|評価|予約|キャンセル|接続|切断|起動|終了|インストール|エクスポート|インポート|クリック|入力|選択|スクロール|待機|撮影|キャプチャ|列挙|閲覧|調査|整形|圧縮|展開|暗号化|復号|購読|投稿|返信|転送|マージ|デプロイ|ビルド|リセット|消去|破棄|上書き|初期化|除外|無視|有効化|無効化|強制|許可|省略|追跡)(?:します|する)?[。．.!！]?$/u;
const JA_TOOL_THAT = /[るすくぐむぶつうたい](?:ための)?(?:ツール|機能|関数|API|コマンド|エンドポイント)(?:です)?[。．.!！]?$/u;

// A leading label before what the tool does: "📌 Overview:", "Notion |", "DEPRECATED:", "[Beta]", "(Legacy)".
// Words are letters joined by single separators and the label is read from the first 80 characters only,
// so the expression cannot backtrack over a long run ("a.a.a.…").
const LABEL = /^[^\p{L}\p{N}]{0,8}(?:[[(【][^\])】\n]{1,40}[\])】]|(?:[\p{L}\p{N}]+(?:['’_.-][\p{L}\p{N}]+)*[ \t]+){0,2}[\p{L}\p{N}]+(?:['’_.-][\p{L}\p{N}]+)*[ \t]*(?:[:：|]|[-—–][ \t]))/u;

// Openers before the verb that still say what the tool does: "This tool lists…", "Used to list…",
// "A tool that lists…", "Allows you to list…". Word sequences, lower-cased; tried longest first.
const OPENERS: string[][] = [
  'this tool will', 'this tool can', 'this tool', 'this function', 'this endpoint', 'this command', 'this action', 'this method',
  'this api', 'the tool', 'a tool that', 'a tool which', 'a tool to', 'a tool for', 'tool that', 'tool which', 'tool to', 'tool for',
  'can be used to', 'is used to', 'used to', 'allows you to', 'allows users to', 'allows the user to', 'allows', 'lets you', 'lets',
  'helps you', 'helps', 'enables you to', 'you can', 'it', 'will',
].map((o) => o.split(' '));

const isVerb = (w: string): boolean => VERBS.has(w) || VERBS.has(stem(w)) || (w.endsWith('es') && VERBS.has(w.slice(0, -2)));

/** The base form of an English verb word ("Lists" → list, "copies" → copy, "listing" → list), or undefined. */
function verbBase(word: string): string | undefined {
  const w = word.toLowerCase();
  if (VERBS.has(w)) return w;
  const s = stem(w);
  if (VERBS.has(s)) return s;
  if (w.endsWith('es') && VERBS.has(w.slice(0, -2))) return w.slice(0, -2);
  if (w.endsWith('ing') && w.length > 5) {
    const base = w.slice(0, -3);
    if (VERBS.has(base)) return base; // listing
    if (VERBS.has(`${base}e`)) return `${base}e`; // creating
    if (base.at(-1) === base.at(-2) && VERBS.has(base.slice(0, -1))) return base.slice(0, -1); // running
  }
  return undefined;
}

/** The verb at `start` of `words`, after one opener and up to two adverbs, as a base form. */
function verbAt(words: string[], start: number): string | undefined {
  let i = start;
  // Each word lower-cased once: ~35 openers are tried against the first words.
  const lowered: (string | undefined)[] = [];
  const lower = (k: number) => (k in lowered ? lowered[k] : (lowered[k] = words[k]?.toLowerCase()));
  for (const opener of OPENERS) {
    if (opener.every((w, k) => lower(i + k) === w)) {
      i += opener.length;
      break;
    }
  }
  // "Irreversibly removes", "Permanently and recursively deletes"
  for (let adverbs = 0; adverbs < 2; adverbs++) {
    const w = lower(i);
    if (w === undefined || !(w.length > 4 && w.endsWith('ly')) || isVerb(w)) break;
    i++;
    if (lower(i) === 'and') i++;
  }
  const w = words[i];
  return w === undefined ? undefined : verbBase(w);
}

/**
 * The verb an English description opens with, as a base form: possibly after an opener ("This tool",
 * "Used to", "A tool that") and up to two adverbs ("Irreversibly", "recursively"), or after a leading
 * label ("📌 Overview:", "Notion |", "[Beta]"). Undefined when the description opens with something else.
 */
export function openingVerb(t: ToolFacts): string | undefined {
  if (!t.hasDescription) return undefined;
  // Two readers per tool (the purpose category, looksPureRead): found once per facts object.
  if (openingVerbs.has(t)) return openingVerbs.get(t);
  const verb = findOpeningVerb(t);
  openingVerbs.set(t, verb);
  return verb;
}

const openingVerbs = new WeakMap<ToolFacts, string | undefined>();

function findOpeningVerb(t: ToolFacts): string | undefined {
  const plain = verbAt(t.words, 0);
  if (plain !== undefined) return plain;
  const label = LABEL.exec(t.description.slice(0, 80));
  return label === null ? undefined : verbAt(t.words, segmentWords(label[0]).length);
}

/** The description says what the tool does with a verb: English opens with one, Japanese ends its first sentence in a predicate. */
export function startsWithVerb(t: ToolFacts): boolean {
  if (!t.hasDescription) return false;
  if (t.language === 'ja') {
    const s = t.firstSentence;
    return JA_PREDICATE.test(s) || JA_VERBAL_NOUN.test(s) || JA_TOOL_THAT.test(s);
  }
  return openingVerb(t) !== undefined;
}

const NOT_CONTENT_JA = /[\u3040-\u309f\s\p{P}\p{S}]/gu;

/**
 * A Japanese description that only restates an English name: once the name's tokens, their Japanese words
 * (`NAME_WORDS_JA`) and filler (ツール) are taken out, only kana particles and endings are left.
 */
function restatesNameJa(t: ToolFacts): boolean {
  const words = [...FILLER_WORDS_JA];
  for (const token of t.nameTokens) {
    words.push(token);
    for (const w of NAME_WORDS_JA[token] ?? NAME_WORDS_JA[stem(token)] ?? []) words.push(w);
  }
  let rest = t.description.toLowerCase();
  for (const w of words.sort((a, b) => b.length - a.length)) {
    const lower = w.toLowerCase();
    if (rest.includes(lower)) rest = rest.split(lower).join(' ');
  }
  return rest.replace(NOT_CONTENT_JA, '') === '';
}

/** The description says nothing beyond the words of the name (and filler such as "tool"). */
export function restatesName(t: ToolFacts): boolean {
  // Three readers per tool (the purpose category, restates_name, too_short): decided once per facts object.
  let restates = restatesMemo.get(t);
  if (restates === undefined) restatesMemo.set(t, (restates = decideRestatesName(t)));
  return restates;
}

const restatesMemo = new WeakMap<ToolFacts, boolean>();

function decideRestatesName(t: ToolFacts): boolean {
  if (!t.hasDescription || t.contentWords.size === 0) return false;
  if (t.language === 'ja') return restatesNameJa(t);
  const nameWords = new Set(t.nameTokens.map(stem));
  for (const w of t.contentWords) {
    if (!nameWords.has(w) && !FILLER_WORDS.has(w)) return false;
  }
  return true;
}

const IDENTIFIER = /[A-Za-z0-9_.-]+/g;

/**
 * Names of other tools of the surface that this description mentions by name (names of 4+ characters;
 * a trailing "." or "-" is punctuation), in its own text (a name in text most tools share points nowhere
 * in particular). One pass over the description's identifier-like tokens.
 */
export function mentionedSiblings(t: ToolFacts, s: ToolContext): string[] {
  if (!t.hasDescription) return [];
  // Three readers per tool and lint (the usage category, no_usage_context, the pairs): found once.
  const memo = siblingsMemo.get(t);
  if (memo !== undefined && memo.names === s.names) return memo.found;
  const found = findSiblings(t, s);
  siblingsMemo.set(t, { names: s.names, found });
  return found;
}

const siblingsMemo = new WeakMap<ToolFacts, { names: Set<string>; found: string[] }>();

function findSiblings(t: ToolFacts, s: ToolContext): string[] {
  const out = new Set<string>();
  // A sentence with a security match names no alternative (it names the tool it shadows): the cue text
  // leaves it out, and is then scanned as identifiers. Only the tool's own text counts (not shared text).
  const text = cueText(t.ownDescription, t.security);
  // The words already segmented hold every snake_case or camelCase name whole; only names with "-" or "."
  // (which split words) need the identifier scan below.
  if (text === t.ownDescription && t.language !== 'ja' && !s.namesWithSeparators) {
    for (const word of t.words) {
      // "read_file's": a word ending in 's (apostrophe or ’), without it.
      const n = word.length;
      const possessive = n >= 2 && word.charCodeAt(n - 1) === 115 && (word.charCodeAt(n - 2) === 39 || word.charCodeAt(n - 2) === 0x2019);
      const w = possessive ? word.slice(0, -2) : word;
      if (w.length >= 4 && w !== t.name && s.names.has(w)) out.add(w);
    }
    return [...out];
  }
  for (const raw of text.match(IDENTIFIER) ?? []) {
    let end = raw.length;
    while (end > 0 && (raw.charCodeAt(end - 1) === 46 || raw.charCodeAt(end - 1) === 45)) end--;
    const token = end === raw.length ? raw : raw.slice(0, end);
    if (token.length >= 4 && token !== t.name && s.names.has(token)) out.add(token);
  }
  return [...out];
}

/** Kinds of operation a verb names; a neutral verb (run, start, execute) names none. */
export type VerbClass = 'read' | 'write' | 'destructive' | 'neutral';

function verbClass(w: string): VerbClass | undefined {
  if (DESTRUCTIVE_VERBS.has(w)) return 'destructive';
  if (READ_VERBS.has(w)) return 'read';
  if (WRITE_VERBS.has(w)) return 'write';
  if (NEUTRAL_VERBS.has(w)) return 'neutral';
  return undefined;
}

/**
 * The first token of the name found in the read, write, destructive or neutral verb lists, and its class:
 * the leading verb decides (`get_commit` reads, `send_password_reset_email` writes, `monitor_delete`
 * deletes, `run_query` says neither). An HTTP method prefix followed by a verb gives way to it
 * (`API-post-search` searches).
 */
export function leadingVerb(t: ToolFacts): { verb: string; kind: VerbClass } | undefined {
  const tokens = t.nameTokens;
  for (let i = 0; i < tokens.length; i++) {
    const w = tokens[i]!;
    const kind = verbClass(w);
    if (kind === undefined) continue;
    if (HTTP_METHOD_VERBS.has(w) && i + 1 < tokens.length) {
      const next = tokens[i + 1]!;
      const nextKind = verbClass(next);
      if (nextKind !== undefined && nextKind !== 'neutral') return { verb: next, kind: nextKind };
    }
    return { verb: w, kind };
  }
  return undefined;
}

/**
 * The operation looks destructive: by the name's leading verb; when the name has none (or a neutral one),
 * by the description's opening verb (English) or its first sentence's predicate (Japanese).
 */
export function looksDestructive(t: ToolFacts): string | undefined {
  const lead = leadingVerb(t);
  if (lead !== undefined && lead.kind !== 'neutral') return lead.kind === 'destructive' ? lead.verb : undefined;
  if (t.language === 'ja') return DESTRUCTIVE_JA.exec(t.firstSentence)?.[1];
  const verb = openingVerb(t);
  return verb !== undefined && DESTRUCTIVE_VERBS.has(verb) ? verb : undefined;
}

/** The name's leading verb writes (or destroys); a neutral verb (run, start) does not. */
export function looksWriting(t: ToolFacts): string | undefined {
  const lead = leadingVerb(t);
  return lead !== undefined && (lead.kind === 'write' || lead.kind === 'destructive') ? lead.verb : undefined;
}

/** The name's leading verb is one that only reads (get, list, search …; not query, load or check). */
export function looksPureRead(t: ToolFacts): string | undefined {
  const lead = leadingVerb(t);
  return lead !== undefined && lead.kind === 'read' && PURE_READ_VERBS.has(lead.verb) ? lead.verb : undefined;
}

/** True when the annotations carry at least one of the behaviour hints scored by v2. */
export function hasBehaviourHints(t: ToolFacts): boolean {
  return ['readOnlyHint', 'destructiveHint', 'idempotentHint'].some((k) => typeof t.annotations[k] === 'boolean');
}

/** A text (a parameter description) that opens with a verb or, in Japanese, ends in a predicate: "Include archived teams", "アーカイブ済みを含める". */
export function opensWithVerbPhrase(text: string): boolean {
  if (HAS_KANA_OR_KANJI.test(text)) {
    const first = (/^[\s\S]*?(?:[。！？]|\n|$)/u.exec(text)?.[0] ?? text).trim();
    if (JA_PREDICATE.test(first) || JA_VERBAL_NOUN.test(first)) return true;
  }
  const words = segmentWords(text);
  const first = words[0]?.toLowerCase();
  if (first === 'whether' || first === 'if' || first === 'when') return true;
  return verbAt(words, 0) !== undefined;
}
const HAS_KANA_OR_KANJI = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]/u;

/** A boolean parameter tells a model what true does: a description that says so, or is a verb phrase, or is long enough; without one, a predicate name. */
export function booleanIsClear(p: ParamFacts): boolean {
  const d = p.description;
  if (d === undefined) {
    const first = identifierTokens(p.name)[0];
    return first !== undefined && (PREDICATE_NAME_TOKENS.has(first) || verbBase(first) !== undefined);
  }
  if (matchesLexicon(d, BOOLEAN_MEANING)) return true;
  if (segmentWords(d).length >= T.booleanMinWords) return true;
  return opensWithVerbPhrase(d);
}

/**
 * A parameter that looks required: no default, nothing in its description says it may be left out, and
 * either its description says it is required or its name is the thing to act on (`id`, `path`, `url`, `query`).
 */
export function looksRequired(p: ParamFacts): boolean {
  if (p.hasDefault) return false;
  const d = p.description;
  if (d !== undefined && matchesLexicon(d, OPTIONAL_PARAM)) return false;
  if (d !== undefined && matchesLexicon(d, REQUIRED_PARAM)) return true;
  if (NEEDED_PARAM_NAMES.has(p.name.toLowerCase())) return true;
  const last = identifierTokens(p.name).at(-1);
  return last !== undefined && NEEDED_PARAM_TOKENS.has(last);
}

/** Lower-cased text of the spans where a tool description offers parameters as alternatives ("either `url` or `id`"). */
function alternativeSpans(t: ToolFacts): string {
  let out = '';
  const lower = t.description.toLowerCase();
  for (const m of lower.matchAll(ALTERNATIVE_PARAMS_EN)) out += ` ${m[1]}`;
  if (t.language === 'ja' || HAS_KANA_OR_KANJI.test(t.description)) for (const m of lower.matchAll(ALTERNATIVE_PARAMS_JA)) out += ` ${m[1]}`;
  return out;
}

/**
 * Parameters that look required when the schema has no (or an empty) `required` list, in name order, but
 * not those the description offers as alternatives. A non-empty list is the server's deliberate choice and
 * is taken as it is.
 */
export function missingRequired(t: ToolFacts): string[] {
  // Two readers per tool (the parameters category, no_required): found once per facts object.
  let missing = missingMemo.get(t);
  if (missing === undefined) missingMemo.set(t, (missing = findMissingRequired(t)));
  return missing;
}

const missingMemo = new WeakMap<ToolFacts, string[]>();

function findMissingRequired(t: ToolFacts): string[] {
  if (t.required !== undefined && t.required.length > 0) return [];
  const candidates = t.params.filter(looksRequired);
  if (candidates.length === 0) return [];
  const spans = alternativeSpans(t);
  return candidates.filter((p) => !new RegExp(`(?<![a-z0-9_])${escapeRe(p.name.toLowerCase())}(?![a-z0-9_])`).test(spans)).map((p) => p.name);
}

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
