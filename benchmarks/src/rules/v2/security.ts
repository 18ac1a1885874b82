import type { Tool } from '../../contracts/tool.js';
import { identifierAsWords, matchingForm } from './normalise.js';
import { stringPath, toolStrings, type ToolString } from './tool-strings.js';

// Security patterns of rules v2 (tool poisoning and shadowing), matched on every string of a tool in its
// matching form (./normalise.ts: lower case, one line, look-alikes read as letters). Each pattern is written
// against a benign look-alike as well as the attack it finds: the corpus in test/security-corpus.ts holds
// both, and README.md gives the reason for each. Strings are joined by "\n" and no pattern crosses a "\n",
// so no match spans two strings.

/** One instruction pattern: a cheap literal prefilter, the expression, and how a negation reads. */
interface InstructionPattern {
  id: string;
  /** Literal substrings of the matching form; the expression runs only when one is present. */
  trigger: string[];
  re: RegExp;
  /** A preceding "not"/"never" makes a match a warning, not an instruction ("never send your private key"). */
  negatable: boolean;
  /** Japanese negation after the match ("無視しないでください": do not ignore). */
  negatedAfter?: RegExp;
  /** The sentence around the match must also match this (a side-channel marker, a data noun). */
  sentence?: RegExp;
}

const g = (source: string): RegExp => new RegExp(source, 'gu');
const any = (...sources: string[]): string => sources.map((s) => `(?:${s})`).join('|');

// Secret files: a private key, cloud or package-registry credentials, a project's .env, an MCP client's
// configuration (it holds every server's keys). Not secrets: ~/.ssh/config, known_hosts, a public key,
// .env.example and other templates.
const SECRET_PATH = any(
  String.raw`~\/\.ssh\b(?!\/(?:config|known_hosts|authorized_keys)\b)`,
  String.raw`\bid_(?:rsa|dsa|ecdsa|ed25519)\b(?!\.pub)`,
  String.raw`(?:^|[\s'"\x60(\/])\.env(?:rc)?\b(?![.\-_](?:example|sample|template|dist|defaults?|schema)\b)`,
  String.raw`\bmcp\.json\b`,
  String.raw`\bclaude_desktop_config\.json\b`,
  String.raw`\.aws\/credentials\b`,
  String.raw`\.(?:npmrc|pypirc|netrc|pgpass|git-credentials)\b`,
  String.raw`\.docker\/config\.json\b`,
  String.raw`\.kube\/config\b`,
  String.raw`\.gnupg\b`,
  String.raw`\.config\/gcloud\b|\bapplication_default_credentials\.json\b|\bcredentials\.db\b|\.azure\/|\.config\/gh\/hosts\.yml\b`,
  String.raw`\/etc\/(?:passwd|shadow|sudoers)\b`,
  String.raw`\bwallet\.dat\b`,
);
const SECRET_PATH_TRIGGERS = ['gcloud', '.azure', 'hosts.yml', '.ssh', 'id_', '.env', 'mcp.json', 'claude_desktop', '.aws', '.npmrc', '.pypirc', '.netrc', '.pgpass', 'credentials', '.docker', '.kube', '.gnupg', '/etc/', 'wallet'];

// Secrets by name. Alone they are ordinary words ("rotates the access token"); they count only when the
// text moves them into a channel (see secret_to_argument).
const SECRET_NOUN = String.raw`(?:credentials?|passwords?|passphrases?|api[ _-]?keys?|access[ _-]?tokens?|auth(?:entication)?[ _-]?tokens?|bearer tokens?|(?:api|oauth|github|gitlab|slack|npm|openai|aws|personal access|refresh|id|jwt)[ _-]?tokens?|secret[ _-]?keys?|secrets|private[ _-]?keys?|ssh[ _-]?keys?|session[ _-]?(?:cookies?|tokens?)|cookies|environment variables?|env(?:ironment)? vars?|process\.env|\$?[a-z0-9]+(?:_[a-z0-9]+)*_(?:api_key|apikey|access_key|token|secret|password|passwd|key)|(?:otp|2fa|mfa|one-time|verification|recovery|backup) codes?|seed phrases?|mnemonics?|system prompt|conversation(?: history)?|chat history|previous messages|message history)`;

