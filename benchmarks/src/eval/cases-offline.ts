import type { CaseLanguage, EvalCase } from '../contracts/eval.js';
import type { LintResult } from '../contracts/lint-result.js';
import type { Surface, Tool } from '../contracts/tool.js';
import { identifierTokens } from '../text/words.js';
import { EvalError } from './errors.js';
import { intentSentence, namePhraseOf, namespaceTokens, requestFromDescription, requestFromName, requestVariants } from './intent.js';
import { hashSeed, pick, randomInt, seededRandom, shuffled, type Random } from './prng.js';
import { TASK_LINT_DEFAULTS } from './task-lint.js';

/**
 * What the offline generator's cases are, named so wherever they are used or shown (forms, boards, reports):
 * requests built from each tool's own description, which the lexical baseline solves by word overlap
 * (`npm run bench:cases`). They never back a public board.
 */
export const OFFLINE_CASES_LABEL = 'paraphrases of the tool text';
/** What its Japanese cases of English tools are. */
export const CODE_SWITCHED_LABEL = 'code-switched: a Japanese frame around an English request';

/** Defaults of case generation: 8 tool-directed cases per tool, 2 per tool of a confusable pair, no-call = 1/5 of tool-directed. */
export const CASE_DEFAULTS = { perTool: 8, perPairTool: 2, noCallShare: 0.2 } as const;

/** Options of {@link generateOfflineCases}. */
export interface OfflineCaseOptions {
  surface: Surface;
  /** The lint result of the surface (rules v1): its confusable pairs get confusable cases. */
  lint?: Pick<LintResult, 'confusablePairs' | 'tools'>;
  seed: number;
  languages?: readonly CaseLanguage[];
  perTool?: number;
  perPairTool?: number;
  noCallShare?: number;
}

/** Every confusable pair of a lint result, each once, sorted: the top list and each tool's `confusableWith`. */
export function confusablePairsOf(lint: Pick<LintResult, 'confusablePairs' | 'tools'>): [string, string][] {
  const keys = new Set<string>();
  const add = (a: string, b: string) => {
    if (a !== b) keys.add(a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);
  };
  for (const p of lint.confusablePairs.top) add(p.tools[0], p.tools[1]);
  for (const t of lint.tools) for (const o of t.confusableWith) add(t.name, o);
  return [...keys].sort().map((k) => k.split('\u0000') as [string, string]);
}

interface Param {
  name: string;
  words: string;
  type: string;
  values: string[];
}

const SAMPLE_STRINGS: [RegExp, string[]][] = [
  [/path|file|dir|folder/, ['/tmp/notes.txt', 'src/index.ts', 'docs/README.md']],
  [/url|uri|link|href/, ['https://example.com/docs', 'https://example.org/pricing']],
  [/e-?mail/, ['ana@example.com']],
  [/query|search|term|keyword|text|q$/, ['quarterly report', 'rossi', 'open invoices']],
  [/name|title|label/, ['Rossi', 'Weekly sync', 'launch-plan']],
  [/\bid\b|ids?$|key|uuid/, ['42', 'abc-123']],
  [/date|time|since|until/, ['2026-01-15']],
  [/lang/, ['en']],
  [/repo|project/, ['toolmark']],
  [/content|body|message|note|description|comment/, ['ship it on Friday', 'remember the milk']],
];

function paramsOf(tool: Tool): Param[] {
  const props = (tool.inputSchema as { properties?: unknown }).properties;
  if (!props || typeof props !== 'object' || Array.isArray(props)) return [];
  return Object.entries(props as Record<string, unknown>)
    .slice(0, 12)
    .map(([name, raw]) => {
      const s = (raw && typeof raw === 'object' ? raw : {}) as { type?: unknown; enum?: unknown; minimum?: unknown; maximum?: unknown };
      const type = typeof s.type === 'string' ? s.type : Array.isArray(s.enum) ? 'enum' : 'string';
      let values: string[];
      if (Array.isArray(s.enum) && s.enum.length > 0) values = s.enum.slice(0, 6).map((v) => String(v));
      else if (type === 'integer' || type === 'number') {
        const lo = typeof s.minimum === 'number' ? s.minimum : 1;
        const hi = typeof s.maximum === 'number' ? s.maximum : Math.max(lo, 20);
        values = [...new Set([lo, Math.round((lo + hi) / 2), Math.min(hi, lo + 4)].map((x) => String(Math.round(x))))];
      } else if (type === 'boolean') values = ['true', 'false'];
      else {
        const lower = name.toLowerCase();
        values = SAMPLE_STRINGS.find(([re]) => re.test(lower))?.[1] ?? ['example'];
      }
      return { name, words: identifierTokens(name).join(' ') || name, type, values };
    });
}

