// Fairness corpus of rules v2 (issue 12): realistic tools written twice, in English and in Japanese, with
// the same content — the same name, schema and annotations, and a description (and parameter
// descriptions) that say the same things, each in the phrasing a writer of that language would use. The
// phrasings vary on purpose: cues with particles and endings between their parts, headings, labels,
// verbal-noun endings, openers such as "This tool …" / "…するツールです", short descriptions.
// Written for this corpus; not taken from any server.
import type { Tool } from '../../../contracts/tool.js';

type Lang = 'en' | 'ja';
interface Param {
  schema: Record<string, unknown>;
  en?: string;
  ja?: string;
}
interface PairSpec {
  name: string;
  en: string;
  ja: string;
  params?: Record<string, Param>;
  required?: string[];
  annotations?: Record<string, unknown>;
  additionalPropertiesFalse?: boolean;
}

/** One tool in both languages. */
export interface FairnessPair {
  name: string;
  en: Tool;
  ja: Tool;
}

const str = (extra: Record<string, unknown> = {}) => ({ type: 'string', ...extra });
const int = (extra: Record<string, unknown> = {}) => ({ type: 'integer', ...extra });
const bool = { type: 'boolean' };

function build(spec: PairSpec, lang: Lang): Tool {
  const properties = Object.fromEntries(
    Object.entries(spec.params ?? {}).map(([k, p]) => {
      const d = p[lang];
      return [k, d === undefined ? p.schema : { ...p.schema, description: d }];
    }),
  );
  const inputSchema: Record<string, unknown> = { type: 'object', properties };
  if (spec.required) inputSchema.required = spec.required;
  if (spec.additionalPropertiesFalse) inputSchema.additionalProperties = false;
  return {
    name: spec.name,
    description: spec[lang],
    inputSchema,
    ...(spec.annotations ? { annotations: spec.annotations } : {}),
  } as Tool;
}

