import type { CaseLanguage, EvalCase } from '../contracts/eval.js';
import type { LintResult } from '../contracts/lint-result.js';
import type { Surface, Tool } from '../contracts/tool.js';
import { identifierTokens } from '../text/words.js';
import { hashSeed, pick, randomInt, seededRandom, shuffled, type Random } from './prng.js';
import { TASK_LINT_DEFAULTS } from './task-lint.js';

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

function firstSentence(text: string | undefined): string {
  if (!text) return '';
  const t = text.trim().split(/\n\s*\n/)[0]!.replace(/\s+/g, ' ');
  const m = /^(.{8,200}?[.!?。])(\s|$)/u.exec(t);
  return (m ? m[1]! : t.slice(0, 160)).trim();
}

const lowerFirst = (s: string) => (/^[A-Z][a-z]/.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s);
const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const stripEnd = (s: string) => s.replace(/[.!?。]+$/u, '');

type Template = (t: { words: string; desc: string; p?: Param; v?: string }) => string | null;

const EN: Template[] = [
  ({ desc }) => (desc ? stripEnd(desc) + '.' : null),
  ({ words, p, v }) => (p ? `Please ${words} with ${p.words} "${v}".` : `Please ${words}.`),
  ({ words, p, v }) => (p ? `I need to ${words}: the ${p.words} is ${v}.` : `I need to ${words}.`),
  ({ words, p, v }) => (p ? `Can you ${words}? Use ${v} as the ${p.words}.` : `Can you ${words}?`),
  ({ words, v }) => (v ? `${upperFirst(words)} for "${v}".` : `${upperFirst(words)}, please.`),
  ({ desc }) => (desc ? `Help me with this: ${lowerFirst(stripEnd(desc))}.` : null),
  ({ words }) => `Could you ${words} for me now?`,
  ({ words, p, v }) => (p ? `Go ahead and ${words} (${p.words}: ${v}).` : `Go ahead and ${words}.`),
  ({ words, desc }) => (desc ? `I want to ${words} — ${lowerFirst(stripEnd(desc))}.` : null),
  ({ words, p, v }) => (p ? `${upperFirst(words)} where ${p.words} = ${v}, thanks.` : null),
];

const JA: Template[] = [
  ({ words, p, v }) => (p ? `${words} を実行して。${p.words} は「${v}」。` : `${words} を実行して。`),
  ({ words, v }) => (v ? `「${v}」で ${words} をしてください。` : `${words} をしてください。`),
  ({ desc, p, v }) => (desc ? `${stripEnd(desc)}（${p ? `${p.words}: ${v}` : '条件なし'}）をお願いします。` : null),
  ({ words }) => `${words} をお願いできますか？`,
  ({ words, p, v }) => (p ? `${p.words} を ${v} にして ${words} して。` : null),
  ({ words }) => `いま ${words} をやってほしい。`,
  ({ desc }) => (desc ? `これを頼みたい: ${stripEnd(desc)}。` : null),
  ({ words, p, v }) => (p ? `${words}、${p.words} は ${v} でお願い。` : `${words} でお願い。`),
  ({ words }) => `${words} してもらえますか？`,
];

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

function toolUtterances(random: Random, tool: Tool, lang: CaseLanguage, n: number): string[] {
  const words = identifierTokens(tool.name).join(' ') || tool.name;
  const desc = firstSentence(tool.description);
  const params = paramsOf(tool);
  const templates = lang === 'en' ? EN : JA;
  const out: string[] = [];
  const seen = new Set<string>();
  // Cycle templates in a seeded order; each round draws a new parameter and value, so utterances differ.
  for (let round = 0; out.length < n && round < 6; round++) {
    for (const template of shuffled(random, templates)) {
      if (out.length >= n) break;
      const p = params.length > 0 ? pick(random, params) : undefined;
      const v = p ? pick(random, p.values) : undefined;
      const u = template({ words, desc: lang === 'ja' && !/[\u3040-\u30ff\u4e00-\u9fff]/u.test(desc) ? '' : desc, ...(p ? { p } : {}), ...(v !== undefined ? { v } : {}) });
      if (u !== null && !seen.has(u)) {
        seen.add(u);
        out.push(u);
      }
    }
  }
  // A tool with neither description nor parameters leaves few distinct templates: plain frames fill up.
  const frames = lang === 'en' ? ['Run {w}.', 'Time to {w}.', "I'd like you to {w}.", 'Use {w} now.', 'Do the {w} thing.', '{W}, please.', 'Just {w}.', 'Start {w} for me.'] : ['{w} を使って。', '{w} を頼む。', '{w} を動かして。', 'まず {w}。', '{w} をすぐに。', '{w} を実行。'];
  for (const f of frames) {
    if (out.length >= n) break;
    const u = f.replace('{w}', words).replace('{W}', upperFirst(words));
    if (!seen.has(u)) {
      seen.add(u);
      out.push(u);
    }
  }
  return out;
}

const contentWords = (text: string | undefined) => new Set((text ?? '').toLowerCase().match(/[\p{L}\p{N}]{4,}/gu) ?? []);

function confusableUtterances(random: Random, tool: Tool, other: Tool, lang: CaseLanguage, n: number): string[] {
  const words = identifierTokens(tool.name).join(' ') || tool.name;
  const mine = contentWords(`${tool.description ?? ''} ${identifierTokens(tool.name).join(' ')}`);
  const theirs = contentWords(`${other.description ?? ''} ${identifierTokens(other.name).join(' ')}`);
  const distinct = [...mine].filter((w) => !theirs.has(w));
  const hint = shuffled(random, distinct).slice(0, 3).join(' ');
  const options = lang === 'en'
    ? [
        hint ? `${upperFirst(words)} — specifically the one about ${hint}.` : `${upperFirst(words)}, exactly that.`,
        `I want to ${words}${hint ? ` (${hint})` : ''}, nothing else.`,
        `Please ${words}${hint ? `; it is about ${hint}` : ''}.`,
      ]
    : [
        `${words} をして。${hint ? `${hint} の件です。` : ''}`,
        `${hint ? `${hint} について、` : ''}${words} だけお願いします。`,
        `ちょうど ${words} がしたい。`,
      ];
  return shuffled(random, options).slice(0, n);
}

/**
 * Deterministic offline cases (no model): templates filled from each tool's name words, the first
 * sentence of its description, its parameter names and enum values or typical values. Same inputs and
 * seed, same cases. A weaker source than a generator model: the utterances echo the tools' own words,
 * which favours lexical matching (and the lexical baseline) over real paraphrase — use it for the
 * embedded default and tests, and a model or a hand-written task set for published numbers.
 */
export function generateOfflineCases(options: OfflineCaseOptions): EvalCase[] {
  const perTool = options.perTool ?? CASE_DEFAULTS.perTool;
  const perPairTool = options.perPairTool ?? CASE_DEFAULTS.perPairTool;
  const share = options.noCallShare ?? CASE_DEFAULTS.noCallShare;
  const languages = options.languages ?? ['en'];
  const byName = new Map(options.surface.tools.map((t) => [t.name, t] as const));
  const cases: EvalCase[] = [];
  for (const lang of languages) {
    let directed = 0;
    for (const tool of options.surface.tools) {
      const random = seededRandom(hashSeed(`${options.seed >>> 0}:td:${lang}:${tool.name}`));
      toolUtterances(random, tool, lang, perTool).forEach((utterance, i) => {
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
        confusableUtterances(random, tool, other, lang, perPairTool).forEach((utterance, i) => {
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
  return cases;
}
