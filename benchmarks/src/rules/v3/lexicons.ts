import type { Lexicon } from '../v2/lexicons.js';

// Word lists of rules v3 (issue 25). Each says why beside it; README.md, "What earns points", gives the
// whole reading.

/**
 * Words that say nothing about any one tool: the vocabulary of cue phrases ("use it when you need …", "it
 * returns the result", "limits may apply", "see the example") and of content-free filler. A clause made only
 * of these, stopwords, numbers and the tool's own name earns nothing (README, "Content-free clauses"):
 * the v2 cue lexicons could be satisfied by exactly these words, which is how a template bought +30 to +45.
 * Cue words stay cues (the lexicons still read them); they just need a word about the tool beside them.
 */
export const GENERIC_WORDS = new Set(
  `tool tools function functions method methods endpoint endpoints command commands operation operations action actions
   use uses used using usage call calls called calling invoke invokes invoked invoking run runs running ran trigger
   need needs needed needing require requires required want wants wanted wish like
   whenever always never sometimes usually generally anytime time times moment case cases situation situations scenario scenarios
   appropriate applicable relevant necessary suitable useful helpful handy needful certain particular specific given various
   general generic purpose purposes thing things stuff item items something anything everything nothing
   result results output outputs response responses data information info value values content contents answer answers
   return returns returned returning give gives gave giving given back hand hands handed provide provides provided providing
   yield yields produce produces produced deliver delivers send sends
   example examples sample samples instance instances illustration demo e g i ie eg etc
   note notes please see refer documentation docs doc details detail help helps
   limit limits limited limitation limitations apply applies applied may might restriction restrictions constraint constraints
   rule rules policy policies terms condition conditions caveat caveats
   otherwise else instead rather alternative alternatives alternatively option options choice prefer preferred better best good
   other another one ones way ways kind kinds sort type types
   work works working job task tasks request requests user users model models agent agents assistant
   ok okay simply just really actually basically essentially etc`.split(/\s+/),
);

/** Japanese counterparts of GENERIC_WORDS (kanji/katakana runs): ツール, 結果, 必要 … say nothing about one tool. */
export const GENERIC_WORDS_JA = new Set(
  `ツール 機能 関数 コマンド 操作 使用 利用 使 呼 呼び出 実行 必要 場合 時 とき 結果 出力 データ 情報 内容 値 応答 レスポンス 返却
   例 使用例 サンプル 注意 参照 詳細 制限 上限 適用 代 代替 他 別 方法 目的 一般 適切 便利 特定 何 事 物 項目 タスク 依頼 ユーザー`.split(/\s+/),
);

/**
 * Synonyms folded to one word before two clauses are compared (near-duplicates, README): the same
 * content-free sentence with "invoke" for "call" or "output" for "result" on each tool is still the same
 * sentence. Only words of GENERIC_WORDS' kind are folded, never words about what a tool does.
 */
export const SYNONYMS: Record<string, string> = Object.fromEntries(
  `call:use invoke:use run:use trigger:use employ:use utilize:use utilise:use pick:use choose:use select:use
   needed:need required:need wanted:need necessary:need require:need want:need
   output:result response:result data:result information:result info:result value:result answer:result content:result
   outputs:result responses:result results:result values:result answers:result contents:result
   gives:return give:return provides:return provide:return yields:return yield:return produces:return hands:return delivers:return returns:return sends:return
   whenever:when anytime:when once:when
   tool:tool function:tool endpoint:tool command:tool method:tool operation:tool action:tool utility:tool
   sample:example instance:example illustration:example
   limits:limit restrictions:limit constraints:limit caveats:limit quotas:limit
   thing:item things:item stuff:item items:item`
    .split(/\s+/)
    .map((e) => e.split(':') as [string, string]),
);

/**
 * Technical words a model reads as content though no English word list has them (a Latin word missing from
 * the list and from here is taken as nonsense, README "Nonsense words"). Kept short: an identifier-like
 * word (snake_case, camelCase, digits, ALL CAPS, a file extension) is content without being listed.
 */
export const TECH_WORDS = new Set(
  `json yaml yml xml csv tsv html css svg png jpeg jpg gif webp pdf md markdown url urls uri uris api apis http https ssh tcp udp dns ip ipv4 ipv6
   id ids uuid uuids utf ascii unicode regex regexp glob sql nosql graphql rest grpc websocket websockets oauth jwt saml sso smtp imap
   cli sdk mcp llm llms ai gpu cpu ram os vm vms k8s kubectl kubernetes pod pods docker dockerfile npm pnpm yarn pip cargo git github gitlab
   repo repos monorepo webhook webhooks stdout stderr stdin env config configs json5 toml ini dom iframe iframes async cron crontab
   timestamp timestamps datetime iso rfc utc gmt localhost hostname subdomain namespace namespaces frontmatter readme changelog
   dataset datasets dataframe dataframes embedding embeddings vector vectors lint linter linting diff diffs patch patches
   slack notion jira confluence figma stripe shopify salesforce hubspot zendesk trello asana discord telegram whatsapp
   postgres postgresql mysql sqlite mongodb redis elasticsearch bigquery snowflake kafka s3 gcs aws gcp azure cloudflare vercel`.split(/\s+/),
);

