/**
 * Cue lexicons of rules v2, in English and Japanese. English cues are regular expressions matched on the
 * lower-cased description; Japanese cues are substrings. Both languages are always tried, so a mixed
 * description is read in both. Reasons for each list: ./README.md.
 */
export interface Lexicon {
  en: RegExp[];
  ja: string[];
}

const combined = new WeakMap<Lexicon, RegExp>();

/** True when `text` contains a cue of the lexicon; pass `lower` when the caller already has it lower-cased. */
export function matchesLexicon(text: string, lexicon: Lexicon, lower = text.toLowerCase()): boolean {
  let re = combined.get(lexicon);
  // One alternation scans the text once instead of once per expression.
  if (re === undefined) combined.set(lexicon, (re = new RegExp(lexicon.en.map((r) => `(?:${r.source})`).join('|'))));
  return re.test(lower) || lexicon.ja.some((s) => text.includes(s));
}

const combinedGlobal = new WeakMap<Lexicon, RegExp>();
const NEGATION_BEFORE = /(?:\b(?:not|never|no)|n't|\bavoid)\s+$/;
const NEGATION_AFTER_JA = /^.{0,4}(ない|ません|ず)/u;

/**
 * Like {@link matchesLexicon}, but a cue that is negated does not count: "do not use it for …" is not a
 * "when to use" cue, nor is "…ときに使わないでください". Every match is tried, so a later affirmed cue still counts.
 */
export function matchesAffirmed(text: string, lexicon: Lexicon, lower = text.toLowerCase()): boolean {
  let re = combinedGlobal.get(lexicon);
  if (re === undefined) combinedGlobal.set(lexicon, (re = new RegExp(lexicon.en.map((r) => `(?:${r.source})`).join('|'), 'g')));
  re.lastIndex = 0;
  for (let m = re.exec(lower); m !== null; m = re.exec(lower)) {
    if (!NEGATION_BEFORE.test(lower.slice(Math.max(0, m.index - 16), m.index))) return true;
    re.lastIndex = m.index + 1;
  }
  for (const cue of lexicon.ja) {
    for (let i = text.indexOf(cue); i !== -1; i = text.indexOf(cue, i + 1)) {
      if (!NEGATION_AFTER_JA.test(text.slice(i + cue.length, i + cue.length + 8))) return true;
    }
  }
  return false;
}

/** "When to use": the situation the tool is for. */
export const USAGE_WHEN: Lexicon = {
  en: [
    /\buse (this|it|this tool|this function)?\s*(when|if|to|for|whenever|after|before)\b/,
    /\b(call|invoke|choose|pick|select) (this|it|this tool)\b/,
    /\bwhen (you|the user|a user|an agent|the model) (need|needs|want|wants|ask|asks|has|have|is|are)\b/,
    /\b(useful|helpful|ideal|best|designed|intended|meant|suited|suitable) (for|when|to|if)\b/,
    /\bshould be used\b/,
    /\bin cases? (where|when)\b/,
    /\bonly (when|if)\b/,
    /\bwhenever\b/,
    /\b(typical|common) use cases?\b/,
    /\buse cases?:/,
  ],
  ja: ['にのみ使', 'のみ使用', 'ときだけ使', '場合だけ使', 'ときにのみ', '場合にのみ', 'ときに使', '時に使', '場合に使', 'ときに呼', '時に呼', '場合に呼', '際に使', '際に呼', 'ときに利用', '場合に利用', '際に利用', 'に使用します', 'に使います', 'のに便利', 'に便利', '場合はこのツール', 'ときはこのツール', '用途'],
};

/** "When not to use": situations the tool is not for. */
export const USAGE_WHEN_NOT: Lexicon = {
  en: [
    /\b(do not|don't|never|avoid) (use|using|call|calling|invoke|invoking)\b/,
    /\bnot (intended|meant|designed|suitable|suited|appropriate|recommended) (for|to|when)\b/,
    /\bshould not be (used|called)\b/,
    /\bnot for\b/,
    /\bonly use (this|it)\b/,
    /\b(does not|doesn't|cannot|can't|will not|won't) (work|handle|support)\b/,
  ],
  ja: ['使わない', '使用しない', '使わず', '呼ばない', '呼び出さない', '向きません', '向いていません', '使えません', '利用しない', '利用できません', 'には使用できません', 'には対応していません'],
};

/** An alternative: what to use instead (a sibling tool's name also counts, checked separately). */
export const USAGE_ALTERNATIVE: Lexicon = {
  en: [/\binstead\b/, /\brather than\b/, /\bprefer\b/, /\balternatively\b/, /\bas opposed to\b/, /\bin place of\b/],
  ja: ['代わりに', 'ではなく', '代替', 'を使ってください', 'を使用してください', 'を利用してください'],
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
    /\bprovides? (a|an|the)? ?(list|summary|count|url|link|id|map|table|report|snapshot|screenshot)\b/,
    /\bresulting in\b/,
    /\breceive\b/,
  ],
  ja: ['返します', '返す', '返却', '返り値', '戻り値', '返ります', '出力します', 'を出力', '結果を', '結果は', 'が得られ', '取得できます'],
};

/** Limits, side effects, permissions, cost, rate limits. */
export const CONSTRAINTS: Lexicon = {
  en: [
    /\blimit(s|ed)?\b/,
    /\bmax(imum)?\b/,
    /\bmin(imum)?\b/,
    /\bat (most|least)\b/,
    /\bup to \d/,
    /\brate[- ]?limit/,
    /\bquota\b/,
    /\bcosts?\b/,
    /\bbilled\b/,
    /\bpermissions?\b/,
    /\bauthori[sz]/,
    /\bauthenticat/,
    /\brequires? (an? |the )?(api key|token|access|login|auth)/,
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
  ja: ['上限', '最大', '最小', '以内', '以下', '制限', '権限', '認証', '副作用', '料金', '費用', '課金', '回数', '取り消せません', '元に戻せません', '読み取り専用', '変更しません', 'タイムアウト', 'ページング', '上書き', '冪等', 'のみ', '切り詰め', '超える', '超え', '以上'],
};

/** An example in the description. */
export const EXAMPLES: Lexicon = {
  en: [/\be\.g\./, /\bfor (example|instance)\b/, /\bexamples?\s*[:：]/, /\bsuch as\b/, /\bexample\b/, /\bi\.e\./, /\blike ["'`]/],
  ja: ['例えば', 'たとえば', '例:', '例：', '（例', '(例', '例）', '例)', '例として', 'などの'],
};

/** Words saying what a boolean's true/false does. */
export const BOOLEAN_MEANING: Lexicon = {
  en: [/\bif (true|false|set|enabled)\b/, /\bwhen (true|false|set|enabled)\b/, /\bwhether\b/, /\bdefaults? to (true|false)\b/, /\b(true|false) (to|means|will)\b/, /\bset to (true|false)\b/],
  ja: ['場合', 'するかどうか', 'かどうか', 'true', 'false'],
};

/** Verbs that start a description saying what a tool does ("Reads…", "List…"); third-person `s` is stemmed. */
export const VERBS = new Set(
  `accept access activate add aggregate analyze analyse annotate append apply approve archive ask assign attach
   authenticate authorize build calculate call cancel capture change check clean clear click clone close collect
   combine commit compare compile complete compose compute configure connect consolidate convert copy count crawl
   create debug decode decrypt deduplicate delete deploy describe destroy detect determine diff disable disconnect
   discover display download drag draw drop dump duplicate edit emit enable encode encrypt enqueue ensure enumerate
   erase evaluate execute expand explain export extract fetch fill filter find finish fix follow force format
   generate get give go grant group handle hover identify import index infer initialize initialise insert inspect
   install invite invoke join kill launch link list load locate lock log look lookup make manage map mark match
   measure merge migrate modify monitor mount move navigate normalize notify observe obtain open optimize order
   overwrite paginate parse paste patch pause perform ping play plot poll post predict prepare press preview print
   process produce provide prune publish pull purge push put query queue read rebuild receive record redirect
   refresh register reject reload remove rename render reorder replace reply report request reset resize resolve
   restart restore resume retrieve return revert review revoke rotate run save scan schedule scrape screenshot
   scroll search select send serve set share show shutdown sign simulate snapshot sort split start stop store
   stream submit subscribe summarize summarise switch sync synchronize tag take terminate test toggle track
   transcribe transfer transform translate trigger truncate type undo uninstall unlink unlock unsubscribe update
   upgrade upload upsert use validate verify view visit wait watch wipe write`.split(/\s+/),
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
   install invite merge modify move post publish push put rename replace restart save send set start stop submit
   update upload upsert write patch fill click type press drag execute run`.split(/\s+/),
);

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
  write: { en: 'write save store persist', ja: '保存 書き込 書き出' },
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
  url: { en: 'url uri link', ja: 'リンク' },
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

/** Two-word names of one thing, joined before comparing ("merge request" is one thing, `mr`). */
export const COMPOUNDS: Record<string, string> = { 'merge request': 'mr', 'pull request': 'pr', 'to do': 'todo', 'e mail': 'email', 'sign in': 'login', 'log in': 'login', 'sign out': 'logout', 'log out': 'logout' };

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

/** Words a restated name may add without saying more ("Get the user tool"). */
export const FILLER_WORDS = new Set('tool function method api endpoint command operation action use using used'.split(' '));
