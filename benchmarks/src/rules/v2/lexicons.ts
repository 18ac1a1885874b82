/**
 * Cue lexicons of rules v2, in English and Japanese. English cues are regular expressions matched on the
 * lower-cased description; Japanese cues are substrings. Both languages are always tried, so a mixed
 * description is read in both. Reasons for each list: ./README.md.
 */
export interface Lexicon {
  en: RegExp[];
  /** Japanese cues as substrings (fast, exact). */
  ja: string[];
  /**
   * Japanese cues as regular expressions, for phrasings with particles, adverbs or endings between the
   * parts of a cue ("場合に限って使ってください", "のにとても便利です"). Tried only on text with kana or kanji.
   */
  jaRe?: RegExp[];
  /** A match of `jaRe` whose text contains this does not count (e.g. "代わりに": the verb belongs to another tool). */
  jaReject?: RegExp;
}

/** Kana or kanji: only such text is tried against the Japanese cues. */
export const HAS_JA = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]/u;

const combined = new WeakMap<Lexicon, RegExp>();
const combinedJa = new WeakMap<Lexicon, RegExp | null>();

/** The source has a `|` outside every group and class (`\ba|b`): its leading `\b` belongs to its first branch only. */
function topLevelBar(source: string): boolean {
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) return true;
  }
  return false;
}

/**
 * The expressions of a lexicon as one alternation, in their order. A run of expressions that all start
 * with `\b` shares one `\b` before its group: the same branches tried in the same order at each
 * position (so the same matches, one by one), but V8 tests the boundary once per position instead of once
 * per branch — the cue lexicons ran ~20 % faster on the bench surfaces' descriptions.
 */
export function alternation(sources: string[]): string {
  const parts: string[] = [];
  let run: string[] = [];
  const flush = (): void => {
    if (run.length > 0) parts.push(`\\b(?:${run.map((s) => `(?:${s})`).join('|')})`);
    run = [];
  };
  for (const source of sources) {
    if (source.startsWith('\\b') && !topLevelBar(source)) run.push(source.slice(2));
    else {
      flush();
      parts.push(`(?:${source})`);
    }
  }
  flush();
  return parts.join('|');
}

const enRe = (lexicon: Lexicon, cache: WeakMap<Lexicon, RegExp>, flags: string): RegExp => {
  let re = cache.get(lexicon);
  // One alternation scans the text once instead of once per expression.
  if (re === undefined) cache.set(lexicon, (re = new RegExp(alternation(lexicon.en.map((r) => r.source)), flags)));
  return re;
};

const jaRe = (lexicon: Lexicon): RegExp | null => {
  let re = combinedJa.get(lexicon);
  if (re === undefined) {
    re = lexicon.jaRe && lexicon.jaRe.length > 0 ? new RegExp(lexicon.jaRe.map((r) => `(?:${r.source})`).join('|'), 'gu') : null;
    combinedJa.set(lexicon, re);
  }
  return re;
};

/**
 * True when `text` contains a cue of the lexicon; pass `lower` when the caller already has it lower-cased,
 * and `ja` (HAS_JA.test(text)) when it matches several lexicons on one text.
 */
export function matchesLexicon(text: string, lexicon: Lexicon, lower = text.toLowerCase(), ja?: boolean): boolean {
  if (enRe(lexicon, combined, '').test(lower)) return true;
  if (!(ja ?? HAS_JA.test(text))) return false;
  if (lexicon.ja.some((s) => text.includes(s))) return true;
  const re = jaRe(lexicon);
  if (re === null) return false;
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    if (lexicon.jaReject === undefined || !lexicon.jaReject.test(m[0])) return true;
    re.lastIndex = m.index + 1;
  }
  return false;
}