const SPECS: PairSpec[] = [
  {
    name: 'search_issues',
    en: 'Searches the issues of a repository by keyword. Use this when the user asks about known bugs. Do not use it for code; use search_code instead.',
    ja: 'リポジトリの課題をキーワードで検索します。既知のバグについて尋ねられたときに使います。コードの検索には使わないでください。代わりに search_code を使ってください。',
    params: {
      query: { schema: str({ minLength: 1 }), en: 'Words to look for in titles and bodies', ja: 'タイトルと本文で探す語' },
      state: { schema: str({ enum: ['open', 'closed', 'all'] }), en: 'Which issues to include', ja: '対象にする課題の状態' },
    },
    required: ['query'],
    annotations: { readOnlyHint: true },
  },
  {
    name: 'read_text_file',
    en: 'Reads the complete contents of a text file from the workspace. Use it when you need to examine a single file. Only works within allowed directories. Returns the text as UTF-8.',
    ja: 'ワークスペースにあるテキストファイルの内容をすべて読み込みます。1つのファイルを調べたいときに使ってください。許可されたディレクトリ内でのみ動作します。UTF-8のテキストを返します。',
    params: { path: { schema: str(), en: 'Path of the file, relative to the workspace root', ja: 'ワークスペースのルートからのファイルのパス' } },
    required: ['path'],
    annotations: { readOnlyHint: true },
    additionalPropertiesFalse: true,
  },
  {
    name: 'delete_branch',
    en: 'Irreversibly deletes a branch from the remote repository. This cannot be undone. Requires write permission on the repository.',
    ja: 'リモートリポジトリからブランチを完全に削除します。この操作は元に戻せません。リポジトリへの書き込み権限が必要です。',
    params: { branch: { schema: str(), en: 'Name of the branch (e.g. feature/login)', ja: 'ブランチ名（例: feature/login）' } },
    required: ['branch'],
    annotations: { destructiveHint: true },
  },
  {
    name: 'list_items',
    en: 'DEPRECATED: use list_items_v2 instead.',
    ja: '非推奨：代わりに list_items_v2 を使ってください。',
    params: { folder_id: { schema: str(), en: 'Folder to list', ja: '一覧にするフォルダ' } },
    required: ['folder_id'],
  },
  {
    name: 'import_rows',
    en: 'Imports rows into a table one at a time. Use bulk_import instead for more than 100 rows. Returns the number of rows written.',
    ja: 'テーブルに行を1行ずつ取り込みます。100行を超える場合は代わりに bulk_import を使ってください。書き込んだ行数を返します。',
    params: {
      table: { schema: str(), en: 'Name of the target table', ja: '取り込み先のテーブル名' },
      rows: { schema: { type: 'array', items: { type: 'object' } }, en: 'Rows as objects keyed by column', ja: '列名をキーにしたオブジェクトの配列' },
    },
    required: ['table', 'rows'],
  },
  {
    name: 'summarize_thread',
    en: 'Summarise a thread of messages into at most five bullet points. Handy for catching up on long discussions.',
    ja: 'メッセージのスレッドを最大5つの箇条書きに要約します。長い議論に追いつくのに便利です。',
    params: { thread_id: { schema: str(), en: 'ID of the thread', ja: 'スレッドのID' } },
    required: ['thread_id'],
    annotations: { readOnlyHint: true },
  },
  {
    name: 'get_weather',
    en: '📌 Overview: Gets the current weather for a city. Returns the temperature in Celsius, the humidity and the wind speed.',
    ja: '📌 概要：都市の現在の天気を取得します。摂氏の気温、湿度、風速を返します。',
    params: { city: { schema: str(), en: 'City name, for example "Osaka"', ja: '都市名（例えば「大阪」）' } },
    required: ['city'],
    annotations: { readOnlyHint: true, openWorldHint: true },
  },
  {
    name: 'create_calendar_event',
    en: "Creates an event in the user's calendar.\n\nWhen to use: the user asks to schedule a meeting or a reminder.\nWhen not to use: to check availability, use find_free_slots.",
    ja: 'ユーザーのカレンダーに予定を作成します。\n\n使う場面：会議やリマインダーの登録を頼まれたとき。\n使わない場面：空き時間の確認には find_free_slots を使ってください。',
    params: {
      title: { schema: str(), en: 'Title shown in the calendar', ja: 'カレンダーに表示するタイトル' },
      start: { schema: str({ format: 'date-time' }), en: 'Start time', ja: '開始日時' },
      all_day: { schema: bool, en: 'Make it an all-day event', ja: '終日の予定にする' },
    },
    required: ['title', 'start'],
  },
  {
    name: 'translate_text',
    en: 'Translates text.',
    ja: 'テキストを翻訳します。',
    params: { text: { schema: str() }, target: { schema: str() } },
  },
  {
    name: 'browser_navigate',
    en: 'Navigate to a URL.',
    ja: 'URLに移動します。',
    params: { url: { schema: str(), en: 'The URL to navigate to', ja: '移動先のURL' } },
    required: ['url'],
  },
  {
    name: 'run_sql_query',
    en: 'Runs a read-only SQL query against the analytics database. Queries time out after 30 seconds and return at most 1000 rows. Prefer get_table_schema when you only need the column names.',
    ja: '分析用データベースに対して読み取り専用のSQLクエリを実行します。クエリは30秒でタイムアウトし、返すのは最大1000行です。列名だけが必要な場合は get_table_schema を使ってください。',
    params: { sql: { schema: str(), en: 'A single SELECT statement', ja: '1つのSELECT文' } },
    required: ['sql'],
    annotations: { readOnlyHint: true },
  },
  {
    name: 'send_email',
    en: 'Sends an email on behalf of the user. Use it only after the user has confirmed the recipients and the text. Do not use it for newsletters; use create_campaign instead. Rate limited to 50 emails per hour.',
    ja: 'ユーザーの代わりにメールを送信します。宛先と本文をユーザーが確認した後にのみ使ってください。ニュースレターには使わないでください。代わりに create_campaign を使ってください。送信は1時間あたり50通に制限されています。',
    params: {
      to: { schema: { type: 'array', items: str({ format: 'email' }) }, en: 'Recipient addresses', ja: '宛先のアドレス' },
      subject: { schema: str({ maxLength: 200 }), en: 'Subject line', ja: '件名' },
      body: { schema: str(), en: 'Plain-text body', ja: 'プレーンテキストの本文' },
    },
    required: ['to', 'subject', 'body'],
    annotations: { destructiveHint: false, openWorldHint: true },
  },
  {
    name: 'upload_file',
    en: 'Uploads a local file to the shared drive and returns its public link. Files larger than 100 MB are rejected.',
    ja: 'ローカルのファイルを共有ドライブにアップロードし、公開リンクを返します。100MBを超えるファイルは拒否されます。',
    params: { path: { schema: str(), en: 'Path of the local file', ja: 'ローカルファイルのパス' }, folder: { schema: str(), en: 'Target folder on the drive', ja: 'ドライブ上の保存先フォルダ' } },
    required: ['path'],
  },
  {
    name: 'get_user',
    en: 'Retrieve a user by ID.',
    ja: 'IDでユーザーを取得。',
    params: { user_id: { schema: str({ format: 'uuid' }) } },
    required: ['user_id'],
    annotations: { readOnlyHint: true },
  },
  {
    name: 'list_teams',
    en: 'Lists the teams of the organisation with their members. Archived teams are hidden unless include_archived is set.',
    ja: '組織のチームをメンバーとともに一覧表示します。include_archived を指定しない限り、アーカイブ済みのチームは表示されません。',
    params: {
      include_archived: { schema: bool, en: 'Include archived teams', ja: 'アーカイブ済みのチームを含める' },
      limit: { schema: int({ maximum: 100 }), en: 'Most teams to return', ja: '返すチームの最大数' },
    },
    annotations: { readOnlyHint: true },
  },
  {
    name: 'geocode_address',
    en: 'Converts a street address into latitude and longitude, for example "1600 Amphitheatre Parkway, Mountain View". Useful for placing addresses on a map.',
    ja: '住所を緯度と経度に変換します。例えば「東京都千代田区丸の内1-1」のような住所を受け付けます。地図上に住所を配置するのに便利です。',
    params: { address: { schema: str(), en: 'The address to convert', ja: '変換する住所' } },
    required: ['address'],
    annotations: { readOnlyHint: true, openWorldHint: true },
  },
  {
    name: 'archive_project',
    en: 'This tool archives a project so that it no longer appears in lists. Archived projects can be restored with restore_project. Only project owners may archive a project.',
    ja: 'このツールはプロジェクトをアーカイブし、一覧に表示されないようにします。アーカイブしたプロジェクトは restore_project で復元できます。アーカイブできるのはプロジェクトのオーナーだけです。',
    params: { project_id: { schema: str(), en: 'ID of the project', ja: 'プロジェクトのID' } },
    required: ['project_id'],
  },
  {
    name: 'fetch_page',
    en: 'Fetches a web page and returns its main content as Markdown. Pages behind a login are not supported. Use crawl_site when you need many pages.',
    ja: 'Webページを取得し、本文をMarkdownで返します。ログインが必要なページには対応していません。多数のページが必要な場合は crawl_site を使ってください。',
    params: { url: { schema: str({ format: 'uri' }), en: 'Address of the page', ja: 'ページのアドレス' } },
    required: ['url'],
    annotations: { readOnlyHint: true, openWorldHint: true },
  },
  {
    name: 'calculate_shipping',
    en: 'Calculates the shipping cost of an order from its weight and destination. The result is an estimate; the carrier bills the final amount.',
    ja: '重量と配送先から注文の送料を計算します。結果は見積もりで、最終的な金額は配送業者が請求します。',
    params: {
      weight_kg: { schema: { type: 'number' }, en: 'Weight in kilograms', ja: '重量（キログラム）' },
      country: { schema: str({ pattern: '^[A-Z]{2}$' }), en: 'Destination country code', ja: '配送先の国コード' },
    },
    required: ['weight_kg', 'country'],
    annotations: { readOnlyHint: true },
  },
  {
    name: 'resize_image',
    en: 'Resizes an image to the given width and height, keeping the aspect ratio when only one of them is given. Returns the resized image as PNG.',
    ja: '画像を指定した幅と高さにリサイズします。片方だけを指定した場合は縦横比を保ちます。リサイズした画像をPNGで返します。',
    params: {
      image: { schema: str({ contentEncoding: 'base64' }), en: 'The image, base64-encoded', ja: 'Base64でエンコードした画像' },
      width: { schema: int({ minimum: 1 }), en: 'Width in pixels', ja: '幅（ピクセル）' },
      height: { schema: int({ minimum: 1 }), en: 'Height in pixels', ja: '高さ（ピクセル）' },
    },
    required: ['image'],
  },
  {
    name: 'clear_cache',
    en: 'Clears the local cache of downloaded packages. Safe to call at any time; the next install downloads them again.',
    ja: 'ダウンロード済みパッケージのローカルキャッシュを消去します。いつ呼び出しても安全です。次回のインストール時に再びダウンロードされます。',
    annotations: { destructiveHint: true, idempotentHint: true },
  },
  {
    name: 'list_commits',
    en: 'Lists the commits of a branch, newest first. Results are paginated: pass the cursor of the previous page. Up to 100 commits per page.',
    ja: 'ブランチのコミットを新しい順に一覧表示します。結果はページングされます。前のページのカーソルを渡してください。1ページあたり100件までです。',
    params: {
      branch: { schema: str({ default: 'main' }), en: 'Branch to list', ja: '対象のブランチ' },
      cursor: { schema: str(), en: 'Cursor from the previous page, if any', ja: '前のページのカーソル（任意）' },
    },
    annotations: { readOnlyHint: true },
  },
  {
    name: 'schedule_post',
    en: 'Schedules a social media post for later. Ideal for campaigns planned ahead of time. Not suitable for replies to comments; use reply_to_comment instead.',
    ja: 'ソーシャルメディアへの投稿を予約します。事前に計画したキャンペーンに最適です。コメントへの返信には向いていません。代わりに reply_to_comment を使ってください。',
    params: {
      text: { schema: str({ maxLength: 280 }), en: 'Text of the post', ja: '投稿の本文' },
      publish_at: { schema: str({ format: 'date-time' }), en: 'When to publish', ja: '公開日時' },
    },
    required: ['text', 'publish_at'],
  },
  {
    name: 'get_exchange_rate',
    en: 'Returns the exchange rate between two currencies, given as ISO 4217 codes such as USD or JPY. Rates are updated every hour.',
    ja: '2つの通貨の間の為替レートを返します。通貨はUSDやJPYなどのISO 4217コードで指定します。レートは1時間ごとに更新されます。',
    params: { from: { schema: str({ pattern: '^[A-Z]{3}$' }), en: 'Currency to convert from', ja: '換算元の通貨' }, to: { schema: str({ pattern: '^[A-Z]{3}$' }), en: 'Currency to convert to', ja: '換算先の通貨' } },
    required: ['from', 'to'],
    annotations: { readOnlyHint: true, openWorldHint: true },
  },
  {
    name: 'transcribe_audio',
    en: 'A tool that transcribes an audio file into text. Supports files of up to 2 hours. Use it when the user shares a recording.',
    ja: '音声ファイルを文字起こしするツールです。最長2時間までのファイルに対応しています。ユーザーが録音を共有したときに使ってください。',
    params: { file_url: { schema: str({ format: 'uri' }), en: 'Where to download the recording', ja: '録音のダウンロード元' }, language: { schema: str(), en: 'Spoken language, e.g. "en" or "ja"', ja: '話されている言語（例: "en"、"ja"）' } },
    required: ['file_url'],
  },
  {
    name: 'merge_pull_request',
    en: 'Merges an open pull request into its base branch. Call this only once all required checks have passed. It does not work on draft pull requests.',
    ja: 'オープンなプルリクエストをベースブランチにマージします。必須のチェックがすべて通った場合にのみ呼び出してください。ドラフトのプルリクエストには使えません。',
    params: {
      number: { schema: int(), en: 'Number of the pull request', ja: 'プルリクエストの番号' },
      method: { schema: str({ enum: ['merge', 'squash', 'rebase'] }), en: 'How to merge', ja: 'マージの方法' },
    },
    required: ['number'],
    annotations: { destructiveHint: false, idempotentHint: false },
  },
];

/** The corpus: at least 20 pairs (issue 12 asks for 20). */
export const FAIRNESS_PAIRS: FairnessPair[] = SPECS.map((spec) => ({ name: spec.name, en: build(spec, 'en'), ja: build(spec, 'ja') }));