const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** English frames around a request (a verb phrase in the base form, lower-case, no final stop). */
const EN: ((r: string) => string)[] = [
  (r) => `${upperFirst(r)}.`,
  (r) => `Please ${r}.`,
  (r) => `Could you ${r}?`,
  (r) => `I need you to ${r}.`,
  (r) => `Can you ${r} for me?`,
  (r) => `I'd like to ${r}.`,
  (r) => `Help me ${r}.`,
  (r) => `Go ahead and ${r}.`,
  (r) => `${upperFirst(r)}, please.`,
  (r) => `Would you ${r}?`,
];
const EN_VALUE: ((p: Param, v: string) => string)[] = [(p, v) => ` Use ${v} as the ${p.words}.`, (p, v) => ` Set ${p.words} to ${v}.`, (p, v) => ` (${p.words}: ${v})`];

/** Japanese frames around an English request (descriptions are English: a code-switched request). */
const JA_FRAMED: ((r: string) => string)[] = [
  (r) => `次の作業をお願いします：${r}。`,
  (r) => `「${r}」をやってほしい。`,
  (r) => `${r} — これをお願いできますか？`,
  (r) => `これを頼みたい: ${r}。`,
  (r) => `いまから ${r} をしてもらえますか？`,
  (r) => `${r} を頼めますか？`,
  (r) => `すみません、${r} をお願いします。`,
  (r) => `${r}。よろしく。`,
];
/** Japanese frames around a Japanese intent (the description's own first sentence). */
const JA_NATIVE: ((i: string) => string)[] = [(i) => `${i}。`, (i) => `${i}。お願いします。`, (i) => `次をお願いします：${i}。`, (i) => `${i}、頼めますか？`];
const JA_VALUE: ((p: Param, v: string) => string)[] = [(p, v) => `（${p.words}: ${v}）`, (p, v) => ` ${p.words} は「${v}」で。`];

const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff]/u;

/** What the generator knows of the surface: namespace tokens and the other tools' names (removed from intents). */
interface SurfaceContext {
  namespace: ReadonlySet<string>;
  names: readonly string[];
}

/**
 * Every distinct utterance the generator can write for a tool, free of its name (see `intent.ts`):
 * requests from the description's intent (or, without one, from the name's words reordered), each in
 * every frame, alone or with one of its first parameters and values. Deterministic for a seed.
 */
function utterancePool(random: Random, tool: Tool, lang: CaseLanguage, ctx: SurfaceContext): string[] {
  const pickOne = (options: readonly string[]) => pick(random, options);
  const intent = intentSentence(tool.description, ctx.names.filter((n) => n !== tool.name));
  const params = paramsOf(tool).slice(0, 3);
  const native = lang === 'ja' && JAPANESE.test(intent);
  let requests = native ? [intent.replace(/[。.]+$/u, '')] : requestVariants(requestFromDescription(intent), tool, intent, pickOne);
  if (requests.length === 0) requests = requestVariants(requestFromName(tool.name, ctx.namespace), tool, intent, pickOne);
  const frames = lang === 'en' ? EN : native ? JA_NATIVE : JA_FRAMED;
  const valueFrames = lang === 'en' ? EN_VALUE : JA_VALUE;
  const suffixes = [''];
  for (const p of params) for (const v of p.values.slice(0, 2)) for (const f of valueFrames) suffixes.push(f(p, v));
  const out = new Set<string>();
  const saysName = namePhraseOf(tool.name, intent);
  for (const r of requests) for (const frame of frames) for (const suffix of suffixes) {
    const u = `${frame(r)}${suffix}`;
    if (!out.has(u) && saysName(u) === null) out.add(u);
  }
  return [...out];
}

const contentWords = (text: string | undefined) => new Set((text ?? '').toLowerCase().match(/[\p{L}\p{N}]{4,}/gu) ?? []);