const ACCESS_VERB = String.raw`(?:read|reads|reading|cat|open|opens|load|loads|send|sends|pass|passes|attach|attaches|upload|uploads|forward|forwards|exfiltrate|exfiltrates|copy|copies|include|includes|paste|pastes|insert|inserts|embed|embeds|append|appends|dump|dumps|print|prints|leak|leaks|grab|collect|collects|extract|extracts|output|share|shares|post|posts|fetch|fetches|retrieve|retrieves|access|steal|transmit|transmits|put|puts|add|adds)`;
const MOVE_VERB = String.raw`(?:output|outputs|dump|dumps|print|prints|record|records|save|saves|store|stores|enter|provide|supply|give|copy|copies|put|puts|insert|inserts|include|includes|paste|pastes|embed|embeds|append|appends|add|adds|pass|passes|place|write|writes|fill|send|sends|attach|attaches|encode|encodes|leak|leaks|forward|forwards)`;
// A channel of this tool's own call: a quoted or back-ticked name, or a word for an argument.
const CHANNEL = (n: number): string =>
  String.raw`(?:in|into|as|inside|within|to|via|through)\s+(?:the\s+|a\s+|an\s+|its\s+|this\s+)?(?:[\x60'"](?<channel${n}>[\w.-]{1,64})[\x60'"](?:\s+(?:argument|parameter|param|field|property|value))?|(?<word${n}>[\w-]{1,40}\s+)?(?:argument|parameter|param|field|property|sidenote|note|notes|comment|comments|metadata|message)s?\b)`;
// A channel named for the secret it carries is the honest case: "pass the token in the `token` parameter".
const HONEST_CHANNEL = /key|token|password|passwd|passphrase|secret|auth|credential|cookie|session|bearer/;

// Bounded and anchored: an unanchored [\w.]+@ retries from every letter of a long word (quadratic).
const URL = String.raw`https?:\/\/[^\s'"\x60)]{1,200}`;
const EMAIL = String.raw`(?<![\w.+-])[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,8}\b`;
const TRANSFER_VERB = String.raw`(?:send|sends|sending|forward|forwards|forwarding|post|posts|upload|uploads|exfiltrate|exfiltrates|leak|leaks|copy|copies|bcc|cc|mirror|mirrors|transmit|transmits|submit|submits|deliver|delivers|e-?mail|e-?mails|mail|mails|share|shares|sync|syncs|push|pushes|pipe|stream|relay|relays|beacon)`;
// The base form is an order ("forward the summary to …"); "sends … to …" describes what the tool does.
const TRANSFER_ORDER = String.raw`(?:send|forward|post|upload|exfiltrate|leak|copy|bcc|cc|mirror|transmit|submit|deliver|e-?mail|mail|share|sync|push|pipe|stream|relay|beacon)`;
// A fixed destination written into the text, and destinations described as someone else's.
const PHONE = String.raw`\+\d[\d ().-]{6,18}\d`;
const LITERAL_DESTINATION = any(URL, EMAIL, PHONE, String.raw`\b(?:webhook\.site|ngrok|requestbin|pipedream|burpcollaborator|interact\.sh)\b`);
const OUTSIDE_DESTINATION = String.raw`\b(?:outside|external|third[- ]party|attacker'?s?|unknown|hidden|off[- ]site|remote collection)\s+(?:e-?mail\s+)?(?:address|addresses|server|servers|endpoint|endpoints|inbox|inboxes|recipient|recipients|mailbox|url|host|domain|location|collector|account|webhook)\b`;
// Between "to" and the destination: no example marker ("the URL to post to, e.g. https://…" is a parameter's example).
/**
 * One character of the text between a transfer verb and its destination, where no example begins: "upload
 * files. For example, see https://docs…" is a pointer to documentation, not a destination (and a
 * description without a final stop glued to shared text reads that way).
 */
const NOT_AN_EXAMPLE = String.raw`(?:(?!for example|e\.g|such as|i\.e)[^\n])`;
const TO_DESTINATION = String.raw`\b(?:to|into|at|with|toward|towards)\b(?:(?!e\.g|example|such as|like |i\.e)[^\n(:]){0,16}?`;
// What makes sending somewhere a leak rather than the tool's job: a side channel ("also", "every", "a
// copy", "secretly") or the model's own data (the conversation, secrets, files' contents).
const LEAK_SENTENCE = g(
  String.raw`\b(?:also|always|every|each|all|additionally|in addition|a copy|copies of|as well|secretly|silently|quietly|covertly|bcc|cc|automatically|first|before|whole|entire|full|everything|conversation|chat|history|transcript|messages|context|prompt|credentials?|secrets?|keys|tokens?|passwords?|cookies|environment|contents?)\b`,
);

