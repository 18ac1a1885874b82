// Word lists of rules v2 for comparing text: English function words, Japanese words of common name
// tokens, filler. Reasons: ./README.md.

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