const combinedGlobal = new WeakMap<Lexicon, RegExp>();
const NEGATION_BEFORE = /(?:\b(?:not|never|no)|n't|\bavoid)\s+$/;
// "Do not use it when the user asks …", "Prefer get_schema when you only need …": the cue sits in a
// clause about not using this tool or about another tool.
// "When you need many pages, use crawl_site": the situation is the other tool's.
const OTHER_TOOL_AFTER = new RegExp(String.raw`^[^.;!?\n]{0,80}?,\s*(?:use|call|try|prefer)\s+(?:the\s+)?(?:[\x60'"][^\x60'"\n]{1,60}[\x60'"]|[a-z][a-z0-9]*(?:[_.\-/][a-z0-9]+)+)`);
const NOT_THIS_TOOL_BEFORE = new RegExp(
  String.raw`(?:(?:\b(?:not|never|avoid)|n't)\s+(?:use|using|call|calling|invoke|invoking)\b|\b(?:use|call|try|prefer)\s+(?:the\s+)?(?:[\x60'"][^\x60'"\n]{1,60}[\x60'"]|[a-z][a-z0-9]*(?:[_.\-/][a-z0-9]+)+))[^.;!?\n]*$`,
);
const NEGATION_AFTER_JA = /^.{0,4}(ない|ません|ず|避け)/u;

/**
 * Like {@link matchesLexicon}, but a cue that is negated does not count: "do not use it for …" is not a
 * "when to use" cue, nor is "…ときに使わないでください". Every match is tried, so a later affirmed cue still counts.
 */
export function matchesAffirmed(text: string, lexicon: Lexicon, lower = text.toLowerCase(), hasJa?: boolean): boolean {
  const re = enRe(lexicon, combinedGlobal, 'g');
  re.lastIndex = 0;
  for (let m = re.exec(lower); m !== null; m = re.exec(lower)) {
    if (
      !NEGATION_BEFORE.test(lower.slice(Math.max(0, m.index - 16), m.index)) &&
      !NOT_THIS_TOOL_BEFORE.test(lower.slice(Math.max(0, m.index - 80), m.index)) &&
      !OTHER_TOOL_AFTER.test(lower.slice(m.index, m.index + 160))
    )
      return true;
    re.lastIndex = m.index + 1;
  }
  if (!(hasJa ?? HAS_JA.test(text))) return false;
  for (const cue of lexicon.ja) {
    for (let i = text.indexOf(cue); i !== -1; i = text.indexOf(cue, i + 1)) {
      if (!NEGATION_AFTER_JA.test(text.slice(i + cue.length, i + cue.length + 8))) return true;
    }
  }
  const ja = jaRe(lexicon);
  if (ja === null) return false;
  ja.lastIndex = 0;
  for (let m = ja.exec(text); m !== null; m = ja.exec(text)) {
    const end = m.index + m[0].length;
    if (!NEGATION_AFTER_JA.test(text.slice(end, end + 8)) && (lexicon.jaReject === undefined || !lexicon.jaReject.test(m[0]))) return true;
    ja.lastIndex = m.index + 1;
  }
  return false;
}

// An identifier of another tool as written in prose: `backticked`, 'quoted', or snake/kebab/dotted
// (`list_items_v2`, `bulk-import`); a plain word ("quotes", "caution") is not one.
const OTHER_TOOL = String.raw`(?:[\x60'"][^\x60'"\n]{1,60}[\x60'"]|[a-z][a-z0-9]*(?:[_.\-/][a-z0-9]+)+)`;
// The same in Japanese prose, also in 「」 or 『』.
// It starts where no identifier character precedes it, so a long "a_a_a_…" is read once, not from every position.
const OTHER_TOOL_JA = String.raw`(?:(?<![A-Za-z0-9_.\-/])[A-Za-z][A-Za-z0-9]*(?:[_.\-/][A-Za-z0-9]+)+|[\x60「『"'][^\x60」』"'\n]{1,40}[\x60」』"'])`;
// Verbs of using or calling, in Japanese.
const USE_JA = '(?:使[いうえわっ]|使用|利用|呼び出|呼[ばびぶん]|実行し|選[ぶびん]|選択)';
// Up to n characters of the same sentence.
const SAME_SENTENCE = (n: number) => `[^。．！？!?\\n]{0,${n}}?`;

/** "When to use": the situation the tool is for. */
export const USAGE_WHEN: Lexicon = {
  en: [
    // "use this when …", "call it to …", "use this tool only if …" (the object is required: "the locale to use for dates" is not a cue)
    /\b(?:use|call|invoke|choose|pick|prefer|try|run) (?:this|it|me)(?: tool| function| endpoint| command| one)?(?: only| first| instead| primarily| mainly)? (?:when|if|to|for|whenever|after|before|once|as|on|in|over)\b/,
    // an imperative at the start of a sentence or heading: "Use when …", "Use for …", "Only use for …"
    /(?:^|[.!?:;\n(*#-]\s*|\b(?:only|always|best)\s+)use (?:only )?(?:when|if|for|to|whenever|after|before|once)\b/,
    /\bwhen to (?:use|call|invoke|choose)\b/,
    /\b(?:when|if) (?:you|the user|a user|users|an agent|the agent|the model|the assistant|a caller|the caller) (?:need|needs|want|wants|ask|asks|has|have|is|are|must|would like|wish|wishes|request|requests|only need|do not know|don't know|are unsure|already have|already know|have to)\b/,
    /\b(?:useful|helpful|ideal|best|designed|intended|meant|suited|suitable|great|perfect|good|handy|essential|recommended|appropriate|convenient|made) (?:for|when|to|if)\b/,
    /\bshould (?:only |always )?be (?:used|called|invoked|chosen)\b/,
    // "Use this instead of read_file …": this tool is the one to pick over another
    /\b(?:use|call|prefer|choose) (?:this|it)(?: tool| function)? (?:instead of|rather than|over)\b/,
    /\bto be used (?:when|for|if|to)\b/,
    /\bin (?:cases?|situations?|scenarios?) (?:where|when|like)\b/,
    /\bonly (?:when|if)\b/,
    /\bwhenever\b/,
    /\b(?:typical|common|main|primary) use[- ]cases?\b/,
    /\buse[- ]cases?\s*:/,
  ],
  ja: ['用途', '使いどころ', '使用場面', '利用場面', '使い方', '使う場面', '使うとき', '使うタイミング', '使用するタイミング'],
  jaRe: [
    // "…したいときに使います", "…の場合に限って使ってください", "…する際はこのツールを使用してください"
    new RegExp(`(?:とき|時|場合|際|ケース|前に|後に|あとで)(?:に|は|には|にのみ|のみ|だけ|に限って|に限り|でも|にも|なら)?${SAME_SENTENCE(16)}${USE_JA}`, 'u'),
    // "…を探すのにとても便利です", "…するために使います", "…には向いています"
    new RegExp(`(?:のに|ために|ための|には|用に|では)${SAME_SENTENCE(8)}(?:便利|役立|適して|最適|向いて|(?<!不)向き|${USE_JA})`, 'u'),
    // "read_file の代わりにこのツールを使ってください"
    /代わりに(?:この|本)ツール|の代わりに(?:これ|こちら)を/u,
    // "…の確認に便利です", "…に最適です", "…に使います"
    /に(?:とても|非常に|特に|大変|最も)?(?:便利|役立|最適|適して|向いて|使います|使用します|利用します|使えます)/u,
    // "…のみ使用してください", "…場合に限って呼び出します"
    new RegExp(`(?:のみ|だけ|に限って|に限り)${USE_JA}`, 'u'),
  ],
  // The verb belongs to another tool ("…場合は代わりに search_code を使ってください" is a "when not").
  jaReject: new RegExp(`代わりに(?!(?:この|本)ツール|これ|こちら)|ではなく|${OTHER_TOOL_JA}`, 'u'),
};

/** "When not to use": situations the tool is not for, deprecation, or a pointer elsewhere for some case. */
export const USAGE_WHEN_NOT: Lexicon = {
  en: [
    /\b(?:do not|don't|never|avoid|please don't) (?:use|using|call|calling|invoke|invoking|choose|pick)\b/,
    /\bavoid (?:it |this(?: tool)? )?(?:for|when|if|on|with)\b/,
    /\bnot (?:intended|meant|designed|suitable|suited|appropriate|recommended|ideal|useful|needed|made|to be used) (?:for|to|when|if|with|on)\b/,
    /\bshould (?:not|never) be (?:used|called|invoked)\b/,
    /\bnot for\b/,
    /\bonly (?:use|call|invoke) (?:this|it)\b/,
    /\b(?:does not|doesn't|cannot|can't|will not|won't) (?:work|handle|support)\b/,
    /\b(?:cannot|can't|can not|must not|mustn't) be used\b/,
    /\b(?:deprecated|obsolete|superseded|no longer (?:supported|maintained|recommended))\b/,
    // a pointer to another tool for some case: "use list_items_v2 instead", "use bulk_import instead for more
    // than 100 rows", "Use `firecrawl_search` when …", "use X for GitHub issues", "use X on a result when …"
    // (not a bare "use X with the number": a follow-up, not a case where this tool is the wrong one)
    new RegExp(String.raw`\b(?:use|call|try|prefer) (?:the )?${OTHER_TOOL}(?: tool| function)?(?: (?:instead|rather|for)\b|[^.;\n]{0,30}? (?:when|if|whenever|instead)\b)`),
    // "Prefer X when …" (not "prefer this …")
    /\bprefer (?!this\b|it\b)[^.;\n]{1,60}? (?:when|if|for|over)\b/,
    // "For more than 100 rows, use …", "If the job cannot finish, call …"
    /\b(?:for|when|if) [^.;\n]{1,80}?, (?:use|call|try|prefer) (?!this\b|it\b)/,
  ],
  ja: ['非推奨', '廃止予定', '廃止され', '不向き', '対象外', '非対応', '未対応', '推奨されません', '推奨しません'],
  jaRe: [
    // "使わないでください", "使用しないで", "使用できません", "呼び出さないこと"
    /(?:使|使用|利用|呼び出|呼|実行)(?:わ|い|し|でき|え|さ|ば)?(?:ない|ません|ず)/u,
    // "向いていません", "適していない", "対応していません", "向きません"
    /(?:向いて|適して|対応して|サポートして)(?:い)?(?:ない|ません)|向きません|向かない|適さない|適しません/u,
    // a pointer to another tool for some case: "…の場合は search_code を使ってください", "代わりに X を使って"
    new RegExp(`(?:場合|とき|時|際|には|なら|代わりに|ではなく)${SAME_SENTENCE(30)}${OTHER_TOOL_JA}${SAME_SENTENCE(8)}(?:${USE_JA}|を推奨)`, 'u'),
    new RegExp(`代わりに(?!(?:この|本)ツール|これ|こちら)${SAME_SENTENCE(40)}${USE_JA}`, 'u'),
    // "使用は避けてください" (avoid)
    /(?:使用|利用|使うの|呼び出し)(?:は|を)避け/u,
  ],
};

/** An alternative: what to use instead (a sibling tool's name also counts, checked separately). */
export const USAGE_ALTERNATIVE: Lexicon = {
  en: [
    /\binstead\b/,
    /\brather than\b/,
    /\bprefer\b/,
    /\balternatively\b/,
    /\bas opposed to\b/,
    /\bin place of\b/,
    /\b(?:superseded|replaced) by\b/,
    /\bin favou?r of\b/,
    /\bsee also\b/,
    /\b(?:better|faster|cheaper|more efficient) than\b/,
    // "use find_free_slots" names another tool, on this server or not
    new RegExp(String.raw`\b(?:use|call|try|prefer) (?:the )?${OTHER_TOOL}`),
  ],
  ja: ['代わりに', 'ではなく', '代替', '後継', '置き換え', 'おすすめ', 'お勧め', 'を優先'],
  jaRe: [
    // "find_free_slots を使ってください" names another tool (not "このツールを使って", not "UTF-8を使って")
    new RegExp(`${OTHER_TOOL_JA}\\s*(?:を|の方を)(?:${USE_JA})`, 'u'),
    /の方が(?:適|便利|速|効率|良|よ|向いて)/u,
    /推奨(?!され(?:ません|ない))/u,
    /より(?:も)?(?:効率|速|安|優れ|適して|便利|軽)/u,
  ],
};

/** What comes back. */
export const RETURNS: Lexicon = {
  en: [
    /\breturn(s|ed|ing)?\b/,
    /\boutputs?\b/,
    /\bresponds? with\b/,
    /\b(the )?(response|result|results|output) (is|are|contains?|includes?|will|lists?|has)\b/,
    /\byields?\b/,
    /\bgives? back\b/,
    /\bcomes? back\b/,
    /\bprovides? (a|an|the)? ?(list|summary|count|url|link|id|map|table|report|snapshot|screenshot)\b/,
    /\bresulting in\b/,
    /\breceive\b/,
  ],
  ja: ['返します', '返す', '返され', '返って', '返却', '返り値', '戻り値', '返ります', '出力します', 'を出力', '出力され', '結果を', '結果は', 'が得られ', '取得できます'],
  jaRe: [
    // "レスポンスには…が含まれます", "応答は…になります"
    /(?:結果|レスポンス|応答|出力)(?:に|には|は|として)?[^。．\n]{0,20}?(?:含まれ|含みます|なります)/u,
  ],
};

/** Limits, side effects, permissions, cost, rate limits. */
export const CONSTRAINTS: Lexicon = {
  en: [
    /\blimit(s|ed)?\b/,
    /\bmax(imum)?\b/,
    /\bmin(imum)?\b/,
    /\bat (most|least)\b/,
    /\bup to \d/,
    /\bexceed(s|ed|ing)?\b/,
    /\b(?:more|fewer|less|larger|smaller|greater|bigger|longer|shorter|older|newer) than \d/,
    /\brate[- ]?limit/,
    /\bquota\b/,
    /\bcosts?\b/,
    /\bbill(?:s|ed|ing)?\b/,
    /\bpermissions?\b/,
    /\bauthori[sz]/,
    /\bauthenticat/,
    /\brequires? (an? |the )?(api key|token|access|login|auth)/,
    /\b(?:behind|needs?) (?:a |an )?(?:login|sign[- ]in|authentication)\b/,
    /\bside[- ]effects?\b/,
    /\bread[- ]only\b/,
    /\b(does not|doesn't|will not|won't|never) (modify|change|alter|write|delete)\b/,
    /\bpermanent(ly)?\b/,
    /\birreversibl/,
    /\bcannot be undone\b/,
    /\bdestructive\b/,
    /\btime[- ]?outs?\b/,
    /\bpaginat/,
    /\b(only|restricted to) (works|within|inside|in|for)\b/,
    /\ballowed (directories|paths|domains|hosts)\b/,
    /\btruncat/,
    /\bidempotent\b/,
    /\boverwrit/,
    /\bsafe to (call|retry|repeat)\b/,
  ],
  // No bare "のみ" ("only"), "以下" ("the following") or "回数" ("number of times"): they are as common
  // outside any limit as "only" and "following" are in English, which v2 does not count either.
  ja: ['上限', '最大', '最小', '制限', '権限', '認証', '認可', '副作用', '料金', '費用', '課金', '取り消せません', '元に戻せません', '元に戻すことはできません', '読み取り専用', 'タイムアウト', 'ページング', 'ページネーション', '上書き', '冪等', '切り詰め', '切り捨て', '超える', '超え', '破壊的', '永久に', '完全に削除', 'クォータ', 'コスト', '手数料', '請求', 'でのみ', '内のみ', 'のみ有効', 'のみ動作', 'のみ対応', 'に限られ', 'に限定'],
  jaRe: [
    /[0-9０-９]+\s*[^\s。、,.]{0,4}?(?:以下|以上|以内|未満|まで)/u,
    /変更(?:し|され|は行い|を加え)(?:ません|ない)/u,
    /(?:APIキー|トークン|ログイン|アクセス権)(?:が|を)?必要/u,
    /許可された(?:ディレクトリ|パス|ドメイン|ホスト)/u,
    /安全に(?:再試行|呼び出|繰り返)|(?:呼び出|実行|再試行|繰り返)(?:して|し)?も安全/u,
  ],
};

/** An example in the description. */
export const EXAMPLES: Lexicon = {
  en: [/\be\.g\./, /\bfor (example|instance)\b/, /\bexamples?\s*[:：]/, /\bsuch as\b/, /\bexample\b/, /\bi\.e\./, /\blike ["'`]/],
  ja: ['例えば', 'たとえば', 'などの', 'などを'],
  // "例" as a word of its own or in 使用例/入力例, not in 例外 (exception), 比例, 条例, 慣例.
  jaRe: [/(?<![比条慣])例(?!外)/u],
};

/** A parameter description that states the format or the allowed values of a string. */
export const PARAM_FORMAT: Lexicon = {
  en: [
    /\bone of\b/,
    /\b(?:possible|allowed|valid|accepted|supported) values\b/,
    /\bmust (?:be (?:a|an|one of|in|of the form|formatted|valid)|match|start with|end with)\b/,
    /\bformat(?:ted)?\b/,
    /\biso[ -]?8601\b|\brfc ?3339\b/,
    /\byyyy\b|\byyyy-mm-dd\b|\bhh:mm\b/,
    /\bregex\b|\bregular expression\b|\bregexp\b/,
    /\bglob\b/,
    // a path's or a query's form: "the absolute or relative path", "relative to the repository root",
    // "GitHub search syntax", "wildcards allowed", a file extension ("(.mp4)", "a .heapsnapshot file")
    /\b(?:absolute|relative)\b|\bsyntax\b|\bwildcards?\b|\bextension\b/,
    /(?:^|[\s(\x60'"])\.[a-z][a-z0-9]{1,15}\b(?![./])/,
  ],
  ja: ['いずれか', '形式', '書式', '指定可能な値', '使用可能な値', '正規表現', 'グロブ', 'YYYY', '絶対', '相対', '構文', '拡張子', 'ワイルドカード'],
  // "ワークスペースのルートからのファイルのパス" (relative to the workspace root)
  jaRe: [/(?:から|を基準と(?:した|する))(?:の)?[^。\n]{0,12}パス/u],
};

// The other lexicons, one file per theme; every rule imports them from here.
export * from './lexicons-params.js';
export * from './lexicons-verbs.js';
export * from './lexicons-pairs.js';
export * from './lexicons-words.js';