/** Patterns of instructions aimed at the model rather than describing the tool (tool poisoning). */
export const INSTRUCTION_PATTERNS: InstructionPattern[] = [
  {
    id: 'ignore_previous',
    trigger: ['ignore', 'disregard', 'forget', 'override', 'bypass', 'discard', 'abandon', '無視', '忘れ', '破棄', '従わ', '守ら'],
    re: g(
      any(
        String.raw`\b(?:ignore|disregard|forget|override|bypass|discard|abandon)\b.{0,20}\b(?:previous|prior|above|earlier|preceding|other|system|original|existing|safety|developer|initial)\b.{0,12}\b(?:instructions?|prompts?|rules|messages|guidelines|directives|guardrails|policies|context)\b`,
        String.raw`\b(?:ignore|disregard|forget|override)\s+(?:all|any|every|your)\s+(?:instructions|prompts|directives|guidelines|guardrails)\b`,
        String.raw`\b(?:forget|disregard|ignore)\s+(?:everything|all|anything)\s+(?:above|before|earlier|previously|you (?:were|have been) (?:told|given))\b`,
        String.raw`\b(?:disregard|forget)\s+(?:the|everything)\s+above\b`,
        String.raw`\b(?:ignore|disregard|forget|override)\s+(?:all\s+|any\s+)?(?:the\s+|your\s+)?(?:instructions|rules|guidelines|prompts?)\s+(?:you (?:were|have been|got) given|above|before this|from (?:the )?(?:system|developer|user|operator))\b`,
        String.raw`(?:以前|前|これまで|今まで|上記|先ほど|先程|最初|元|既存|システム|他)の(?:すべての|全ての)?(?:指示|命令|ルール|指令|プロンプト|制約|設定|ガイドライン)(?:は|を|も|に|には)?(?:すべて|全て|全部|一切)?\s?(?:無視|忘れ|破棄|従わ|守ら)`,
        String.raw`(?:すべて|全て)の(?:指示|命令|指令|プロンプト)(?:は|を)?\s?(?:無視|忘れ|破棄)`,
      ),
    ),
    negatable: true,
    negatedAfter: /^(?:し|て|れ)?(?:ない|ません|ず)/u,
  },
  {
    id: 'important_tag',
    trigger: ['<', '[inst', '[/inst', '[ ', '[system', '[important', '[admin', '[/'],
    re: g(
      any(
        String.raw`<\s*\/?\s*(?:important|system|instructions?|secret|hidden|admin|critical|sys|system[_ -]?prompt|assistant|im_start|im_end)\s*>`,
        String.raw`<\|im_(?:start|end)\|>`,
        // Chat-template markers; a bare "[system]" is also a log level, so it needs a second word.
        String.raw`\[\s*\/?\s*inst\s*\]`,
        String.raw`\[\s*\/?\s*(?:system|important|admin)\s+(?:message|prompt|instructions?|note|override)\s*\]`,
      ),
    ),
    negatable: false,
  },
  {
    id: 'conceal_from_user',
    trigger: ['explain', 'user', 'human', 'person', 'people', 'operator', 'mention', 'reveal', 'disclose', 'admit', 'acknowledge', 'secret', 'covert', 'discreet', 'silent', 'quiet', 'hide', 'conceal', 'keep', 'ユーザー', '利用者', 'こっそり', '内緒', '秘密', '黙って', '密かに', 'ひそかに'],
    re: g(
      any(
        // "Do not tell the user", "never let the user know", "don't inform the human".
        String.raw`\b(?:do not|don't|dont|never|must not|should not)\b.{0,12}\b(?:tell|telling|inform|informing|notify|notifying|mention|mentioning|reveal|revealing|alert|alerting|disclose|disclosing|let)\b.{0,16}\b(?:the )?(?:user|human|operator)s?\b`,
        String.raw`\bwithout\s+(?:telling|informing|alerting|letting)\s+(?:the\s+)?(?:user|human)`,
        // "... and never mention it", "do not reveal this step".
        String.raw`\b(?:do not|don't|dont|never)\s+(?:mention|reveal|disclose|admit|acknowledge)\s+(?:it|this|that|these|them|what you|the (?:step|steps|instruction|instructions|action|note|request|above))\b`,
        String.raw`\b(?:keep|hide|conceal)\s+(?:this|it|these|that|the (?:step|steps|instruction|instructions|action|note))\s+(?:secret|hidden|private|confidential|quiet|from (?:the )?(?:user|human))\b`,
        String.raw`\b(?:keep|hide|conceal)\s+(?:this|it|these|that|the)(?:\s+\w{1,20})?\s+(?:secret|hidden|confidential)\s+from\b`,
        String.raw`\b(?:hide|conceal)\b.{0,30}\bfrom\s+(?:the\s+)?(?:user|human|person|people|operator|customer|requester)\b`,
        String.raw`\b(?:secretly|covertly|discreetly)\b`,
        String.raw`\b(?:silently|quietly)\s+(?:send|copy|forward|upload|include|add|attach|append|post|exfiltrate|read|collect|save|store|share|transmit|bcc|cc|email|mail|replace|rewrite|change|modify|alter|redirect)\b`,
        String.raw`\bwithout the user'?s?\s+(?:knowledge|knowing|noticing|consent|awareness)\b`,
        String.raw`\b(?:the )?user (?:must|should|need|needs to) not (?:know|see|notice|be told|find out)\b`,
        String.raw`\b(?:the )?user (?:cannot|can't|may not|is not allowed to|isn't allowed to|must never|should never) (?:know|see|read|notice|be told|find out|learn)\s+(?:this|it|that|these|the instructions?|about)\b`,
        String.raw`\b(?:do not|don't|dont|never)\s+explain\s+(?:why|this|it|the reason)\b`,
        String.raw`\bso (?:that )?the user (?:does not|doesn't|won't|will not|cannot|can't) (?:notice|know|see|find out)\b`,
        // Japanese: the imperative and adverbial forms ("伝えないで", "知らせずに"), not the descriptive
        // "表示しません" (an honest "is not shown to the user").
        String.raw`(?:ユーザー|利用者)(?:に|には|へは|へ|に対して)?(?:は)?\s?(?:伝え|言わ|知らせ|教え|明かさ|報告し|通知し|表示し|見せ)(?:ないで|ずに|ず、|るな)`,
        String.raw`(?:ユーザー|利用者)(?:に|には)\s?(?:気づかれ|知られ|悟られ|ばれ)(?:ない|ず)`,
        String.raw`(?:こっそり|内緒で|秘密裏に|黙って|密かに|ひそかに)`,
        String.raw`(?:この|これ|その)(?:手順|指示|操作|こと)(?:は|を)?(?:秘密|内緒)に`,
      ),
    ),
    negatable: false,
  },
  {
    id: 'read_secrets',
    trigger: SECRET_PATH_TRIGGERS.concat(['秘密鍵', 'ssh鍵', 'ssh 鍵', '認証情報']),
    re: g(
      any(
        String.raw`\b${ACCESS_VERB}\b[^.;\n]{0,60}(?:${SECRET_PATH})`,
        String.raw`(?:${SECRET_PATH})[^;\n]{0,60}\b(?:include|included|pass|passed|send|sent|copy|copied|attach|attached|upload|uploaded|put|paste|pasted|insert|inserted|append|appended|forward|forwarded)\b`,
        String.raw`(?:${SECRET_PATH}).{0,30}(?:読み|読ん|読み取|送信|送っ|添付|渡|含め|入れ|コピー|貼り付け|転送|アップロード|の内容)`,
        String.raw`(?:秘密鍵|ssh ?鍵|認証情報ファイル)(?:の内容)?.{0,20}(?:送信|送っ|添付|渡|含め|入れ|コピー|貼り付け|転送|アップロード)`,
      ),
    ),
    negatable: true,
  },
  {
    id: 'secret_to_argument',
    trigger: ['code', 'credential', 'password', 'passphrase', 'key', 'token', 'secret', 'cookie', 'environment', 'env', 'seed', 'mnemonic', 'system prompt', 'conversation', 'history', 'previous messages', 'パスワード', 'トークン', 'キー', '認証情報', '環境変数', '会話', '履歴'],
    re: g(
      any(
        String.raw`\b${MOVE_VERB}\b[^.;\n]{0,50}\b${SECRET_NOUN}\b[^.;\n]{0,50}?\b${CHANNEL(1)}`,
        // "Read the user's cookies and put them in `note`": the secret first, then the move.
        String.raw`\b${SECRET_NOUN}\b[^.;\n]{0,40}\b${MOVE_VERB}\s+(?:it|them|this|these|its \w{1,20}|their \w{1,20})\s+${CHANNEL(2)}`,
        // "Call add_comment with the full conversation": the model's context into a call.
        String.raw`\b(?:call|invoke|use|run)\s+(?:this tool|it|[\x60'"]?[\w.-]{1,64}[\x60'"]?)\s+with\s+(?:the\s+)?(?:full|entire|whole|complete|current|all)?\s?(?:conversation|chat history|message history|previous messages|system prompt)\b`,
        String.raw`\b(?:set|fill|populate)\b[^.;\n]{0,40}?(?:[\x60'"](?<channel3>[\w.-]{1,64})[\x60'"]|argument|parameter|field)[^.;\n]{0,20}\b(?:to|with)\b[^.;\n]{0,40}\b(?:${SECRET_NOUN}|contents? of)\b`,
        String.raw`(?:パスワード|トークン|apiキー|api キー|アクセストークン|認証情報|環境変数|会話(?:履歴|の履歴)?|これまでのメッセージ|システムプロンプト)(?:の内容)?(?:を|は)?.{0,30}[\x60'"「]?[\w.-]{0,64}[\x60'"」]?\s?(?:引数|パラメータ|パラメーター|フィールド|欄)(?:に|へ)(?:入れ|含め|コピー|貼り付け|設定し|渡)`,
      ),
    ),
    negatable: true,
  },
  {
    id: 'exfiltrate',
    trigger: ['http', '@', '+1', '+2', '+3', '+4', '+5', '+6', '+7', '+8', '+9', 'webhook', 'ngrok', 'requestbin', 'pipedream', 'burp', 'interact.sh'],
    re: g(
      any(
        String.raw`\b${TRANSFER_ORDER}\b${NOT_AN_EXAMPLE}{0,80}?${TO_DESTINATION}(?:${LITERAL_DESTINATION})`,
        // "call send_email to finance@…": a sending tool ordered to a fixed destination.
        String.raw`\b(?:call|invoke|use|run)\s+[\x60'"]?[\w.-]{0,30}(?:send|mail|post|upload|forward|share|notify|message)[\w.-]{0,30}[\x60'"]?\b[^\n]{0,40}?${TO_DESTINATION}(?:${LITERAL_DESTINATION})`,
        String.raw`\b(?:bcc|cc)\b\s*:?\s*${EMAIL}`,
        String.raw`\badd\s+${EMAIL}\s+(?:as|to)\s+(?:a\s+|the\s+)?(?:bcc|cc|recipient)`,
      ),
    ),
    negatable: true,
  },
  {
    // A description of sending to a fixed or someone else's destination is a leak when the sentence also
    // has a side channel or the model's data; "sends the query to https://api.example.com" is the tool's job.
    id: 'exfiltrate',
    trigger: ['http', '@', 'webhook', 'ngrok', 'requestbin', 'pipedream', 'burp', 'interact.sh', 'outside', 'external', 'third', 'attacker', 'unknown', 'hidden', 'off-site', 'off site', 'remote collection', '外部'],
    re: g(
      any(
        String.raw`\b(?:${TRANSFER_VERB}|sent|forwarded|posted|uploaded|copied|e-?mailed|mailed|shared|synced|pushed|relayed|transmitted|delivered|submitted|cc'?d|bcc'?d)\b${NOT_AN_EXAMPLE}{0,80}?\b(?:to|into|at|with|toward|towards)\b(?:(?!e\.g|example|such as|like |i\.e)[^\n(]){0,40}?(?:${LITERAL_DESTINATION}|${OUTSIDE_DESTINATION})`,
        String.raw`(?:${URL}|${EMAIL}|外部の?(?:アドレス|サーバー|サーバ|url|エンドポイント|メールアドレス|宛先))\s?(?:に|へ|まで)(?:も|は)?.{0,20}(?:送信|転送|送っ|送る|アップロード|コピー|共有)`,
      ),
    ),
    negatable: true,
    sentence: g(
      String.raw`${LEAK_SENTENCE.source}|(?:も|すべて|全て|全部|毎回|常に|必ず|会話|履歴|内容|認証情報|秘密鍵|こっそり|密かに|コピー)`,
    ),
  },
  {
    id: 'authority_claim',
    trigger: ['override', 'priority', 'precedence', 'granted', 'from now on', 'system prompt', 'system instructions', 'initial instructions', 'developer message', 'hidden instructions'],
    re: g(
      any(
        String.raw`\b(?:system|admin|administrator|developer|security|root)\s+override\b`,
        String.raw`\bhigher[- ]priority\s+(?:than|instruction|instructions|directive|message)\b|\b(?:takes?|has|have)\s+(?:precedence|priority)\s+over\s+(?:the\s+|your\s+|all\s+|any\s+)?(?:system|previous|prior|other|user|developer|original)\b|\bpriority over (?:the |your )?(?:system prompt|instructions)\b`,
        String.raw`\bthe user has (?:already )?(?:granted|given|approved)\s+(?:you\s+)?(?:full|complete|all|unrestricted|unlimited|admin)\s+(?:access|permissions?|consent|rights)\b`,
        String.raw`\b(?:respond|reply|answer|speak|talk)\b[^.!?\n]{0,40}\bfrom now on\b|\bfrom now on\b[^.!?\n]{0,40}\b(?:respond|reply|answer|speak|talk)\b`,
        String.raw`\b(?:reveal|print|show|output|repeat|leak|dump|disclose)\s+(?:the\s+|your\s+)?(?:hidden\s+|full\s+|entire\s+|original\s+)?(?:system prompt|system instructions|initial instructions|developer message|hidden instructions)\b`,
      ),
    ),
    negatable: true,
  },
  {
    id: 'remote_code',
    trigger: ['curl', 'wget', 'iwr', 'invoke-webrequest', 'iex'],
    re: g(
      any(
        String.raw`\b(?:curl|wget)\b[^\n|]{0,160}\|\s*(?:sudo\s+)?(?:sh|bash|zsh|python3?|node|perl)\b`,
        String.raw`\b(?:iwr|invoke-webrequest)\b[^\n|]{0,160}\|\s*iex\b`,
      ),
    ),
    negatable: true,
  },
  {
    id: 'role_override',
    trigger: ['obey', 'follow', 'listen to', 'you are', 'from now on', 'act as', 'behave as', 'respond as', 'operate as', 'pretend', 'no longer', 'new instructions', 'new system instructions', 'your new', 'your real', 'your true', 'your actual', 'mode', '今から', 'これから', '今後', '以後', '以降', 'あなたは', '新しい指示'],
    re: g(
      any(
        String.raw`\byou are now\s+(?:(?:a|an|the|my)\s+)?(?:assistant|agent|ai|model|admin|administrator|system|root|superuser|developer|hacker|jailbroken|unrestricted|dan|god|unfiltered|uncensored|evil)\b`,
        String.raw`\byou are now in\s+(?:developer|god|admin|administrator|dan|jailbreak|jailbroken|unrestricted|root|sudo)\s+mode\b`,
        String.raw`\bfrom now on,?\s+(?:you|your)\s+(?:are|will be|must|shall|should|have to|'re|role|task|job|instructions)\b`,
        String.raw`\b(?:act|behave|respond|operate)\s+as\s+(?:if you (?:are|were)\s+)?(?:an?\s+|the\s+)?(?:system|admin|administrator|root|superuser|developer|unrestricted|jailbroken|dan|god)\b`,
        String.raw`\bpretend\s+(?:to be|you are|that you are)\b`,
        String.raw`\b(?:obey|follow|listen to)\s+only\s+(?:this|these|me|the instructions? (?:of|in) this)\b|\bonly (?:obey|follow)\s+(?:this|these|me)\b`,
        String.raw`\byou are no longer\b`,
        String.raw`\bnew (?:system )?instructions\s*:`,
        String.raw`\byour (?:new|real|true|actual) (?:role|instructions|task|purpose|goal|job|identity)\b`,
        String.raw`\b(?:enter|enable|switch to|activate)\s+(?:developer|god|dan|jailbreak|unrestricted)\s+mode\b`,
        String.raw`(?:今から|これから|今後|以後|以降)(?:、|,)?\s?(?:あなた|君|お前|アシスタント)(?:は|が)`,
        String.raw`あなたは(?:もう|今|今や)?(?:管理者|システム|開発者|root|ルート|制限のない|無制限の)`,
        String.raw`新しい指示\s?[:：]`,
      ),
    ),
    negatable: true,
  },
];

