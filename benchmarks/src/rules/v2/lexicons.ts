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

const enRe = (lexicon: Lexicon, cache: WeakMap<Lexicon, RegExp>, flags: string): RegExp => {
  let re = cache.get(lexicon);
  // One alternation scans the text once instead of once per expression.
  if (re === undefined) cache.set(lexicon, (re = new RegExp(lexicon.en.map((r) => `(?:${r.source})`).join('|'), flags)));
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

/** True when `text` contains a cue of the lexicon; pass `lower` when the caller already has it lower-cased. */
export function matchesLexicon(text: string, lexicon: Lexicon, lower = text.toLowerCase()): boolean {
  if (enRe(lexicon, combined, '').test(lower)) return true;
  if (!HAS_JA.test(text)) return false;
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
export function matchesAffirmed(text: string, lexicon: Lexicon, lower = text.toLowerCase()): boolean {
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
  if (!HAS_JA.test(text)) return false;
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
  ],
  ja: ['いずれか', '形式', '書式', '指定可能な値', '使用可能な値', '正規表現', 'グロブ', 'YYYY'],
};

/** A parameter description saying the parameter may be left out. */
export const OPTIONAL_PARAM: Lexicon = {
  en: [
    /\boptional(?:ly)?\b/,
    /\bif (?:provided|given|set|omitted|specified|supplied|present|unset|not (?:provided|given|set|specified|supplied))\b/,
    /\bwhen (?:omitted|unset|not (?:provided|given|set|specified))\b/,
    /\bdefaults? (?:to|is)\b/,
    /\bby default\b/,
    /\bleave (?:it )?(?:empty|blank|unset|out)\b/,
    /\bomit(?:ted|ting)?\b/,
    /\bmutually exclusive\b/,
    /\beither\b/,
  ],
  ja: ['省略', '任意', '指定しない場合', '指定がない場合', 'デフォルト', '既定', 'オプション', 'いずれか', '排他'],
};

/** A parameter description saying the parameter must be given (not "required if …", not "not required"). */
export const REQUIRED_PARAM: Lexicon = {
  // "(required)", "Required.", "… is required", "must be provided"; not "marks required inputs", not
  // "required if …", not "not required".
  en: [
    /\((?:required|mandatory)\)/,
    /^(?:required|mandatory)\b/,
    /(?<!\bnot )\b(?:is|are) (?:required|mandatory)\b(?! (?:if|when|for|only|unless))/,
    /\b(?:required|mandatory)\.?$/,
    /\bmust be (?:provided|given|specified|set|supplied)\b/,
  ],
  ja: ['必須', '必ず指定'],
};

/** Last name tokens of a parameter a call can hardly do without: the thing to act on or look for. */
export const NEEDED_PARAM_TOKENS = new Set('id ids uuid path paths query q'.split(' '));
/** Whole parameter names a call can hardly do without (a `url`, not a `webhookUrl`). */
export const NEEDED_PARAM_NAMES = new Set('url urls uri'.split(' '));

/** Parameters a tool description offers as alternatives ("Provide either `url` or `scrapeId`", "url または id のいずれか"). */
export const ALTERNATIVE_PARAMS_EN = /\b(?:either|one of)\b([^.;\n]{0,100})/g;
export const ALTERNATIVE_PARAMS_JA = /([^。\n]{0,60})(?:のいずれか|のどちらか|か一方)/gu;

/**
 * Parameter names whose meaning a model reads from the name and type alone (written lower case, without
 * separators: `per_page` and `perPage` are `perpage`), and last name tokens that say the same (`issue_number`,
 * `pageId`, `filePath`, `entityName`): `param_no_description` does not ask to describe them (RUBRIC.md:
 * `owner` / `repo` / `path` / `issue_number` are evident; `since`, `q`, `sha`, `milestone` are not).
 */
export const EVIDENT_PARAM_NAMES = new Set('id ids path paths name title body content text message owner repo repository url uri source destination page perpage limit offset'.split(' '));
export const EVIDENT_PARAM_LAST_TOKENS = new Set('id ids number url uri path name title'.split(' '));

/** First name tokens that make a boolean's name a predicate ("include_archived", "isPublic", "dryRun"). */
export const PREDICATE_NAME_TOKENS = new Set(
  'is has have can should include exclude with without enable disable allow use show hide skip force only keep dry auto return ignore'.split(' '),
);

/** Words saying what a boolean's true/false does. */
export const BOOLEAN_MEANING: Lexicon = {
  en: [/\bif (true|false|set|enabled)\b/, /\bwhen (true|false|set|enabled)\b/, /\bwhether\b/, /\bdefaults? to (true|false)\b/, /\b(true|false)\b/, /\bset to (true|false)\b/],
  ja: ['場合', 'するかどうか', 'かどうか'],
};

/** Verbs that start a description saying what a tool does ("Reads…", "List…"); third-person `s` is stemmed. */
export const VERBS = new Set(
  `accept access activate add aggregate analyze analyse annotate append apply approve archive ask assess assign attach
   audit authenticate authorize autocomplete backup block bookmark broadcast browse build bump cache calculate
   call cancel capture categorize change chat check cite classify clean clear click clone close collapse collect
   combine comment commit compare compile complete compose compute configure confirm connect consolidate continue
   convert copy count crawl create crop customize debug decline decode decrypt deduplicate define delegate delete
   deny deploy deprecate describe destroy detach detect determine diff disable disconnect discover dismiss dispatch
   display download drag draw drop dump duplicate edit email embed emit emulate enable encode encrypt enqueue ensure
   enumerate erase escalate estimate evaluate examine exclude execute expand explain explore export expose extend
   extract fetch fill filter find finish fix follow force fork format forward freeze generate get give go grant grep
   group handle hide highlight hover identify import include index infer initialize inject insert inspect install
   interact interpret invite invoke isolate join kill label launch leave link lint list listen load locate lock log
   look lookup make manage map mark match maximize measure mention merge message migrate minimize modify monitor
   mount move mute navigate normalize notify observe obtain open optimize order organize outline overwrite
   paginate paraphrase parse paste patch pause perform pin ping play plot poll populate post predict prepare press
   preview print prioritize process produce promote prompt propose protect provide prune publish pull purge push put
   query queue quote rank rate read reassign rebase rebuild recall receive recommend reconcile record redact redirect
   refine refresh refund register reindex reject reload remember remind remove rename render reorder repair repeat
   rephrase replace replay reply report reproduce request reserve reset resize resolve respond restart restore resume
   retrieve retry return reveal revert review revoke rewrite rollback rotate route run sample sanitize save scale scan
   schedule score scrape screenshot scroll search seed segment select send serialize serve set setup share shorten
   show shutdown sign simplify simulate skip snapshot snooze solve sort spawn specify split stage star start stash
   stop store stream submit subscribe suggest summarize suspend swap switch sync synchronize tag tail take terminate
   test toggle tokenize trace track train transcribe transfer transform translate traverse trigger truncate tune type
   unarchive unblock undo unfollow ignore uninstall unlink unlock unmute unpin unpublish unregister unstar unsubscribe unwatch
   update upgrade upload upsert use validate vectorize verify view visit visualize vote wait walk warn watch wipe
   write`
    .split(/\s+/)
    // British and American spellings alike: "summarise", "analyze", "normalise", "initialise".
    .flatMap((v) => (v.endsWith('ize') ? [v, `${v.slice(0, -3)}ise`] : v.endsWith('yse') ? [v, `${v.slice(0, -3)}yze`] : [v])),
);

/** Name tokens that make a tool destructive (peers' list plus rm/del/unlink). */
export const DESTRUCTIVE_VERBS = new Set(
  'clear delete destroy drop erase kill overwrite prune purge remove reset revoke terminate truncate uninstall wipe rm del unlink'.split(' '),
);

/** A Japanese destructive operation as the predicate ("削除します"), not as a modifier ("削除済み"). */
export const DESTRUCTIVE_JA = /(削除|消去|破棄|上書き|初期化|抹消)(します|する|して|し、|しま|を行|できます)/u;

/** Name tokens that make a tool read something; the first verb of a name decides (get_commit reads). */
export const READ_VERBS = new Set(
  `get list read search find fetch show view describe query count check lookup retrieve inspect browse preview
   load obtain peek scan stat status`.split(/\s+/),
);

/** Name tokens that make a tool write something (besides the destructive ones). */
export const WRITE_VERBS = new Set(
  `add append apply approve archive assign attach cancel close commit create deploy disable edit enable insert
   install invite merge modify move post publish push put rename replace restart save send set stop submit
   update upload upsert write patch fill click type press drag`.split(/\s+/),
);

/**
 * Name tokens that say neither read nor write: `run_query` may only read, `start_trace` may change nothing.
 * A name led by one of them is classified by its description, as a name without a verb.
 */
export const NEUTRAL_VERBS = new Set('run start execute exec'.split(' '));

/** HTTP methods used as name prefixes by generated servers (`API-post-search`): the verb after them decides. */
export const HTTP_METHOD_VERBS = new Set(['post', 'put']);

/**
 * Read verbs sure enough to call a `destructiveHint: true` on them a mistake (not "query", "load", "check"
 * or "scan", which some servers use for operations that do write).
 */
export const PURE_READ_VERBS = new Set('get list read search find fetch show view describe lookup retrieve browse preview peek stat status count'.split(' '));

/** Words that alone make a name generic: a name made only of these says nothing about the tool. */
export const GENERIC_NAME_WORDS = new Set(
  `run execute exec do query tool tools call invoke action actions process handle handler perform main api request
   command cmd task function func fn helper util utils operation op method go data thing stuff misc general generic
   default my test service endpoint input output result results get set use make`.split(/\s+/),
);

// ── Confusable pairs (issue 12): concepts, opposites, aliases ────────────────────────────────────────
// Reasons for every list: ./README.md, "Confusable pairs".

/**
 * Actions that mean the same to a model choosing a tool, English words then Japanese ones, each class
 * under one id. A name or description word found here stands for its class when two tools are compared:
 * `fetch_page` and `get_page` differ in nothing, `stop_job` and `cancel_job` neither. Ambiguous words
 * (`post`: create a page or send a message? `put`, `evaluate`) are left out: a wrong synonym joins tools
 * that a model tells apart.
 */
export const ACTION_CLASSES: Record<string, { en: string; ja: string }> = {
  get: { en: 'get fetch retrieve read load obtain lookup show view describe display', ja: '取得 読み込 読み取 参照 閲覧 表示' },
  list: { en: 'list search find query filter browse enumerate locate seek', ja: '一覧 検索 探索 絞り込 照会 一覧表示 リスト' },
  create: { en: 'create add new insert make generate register', ja: '作成 追加 新規 登録 生成' },
  update: { en: 'update edit modify patch change set alter amend revise', ja: '更新 編集 変更 修正' },
  delete: { en: 'delete remove destroy erase drop rm del unlink purge wipe trash discard clear', ja: '削除 除去 消去 破棄' },
  write: { en: 'write save store persist upsert push', ja: '保存 書き込 書き出' },
  run: { en: 'run execute exec invoke call', ja: '実行' },
  start: { en: 'start launch begin boot spawn trigger initiate', ja: '開始 起動' },
  stop: { en: 'stop kill terminate cancel abort halt end shutdown interrupt quit exit', ja: '停止 中止 終了 キャンセル 中断 取り消 取消' },
  send: { en: 'send submit dispatch deliver transmit', ja: '送信 提出' },
  capture: { en: 'capture screenshot screencap screengrab snap', ja: 'スクリーンショット キャプチャ 撮影' },
  navigate: { en: 'navigate goto go visit', ja: '遷移' },
  copy: { en: 'copy duplicate clone', ja: '複製 コピー' },
  move: { en: 'move relocate', ja: '移動' },
  validate: { en: 'validate verify check test lint', ja: '検証 確認 チェック' },
  summarize: { en: 'summarize summarise', ja: '要約' },
  analyze: { en: 'analyze analyse examine inspect', ja: '分析 解析' },
  convert: { en: 'convert transform', ja: '変換' },
  login: { en: 'login signin logon authenticate', ja: 'ログイン' },
  logout: { en: 'logout signout logoff', ja: 'ログアウト' },
  refresh: { en: 'refresh reload', ja: '再読み込' },
  restore: { en: 'restore recover undelete', ja: '復元' },
  approve: { en: 'approve accept', ja: '承認' },
  reject: { en: 'reject decline deny', ja: '却下 拒否' },
  enable: { en: 'enable activate', ja: '有効化' },
  disable: { en: 'disable deactivate', ja: '無効化' },
  download: { en: 'download', ja: 'ダウンロード' },
  upload: { en: 'upload', ja: 'アップロード' },
  notify: { en: 'notify alert', ja: '通知' },
  click: { en: 'click tap', ja: 'クリック' },
  wait: { en: 'wait sleep', ja: '待機' },
  sync: { en: 'sync synchronize synchronise', ja: '同期' },
  merge: { en: 'merge combine', ja: 'マージ 統合' },
};

/**
 * Things that are the same to a model (abbreviations, spellings, everyday synonyms), English then
 * Japanese, each under one id; kept short: two different resources wrongly joined here would make every
 * template twin (`get_folder` / `get_file`) look alike.
 */
export const THING_CLASSES: Record<string, { en: string; ja: string }> = {
  directory: { en: 'directory dir folder', ja: 'ディレクトリ フォルダ' },
  document: { en: 'document doc', ja: '文書 ドキュメント' },
  repository: { en: 'repository repo', ja: 'リポジトリ' },
  image: { en: 'image img picture photo pic', ja: '画像 写真' },
  message: { en: 'message msg', ja: 'メッセージ' },
  database: { en: 'database db', ja: 'データベース' },
  configuration: { en: 'configuration config setting preference pref conf cfg', ja: '設定' },
  information: { en: 'information info', ja: '情報' },
  description: { en: 'description desc', ja: '説明' },
  organization: { en: 'organization organisation org', ja: '組織' },
  environment: { en: 'environment env', ja: '環境' },
  parameter: { en: 'parameter param', ja: 'パラメータ 引数' },
  password: { en: 'password pwd passwd', ja: 'パスワード' },
  command: { en: 'command cmd', ja: 'コマンド' },
  text: { en: 'text txt', ja: 'テキスト' },
  url: { en: 'url uri link reference', ja: 'リンク' },
  web: { en: 'web internet online www', ja: 'ウェブ インターネット' },
  statistic: { en: 'statistic stat', ja: '統計' },
  application: { en: 'application app', ja: 'アプリ' },
  identifier: { en: 'identifier id', ja: '識別子' },
  user: { en: 'user usr', ja: 'ユーザー ユーザ' },
  email: { en: 'email mail', ja: 'メール' },
  issue: { en: 'issue ticket', ja: 'イシュー チケット 課題' },
  page: { en: 'page webpage', ja: 'ページ' },
  file: { en: 'file', ja: 'ファイル' },
  job: { en: 'job', ja: 'ジョブ' },
  task: { en: 'task', ja: 'タスク' },
  order: { en: 'order', ja: '注文' },
  invoice: { en: 'invoice', ja: '請求書' },
  customer: { en: 'customer', ja: '顧客' },
  recording: { en: 'recording', ja: '録画 録音' },
  rule: { en: 'rule', ja: 'ルール' },
  comment: { en: 'comment', ja: 'コメント' },
  note: { en: 'note', ja: 'ノート メモ' },
  project: { en: 'project', ja: 'プロジェクト' },
  event: { en: 'event', ja: 'イベント' },
  branch: { en: 'branch', ja: 'ブランチ' },
  commit: { en: 'commit', ja: 'コミット' },
  label: { en: 'label', ja: 'ラベル' },
};

/**
 * Two- and three-word names of one thing or action, joined before comparing ("merge request" is one thing,
 * `mr`; "create or update" is one action, an upsert: it writes the thing whether or not it exists).
 */
export const COMPOUNDS: Record<string, string> = {
  'merge request': 'mr',
  'pull request': 'pr',
  'to do': 'todo',
  'e mail': 'email',
  'sign in': 'login',
  'log in': 'login',
  'sign out': 'logout',
  'log out': 'logout',
  'create or update': 'upsert',
  'add or update': 'upsert',
  'insert or update': 'upsert',
};

/**
 * Action words that name more than one class: to "read messages" is to get them or to list them, so `read`
 * is told apart from neither by the verb alone (chatwork's read_room_messages / list_room_messages).
 */
export const AMBIGUOUS_ACTIONS: Record<string, string[]> = { read: ['get', 'list'] };

/** Opposite actions and words: two names that differ in one of these do opposite things. */
export const OPPOSITES: [string, string][] = (
  `start stop|enable disable|create delete|open close|lock unlock|get hide|upload download|import export|push pull|
   login logout|subscribe unsubscribe|install uninstall|approve reject|attach detach|connect disconnect|mount unmount|
   pause resume|expand collapse|include exclude|encrypt decrypt|encode decode|increase decrease|increment decrement|
   follow unfollow|mute unmute|pin unpin|grant revoke|in out|on off|up down|next previous|first last|min max|
   before after|undo redo|show hide|protect unprotect|assign unassign|publish unpublish|archive unarchive|
   star unstar|watch unwatch|freeze unfreeze|add remove|allow deny|read write|accept reject`
)
  .split('|')
  .map((p) => p.trim().split(' ') as [string, string]);

/** Words of a name that say nothing about what the tool does (versions, the protocol, the API). */
export const NAME_WEAK = /^(v?\d+|mcp|api|tool|beta|experimental|legacy|old|deprecated)$/;

/** Words of a name that join others and say nothing themselves ("create_or_update_file", "get_user_by_id"). */
export const NAME_STOP = new Set('a an the of by for to with and or from at as via into'.split(' '));

/** Verbs that only carry a noun ("take a screenshot", "perform a search"): the noun is the action. */
export const LIGHT_VERBS = new Set('take do perform'.split(' '));

/**
 * A tool says it is a deprecated alias, or a stand-in kept for compatibility, of a tool it names: "DEPRECATED:
 * use read_text_file instead", "Alias of get_page", "Deprecated compatibility entry point. Use …". Same as
 * another tool counts only when nothing follows to set it apart ("same as get_page but …" is a variant).
 */
export const ALIAS: Lexicon = {
  en: [
    /\bdeprecated\b/,
    /\bobsolete\b/,
    /\baliase?s? (of|for|to)\b/,
    /\bsuperseded by\b/,
    /\breplaced by\b/,
    /\brenamed (to|as)\b/,
    /\b(kept|retained|provided|exists) for (backward|backwards) compatibility\b/,
    /\bcompatibility (alias|entry point|shim|wrapper)\b/,
    /\b(same as|identical to|equivalent to)\b(?![^.;\n]*\b(but|except|without|plus|however|only|unlike)\b)/,
    /\b(replaces|supersedes)\b/,
  ],
  ja: ['非推奨', '廃止予定', '廃止されました', '別名', 'エイリアス', '後方互換', '互換性のため', 'と同じです', 'に置き換え'],
};

/** An alias cue that names the other tool as the old one ("replaces read_file", "supersedes …"). */
export const ALIAS_OTHER_IS_OLD = /\b(replaces|supersedes)\b|に置き換え/;

/** English function words ignored when comparing descriptions and when testing for a restated name. */
export const STOPWORDS = new Set(
  `a an the this that these those it its is are was were be been being to of in on at by for from with without
   and or but if then else when while as into onto over under about via per than so such can could may might
   will would shall should must do does did done not no nor any all each every some many much more most other
   another same own only also just very you your yours we our they their them he she his her i me my mine
   which who whom whose what where how why there here up out off again further once both few s t`.split(/\s+/),
);

/**
 * Japanese words for common name tokens, to tell whether a Japanese description only restates an English
 * name ("テキストを翻訳します。" for translate_text restates it as "Translates text." does). A token
 * missing here is simply not matched: the check then finds more than the name, as v1 always did.
 */
export const NAME_WORDS_JA: Record<string, string[]> = Object.fromEntries(
  `get:取得,取り出 list:一覧,列挙,リスト read:読み込,読み取,読 write:書き込,書き出,書 create:作成,生成 delete:削除 remove:削除,除去
   update:更新 search:検索 find:検索,探 fetch:取得 retrieve:取得 send:送信,送 add:追加 edit:編集 move:移動 copy:コピー,複製
   open:開 close:閉じ run:実行 execute:実行 start:開始,起動 stop:停止 save:保存 upload:アップロード download:ダウンロード
   translate:翻訳 summarize:要約 summarise:要約 resize:リサイズ navigate:移動 click:クリック type:入力 set:設定 check:確認,チェック
   show:表示 view:表示,閲覧 display:表示 merge:マージ archive:アーカイブ restore:復元 import:インポート,取り込 export:エクスポート
   convert:変換 calculate:計算 schedule:予約,スケジュール post:投稿 reply:返信 clear:消去,クリア reset:リセット sync:同期
   transcribe:文字起こし parse:解析 validate:検証 query:クエリ,照会 install:インストール deploy:デプロイ
   file:ファイル text:テキスト user:ユーザー page:ページ issue:課題,イシュー repo:リポジトリ repository:リポジトリ branch:ブランチ
   commit:コミット message:メッセージ email:メール event:イベント,予定 calendar:カレンダー image:画像 cache:キャッシュ
   project:プロジェクト team:チーム item:アイテム,項目 folder:フォルダ directory:ディレクトリ table:テーブル row:行 record:レコード
   document:ドキュメント,文書 comment:コメント task:タスク note:メモ,ノート tag:タグ label:ラベル url:URL link:リンク
   weather:天気 rate:レート exchange:為替 audio:音声 video:動画 order:注文 product:商品,製品 customer:顧客 account:アカウント
   channel:チャンネル thread:スレッド block:ブロック database:データベース schema:スキーマ data:データ info:情報
   status:ステータス,状態 detail:詳細 request:リクエスト tab:タブ browser:ブラウザ screenshot:スクリーンショット
   snapshot:スナップショット key:キー node:ノード entity:エンティティ graph:グラフ address:住所,アドレス shipping:配送,送料
   cost:費用,コスト price:価格 log:ログ job:ジョブ package:パッケージ library:ライブラリ code:コード`
    .split(/\s+/)
    .map((entry) => {
      const [token, words] = entry.split(':') as [string, string];
      return [token, words.split(',')];
    }),
);

/** Japanese filler a restated name may add ("…ツール", "…機能"). */
export const FILLER_WORDS_JA = ['ツール', '機能', '関数', 'コマンド', 'エンドポイント', 'API'];

/** Words a restated name may add without saying more ("Get the user tool"). */
export const FILLER_WORDS = new Set('tool function method api endpoint command operation action use using used'.split(' '));