function confusableUtterances(random: Random, tool: Tool, other: Tool, lang: CaseLanguage, n: number, ctx: SurfaceContext): string[] {
  const intent = intentSentence(tool.description);
  const mine = contentWords(`${intent} ${identifierTokens(tool.name).join(' ')}`);
  const theirs = contentWords(`${intentSentence(other.description)} ${identifierTokens(other.name).join(' ')}`);
  const distinct = [...mine].filter((w) => !theirs.has(w) && !ctx.namespace.has(w));
  const hint = shuffled(random, distinct).slice(0, 3).join(', ');
  const pool = shuffled(random, utterancePool(random, tool, lang, ctx).filter((u) => u.length < 240));
  const out: string[] = [];
  const saysName = namePhraseOf(tool.name, intent);
  for (const base of pool) {
    if (out.length >= n) break;
    const u = hint ? `${base}${lang === 'en' ? ` It is about ${hint}, nothing else.` : ` ${hint} の件です。`}` : base;
    if (saysName(u) === null && !out.includes(u)) out.push(u);
  }
  return out;
}

const NO_CALL: Record<CaseLanguage, string[]> = {
  en: [
    'What is the capital of Australia?',
    'Tell me a short joke about cats.',
    'How do I say "thank you" in Italian?',
    'Write a haiku about autumn leaves.',
    'What is 17 times 23?',
    'Who wrote Pride and Prejudice?',
    'Give me three tips for sleeping better.',
    'Explain what a prime number is in one sentence.',
    'What rhymes with "orange"?',
    'Suggest a name for a goldfish.',
    'How many continents are there?',
    'Summarise the plot of Romeo and Juliet in two lines.',
    'Is a tomato a fruit or a vegetable?',
    'Thanks, that is all for now.',
    'What does the idiom "break the ice" mean?',
    'Recommend a classic novel for a long flight.',
    'Convert 10 kilometres to miles in your head.',
    'Hello! How are you today?',
    'Why is the sky blue?',
    'Give me a synonym for "happy".',
  ],
  ja: [
    'オーストラリアの首都はどこですか？',
    '猫についての短い冗談を言って。',
    'イタリア語で「ありがとう」は何と言いますか？',
    '秋の落ち葉について俳句を詠んで。',
    '17 かける 23 はいくつ？',
    '『高慢と偏見』の作者は誰ですか？',
    'よく眠るためのコツを三つ教えて。',
    '素数とは何か、一文で説明して。',
    '金魚の名前を考えて。',
    '大陸はいくつありますか？',
    'トマトは果物ですか、野菜ですか？',
    'ありがとう、今日はこれで終わりです。',
    '「氷を割る」という慣用句の意味は？',
    '長いフライトにおすすめの古典小説は？',
    'こんにちは！ご機嫌いかがですか？',
    '空はなぜ青いのですか？',
    '「嬉しい」の類義語を教えて。',
    '春の季語をいくつか挙げて。',
    'ロミオとジュリエットのあらすじを二行で。',
    '10 キロメートルは何マイルくらい？',
  ],
};

/** A tool for which fewer distinct utterances can be written than asked for. */
export interface CaseShortfall {
  tool: string;
  language: CaseLanguage;
  asked: number;
  possible: number;
}

/**
 * Deterministic offline cases (no model): each tool's intent — the first sentence of its description
 * turned into a request, or its name's words reordered when it has none — in seeded frames, with
 * parameter names and enum or typical values; never the tool's name or its name's words in the name's
 * order (`namePhrase` in `intent.ts`). Exactly `perTool` per tool and language, or an EvalError
 * `cases_unavailable` naming each tool that has fewer possible utterances and how many. Same inputs and
 * seed, same cases. Still a weaker source than a generator model (the words come from the descriptions):
 * use a model or a hand-written task set for published numbers.
 */