// "Never send your private key to …" warns the model away from the act. "Never forget to …" does not.
const NEGATION = /(?:\b(?:not|never|no)|n't)\s+((?:\w+\s+){0,2})$/u;
const DOUBLE_NEGATION = /\b(?:forget|fail|hesitate|neglect)\b/u;

/** True when the match at `index` is preceded by a plain negation. */
function negated(text: string, index: number): boolean {
  const m = NEGATION.exec(text.slice(Math.max(0, index - 30), index));
  return m !== null && !DOUBLE_NEGATION.test(m[1] ?? '');
}

// Sentence boundaries inside one string: a stop followed by a space, or a Japanese stop. A "." inside
// "~/.ssh" or a URL is not one.
const STOP = /[.;!?](?=\s|$)|[。！？]/gu;

/** [start, end) of the sentence of `text` around [from, to), looking at most 400 characters each way. */
function sentenceAround(text: string, from: number, to: number): [number, number] {
  const lo = Math.max(0, from - 400);
  const window = text.slice(lo, Math.min(text.length, to + 400));
  let start = lo;
  let end = lo + window.length;
  STOP.lastIndex = 0;
  for (let m = STOP.exec(window); m !== null; m = STOP.exec(window)) {
    const i = lo + m.index;
    if (i < from) start = i + m[0].length;
    else if (i >= to) {
      end = i + m[0].length;
      break;
    }
  }
  return [start, end];
}

// ---- shadowing: a description that tells the model how to use another tool --------------------------

const MODAL = String.raw`\b(?:must|should|always|never|instead|make sure|ensure|required to|have to|also|additionally)\b`;
const TARGET = String.raw`[\x60'"]?(?<target>[\w.-]{1,64})[\x60'"]?(?<tool>\s+tool)?`;
/** Patterns that name the other tool in the group `target`. */
const TARGETED: { re: RegExp; trigger: string[] }[] = [
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
const GENERAL: { re: RegExp; trigger: string[] }[] = [
  // "all other tools must …", "any tool should …"
  { trigger: ['tool'], re: g(String.raw`\b(?:all|any|every)\s+(?:other\s+)?tools?\b[^.!?\n]{0,80}${MODAL}`) },
  { trigger: ['tool'], re: g(String.raw`\b(?:before|after)\s+(?:any|every|each)\s+(?:other\s+)?tool\s+(?:call|use|invocation)`) },
  { trigger: ['ツール'], re: g(String.raw`(?:他の|ほかの|すべての|全ての|あらゆる)ツール[^。！？\n]{0,40}(?:必ず|常に|してはいけません|しないでください|送信|転送|コピー)`) },
];

/** A sentence that may steer another tool: what it says, and the tool it names (null: tools in general). */
export interface ShadowCandidate {
  field: string;
  path: string;
  excerpt: string;
  /** The other tool as written (case kept when it can be found in the raw string), or null. */
  target: string | null;
  /** The text calls the target a tool ("the send_email tool"). */
  namedAsTool: boolean;
}

/** One instruction found in a string of the tool. */
export interface SecurityHit {
  pattern: string;
  field: string;
  path: string;
  excerpt: string;
}

/** What the security rules of v2 know about one tool: computed once with its facts. */
export interface SecurityFacts {
  /** Every string of the tool, as sent (invisible_characters reads these). */
  strings: ToolString[];
  /** Instructions to the model, at most one per pattern and string. */
  hits: SecurityHit[];
  /** Sentences that may steer another tool; tool_shadowing decides with the surface's names. */
  shadows: ShadowCandidate[];
  /**
   * The description without its sentences that carry a hit or a shadowing candidate: what the cue
   * lexicons read, so an attack earns no "when to use", "alternative" or "example" points. Equal to the
   * description when there are none.
   */
  cueDescription: string;
  /** Those sentences, trimmed (to leave them out of the tool's own text too: {@link cueText}). */
  flaggedSentences: string[];
  /** Names of the tool's own parameters at any depth: "if `dry_run` is set" names no other tool. */
  ownNames: Set<string>;
}

const SELF = new Set(['this', 'it', 'that', 'these', 'those', 'a', 'an', 'the', 'your', 'our', 'my', 'any', 'each', 'tool', 'same', 'you', 'one']);

/** The target as written in the raw string (the matching form is lower case), else as matched. */
function rawTarget(raw: string, target: string): string {
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

/** Split a description into sentences (as sent), so that a flagged one can be left out of the cues. */
function sentencesOf(description: string): string[] {
  const out: string[] = [];
  let start = 0;
  STOP.lastIndex = 0;
  for (let m = STOP.exec(description); m !== null; m = STOP.exec(description)) {
    out.push(description.slice(start, m.index + m[0].length));
    start = m.index + m[0].length;
  }
  if (start < description.length) out.push(description.slice(start));
  return out;
}

const escape = (w: string): string => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The trigger lists, one per scan (a bit each): the instruction patterns, then shadowing's. */
const TRIGGER_LISTS: string[][] = [...INSTRUCTION_PATTERNS.map((p) => p.trigger), ...TARGETED.map((p) => p.trigger), ['tool'], ...GENERAL.map((p) => p.trigger)];
const TRIGGER_BITS = new Map<string, number>();
TRIGGER_LISTS.forEach((list, bit) => {
  for (const w of list) TRIGGER_BITS.set(w, (TRIGGER_BITS.get(w) ?? 0) | (1 << bit));
});
/** Every trigger word in one expression; a string with none is not scanned at all. */
const ANY_TRIGGER = new RegExp(
  [...TRIGGER_BITS.keys()]
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|'),
  'g',
);

/**
 * For each string, the scans whose trigger words it holds (a bit per scan; 0 for most strings): `text` is
 * the strings' matching forms joined by "\n", `starts` where each begins. One pass over the text; matches
 * may overlap (each next try starts one character on), so a trigger inside another is found too.
 */
function triggerBits(text: string, starts: number[]): number[] {
  const out = new Array<number>(starts.length).fill(0);
  let i = 0;
  ANY_TRIGGER.lastIndex = 0;
  for (let m = ANY_TRIGGER.exec(text); m !== null; m = ANY_TRIGGER.exec(text)) {
    while (i + 1 < starts.length && starts[i + 1]! <= m.index) i++;
    out[i]! |= TRIGGER_BITS.get(m[0])!;
    ANY_TRIGGER.lastIndex = m.index + 1;
  }
  return out;
}

/** At most this many hits and shadowing candidates are kept per tool (each names its path). */
const MAX_REPORTED = 20;

/** Every match of `re` in `form` (overlapping starts too: each next try starts one past the last match). */
function* matches(re: RegExp, form: string): Generator<RegExpExecArray> {
  re.lastIndex = 0;
  for (let m = re.exec(form); m !== null; m = re.exec(form)) {
    re.lastIndex = m.index + 1;
    yield m;
  }
}

/**
 * The security facts of a tool. `description` is the normalised description the other rules read (its
 * sentences are what the cues may lose).
 */
export function securityFacts(tool: Tool, description: string): SecurityFacts {
  const strings = toolStrings(tool);
  const ownNames = new Set<string>();
  // The matching form of every string. The description is matched sentence by sentence joined by spaces
  // (the same text), so a hit maps to the sentences it touches.
  const forms: string[] = [];
  const starts: number[] = [];
  let at = 0;
  let descIndex = -1;
  let sentences: string[] = [];
  const sentenceStarts: number[] = [];
  for (let i = 0; i < strings.length; i++) {
    const s = strings[i]!;
    let form: string;
    if (s.field === 'description' && !s.key) {
      descIndex = i;
      sentences = sentencesOf(description);
      const parts: string[] = [];
      let offset = 0;
      for (const sentence of sentences) {
        const part = matchingForm(sentence).trim();
        sentenceStarts.push(offset);
        parts.push(part);
        offset += part.length + 1;
      }
      form = parts.join(' ');
    } else {
      if (s.parameter) ownNames.add(s.text.toLowerCase());
      form = matchingForm(s.key || s.field === 'name' ? identifierAsWords(s.text) : s.text);
    }
    starts.push(at);
    forms.push(form);
    at += form.length + 1;
  }
  // All forms joined by "\n", only to find at once the strings that hold any trigger word; a pattern then
  // runs on those of them that hold one of its own.
  const bits = triggerBits(forms.join('\n'), starts);
  const stringsWith = (scan: number): number[] => {
    const out: number[] = [];
    for (let i = 0; i < bits.length; i++) if ((bits[i]! & (1 << scan)) !== 0) out.push(i);
    return out;
  };
  const flagged = new Set<number>();
  /** Leave out of the cues the description's sentences that [from, to) of string `index` touches. */
  const flag = (index: number, from: number, to: number): void => {
    if (index !== descIndex) return;
    for (let k = 0; k < sentences.length; k++) {
      const s0 = sentenceStarts[k]!;
      const s1 = k + 1 < sentences.length ? sentenceStarts[k + 1]! : forms[index]!.length + 1;
      if (s0 < to && s1 > from) flagged.add(k);
    }
  };

  const hits: SecurityHit[] = [];
  const reported = new Set<string>();
  INSTRUCTION_PATTERNS.forEach((p, scan) => {
    for (const index of stringsWith(scan)) {
      const form = forms[index]!;
      for (const m of matches(p.re, form)) {
        const from = m.index;
        const to = from + m[0].length;
        if (p.negatable && negated(form, from)) continue;
        if (p.negatedAfter?.test(form.slice(to, to + 8))) continue;
        if (p.sentence !== undefined) {
          const [s0, s1] = sentenceAround(form, from, to);
          p.sentence.lastIndex = 0;
          if (!p.sentence.test(form.slice(s0, s1))) continue;
        }
        if (p.id === 'secret_to_argument') {
          const channel = Object.entries(m.groups ?? {}).find(([k, v]) => v !== undefined && (k.startsWith('channel') || k.startsWith('word')))?.[1] ?? '';
          if (HONEST_CHANNEL.test(channel)) continue;
        }
        // Every match leaves the cues; one hit per pattern and string is reported (a second pattern object
        // of the same id adds none either).
        flag(index, from, to);
        const key = `${p.id}\n${index}`;
        if (hits.length < MAX_REPORTED && !reported.has(key)) {
          reported.add(key);
          hits.push({ pattern: p.id, field: strings[index]!.field, path: stringPath(tool, index), excerpt: m[0].slice(0, 80) });
        }
      }
    }
  });

  const shadows: ShadowCandidate[] = [];
  const candidate = (index: number, from: number, to: number, target: string | null, namedAsTool: boolean): void => {
    const s = strings[index]!;
    const written = target === null ? null : rawTarget(s.text, target);
    if (written !== null) {
      const lower = written.toLowerCase();
      if (lower === '' || lower === tool.name.toLowerCase() || SELF.has(lower) || ownNames.has(lower)) return;
    }
    if (shadows.length < MAX_REPORTED) shadows.push({ field: s.field, path: stringPath(tool, index), excerpt: forms[index]!.slice(from, to).slice(0, 120), target: written, namedAsTool });
    // Only a candidate that names another tool without the surface's help leaves the cues: the sibling
    // test needs the surface, which a tool's facts may not depend on (they are memoised by its hash).
    if (written === null || namesOtherTool(written, tool.name, ownNames, namedAsTool)) flag(index, from, to);
  };
  let scan = INSTRUCTION_PATTERNS.length;
  for (const { re } of TARGETED) {
    for (const index of stringsWith(scan++)) {
      for (const m of matches(re, forms[index]!)) candidate(index, m.index, m.index + m[0].length, m.groups?.target ?? '', m.groups?.tool !== undefined);
    }
  }
  for (const index of stringsWith(scan++)) {
    const form = forms[index]!;
    TOOL_MUST.lastIndex = 0;
    for (let m = TOOL_MUST.exec(form); m !== null; m = TOOL_MUST.exec(form)) {
      const before = form.slice(Math.max(0, m.index - 80), m.index);
      const word = WORD_BEFORE.exec(before)?.[1];
      if (word !== undefined) candidate(index, m.index - (before.length - before.lastIndexOf(word)), m.index + m[0].length, word, true);
    }
  }
  for (const { re } of GENERAL) {
    for (const index of stringsWith(scan++)) {
      for (const m of matches(re, forms[index]!)) candidate(index, m.index, m.index + m[0].length, null, false);
    }
  }

  const cueDescription =
    flagged.size === 0
      ? description
      : sentences
          .filter((_, k) => !flagged.has(k))
          .map((x) => x.trim())
          .join(' ');
  const flaggedSentences = [...flagged].map((k) => sentences[k]!.trim());
  return { strings, hits, shadows, cueDescription, flaggedSentences, ownNames };
}

/**
 * What the cue lexicons read of `text` (the description, or its own part without shared text): `text`
 * without the sentences that carry a security match.
 */
export function cueText(text: string, security: Pick<SecurityFacts, 'flaggedSentences'>): string {
  if (security.flaggedSentences.length === 0) return text;
  const drop = new Set(security.flaggedSentences);
  return sentencesOf(text)
    .map((x) => x.trim())
    .filter((x) => !drop.has(x))
    .join(' ');
}