/**
 * Placeholder examples (issue 25, class 2): `examples: ["string"]` — the type name, "example", "foo" —
 * tells a model nothing about the value; such an example earns no points and guides no parameter.
 */
export const PLACEHOLDER_VALUES = new Set(
  `string str text number integer int float double boolean bool object array list null none undefined any value values
   example examples sample test testing foo bar baz qux quux foobar hello world hello world lorem ipsum dolor placeholder
   todo tbd xxx xyz abc asdf something anything stuff thing data input param parameter arg argument default my value`.split(/\s+/),
);

/** Placeholder shapes: `<owner>`, `{id}`, `...`, `xxx`, `your_api_key`, `YOUR_TOKEN`, `string1`. */
export const PLACEHOLDER_SHAPE = /^(?:<[^>]*>|\{[^}]*\}|\[[^\]]*\]|\.{2,}|…|x{2,}|(?:your|my)[\s_-].*|(?:string|value|example|test|foo|bar)[\s_-]?\d*)$/i;

/**
 * Expert prose cues the v2 lexicons did not read (issue 25, class 4: "Gives back …", "Reach for it after
 * listing …", "Pick this over X when …" scored no higher than a nonsense template). Added to v2's lexicons,
 * never replacing them; like them they count only in a clause about the tool (README).
 */
export const USAGE_WHEN_EXTRA: Lexicon = {
  en: [
    // "Reach for it after listing …", "Turn to this when …", "Good for …", "Handy when …", "Meant for …"
    /\b(?:reach for|turn to|go to|start with) (?:it|this)(?: tool| one)? (?:when|if|to|for|after|before|once|whenever)\b/,
    /\b(?:good|best|meant|made|designed|intended|built|useful|handy|suited) (?:for|when|if|to)\b/,
    /\b(?:pick|choose|prefer|take) (?:this|it)(?: tool| one)? (?:over|above|ahead of)\b/,
    /\b(?:after|before|once) (?:you(?:'ve| have)? )?(?:listing|listed|list|searching|searched|finding|found|creating|created|calling|called|getting|got|reading|read|opening|opened)\b/,
    /^(?:when|if|once|after|before) (?:you|the user|a user)\b/m,
  ],
  ja: ['ときに使', '時に使', '場合に使', 'の後に', '前に呼'],
};

/** When not to: "Skip it when …", "Not for …", "Wrong tool for …", "Won't help with …". */
export const USAGE_WHEN_NOT_EXTRA: Lexicon = {
  en: [
    /\b(?:skip|avoid) (?:it|this)(?: tool)? (?:when|if|for)\b/,
    /(?:^|[.;:!?]\s+)not (?:for|meant for|suited to|suitable for|useful for)\b/m,
    /\b(?:wrong|not the right) (?:tool|choice) (?:for|when)\b/,
    /\b(?:won't|will not|does not|doesn't|cannot|can't) (?:help|work) (?:with|for|when|if|on)\b/,
  ],
  ja: ['には向きません', 'には使えません', 'には不向き'],
};

/** What comes back, in plain words: "Hands back …", "You get …", "Comes back as …", "Answers with …". */
export const RETURNS_EXTRA: Lexicon = {
  en: [/\b(?:hands? back|you get|you'll get|you receive|comes? back as|answers? with|replies with|reports?(?: back)?)\b/, /\b(?:gives?|hands?) (?:you )?(?:back )?(?:a|an|the|each|every|one|its|their)\b/],
  ja: ['が返ってきます', 'が得られます', 'を受け取れます'],
};

/**
 * Parameter names whose meaning a model knows without a description (issue 25, class 5, beyond v2's
 * EVIDENT_PARAM_NAMES): a process id, a SQL string, paging (size, offset, cursor, token), sorting,
 * a timeout, a language code. Flattened (no separators, lower case).
 */
export const EVIDENT_PARAM_NAMES_EXTRA = new Set(
  `pid processid sql sqlquery statement query q search searchterm keyword keywords pagesize perpage pagenumber pageno page offset limit
   cursor nextcursor pagetoken nextpagetoken continuationtoken startcursor maxresults maxitems pagesize skip
   sort sortby orderby order direction sortorder timeout timeoutms timeoutseconds lang language locale format encoding
   email username userid filename filepath dirpath directory folder branch tag ref sha commit owner org organization namespace
   width height latitude longitude lat lng lon zoom startdate enddate since until date`.split(/\s+/),
);

/** Last name tokens that make a parameter evident (beyond v2's): `*_cursor`, `*_size`, `*_offset`, `*_sql`, `*_pid`. */
export const EVIDENT_PARAM_LAST_TOKENS_EXTRA = new Set('cursor size offset sql pid token count limit email date key ref sha'.split(' '));