export function generateOfflineCases(options: OfflineCaseOptions): EvalCase[] {
  const perTool = options.perTool ?? CASE_DEFAULTS.perTool;
  const perPairTool = options.perPairTool ?? CASE_DEFAULTS.perPairTool;
  const share = options.noCallShare ?? CASE_DEFAULTS.noCallShare;
  const languages = options.languages ?? ['en'];
  const byName = new Map(options.surface.tools.map((t) => [t.name, t] as const));
  const names = options.surface.tools.map((t) => t.name);
  const ctx: SurfaceContext = { namespace: namespaceTokens(names), names };
  const cases: EvalCase[] = [];
  const shortfalls: CaseShortfall[] = [];
  for (const lang of languages) {
    let directed = 0;
    for (const tool of options.surface.tools) {
      const random = seededRandom(hashSeed(`${options.seed >>> 0}:td:${lang}:${tool.name}`));
      const pool = utterancePool(random, tool, lang, ctx);
      if (pool.length < perTool) shortfalls.push({ tool: tool.name, language: lang, asked: perTool, possible: pool.length });
      shuffled(random, pool).slice(0, perTool).forEach((utterance, i) => {
        directed++;
        cases.push({ id: `td:${tool.name}:${lang}:${i + 1}`, kind: 'tool-directed', language: lang, source: 'offline', utterance, expected: tool.name });
      });
    }
    for (const [a, b] of options.lint ? confusablePairsOf(options.lint) : []) {
      const ta = byName.get(a);
      const tb = byName.get(b);
      if (!ta || !tb) continue;
      for (const [tool, other] of [
        [ta, tb],
        [tb, ta],
      ] as const) {
        const random = seededRandom(hashSeed(`${options.seed >>> 0}:cf:${lang}:${tool.name}:${other.name}`));
        confusableUtterances(random, tool, other, lang, perPairTool, ctx).forEach((utterance, i) => {
          cases.push({ id: `cf:${tool.name}~${other.name}:${lang}:${i + 1}`, kind: 'confusable', language: lang, source: 'offline', utterance, expected: tool.name, pairedWith: other.name });
        });
      }
    }
    // One fifth of the tool-directed cases, but never fewer than the task-set lint's floor of all cases
    // (confusable cases add to the total), so a generated set always passes `tasks lint`.
    const confusable = cases.filter((c) => c.kind === 'confusable' && c.language === lang).length;
    const floor = TASK_LINT_DEFAULTS.minNoCallShare;
    const noCall = Math.max(Math.round(directed * share), Math.ceil((floor * (directed + confusable)) / (1 - floor)));
    const random = seededRandom(hashSeed(`${options.seed >>> 0}:nc:${lang}`));
    const pool = shuffled(random, NO_CALL[lang]);
    for (let i = 0; i < noCall; i++) {
      const base = pool[i % pool.length]!;
      const round = Math.floor(i / pool.length);
      const utterance = round === 0 ? base : `${base}${lang === 'en' ? pick(random, [' Just curious.', ' No rush.', ' Quick question.']) : pick(random, ['（ちょっと気になって）', '（急ぎません）'])}${round > 1 ? ` #${round + randomInt(random, 1)}` : ''}`;
      cases.push({ id: `nc:${lang}:${i + 1}`, kind: 'no-call', language: lang, source: 'offline', utterance, expected: null });
    }
  }
  if (shortfalls.length > 0) throw casesUnavailable(shortfalls, 'the offline generator');
  return cases;
}

/** What a cases-per-tool count some tools cannot have means: which tools, how many they have, what to do. */
export function shortfallMessage(shortfalls: readonly CaseShortfall[], source: string): string {
  const list = shortfalls.slice(0, 8).map((s) => `${s.tool} (${s.language}): ${s.possible}`).join(', ');
  const more = shortfalls.length > 8 ? ` and ${shortfalls.length - 8} more` : '';
  return `--cases-per-tool ${shortfalls[0]!.asked}: ${source} can give fewer distinct cases for ${shortfalls.length} tool(s): ${list}${more}; ask for at most ${Math.min(...shortfalls.map((s) => s.possible))} or write a task set`;
}

/** The refusal of a cases-per-tool count some tools cannot have (EvalError `cases_unavailable`). */
export function casesUnavailable(shortfalls: readonly CaseShortfall[], source: string): EvalError {
  return new EvalError('cases_unavailable', shortfallMessage(shortfalls, source), {
    limit: Math.min(...shortfalls.map((s) => s.possible)),
    actual: shortfalls[0]!.asked,
    shortfalls: shortfalls.map((s) => ({ ...s })),
  });
}
