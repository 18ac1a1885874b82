// Lexicons of the confusable-pair detection (rules v2): classes of actions and things, compounds,
// opposites, name words that say nothing, alias cues. Reasons: ./README.md ("Confusable pairs").
import type { Lexicon } from './lexicons.js';

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
