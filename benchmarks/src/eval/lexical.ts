import type { ProposedCall, ShownTool, TurnRequest, TurnResult } from '../contracts/provider.js';
import { identifierTokens, stem } from '../text/words.js';

/**
 * The lexical baseline router: BM25 over each tool's name (weighted), description and parameter names
 * against the utterance. It calls the best-scoring tool with the arguments it can fill, or abstains when
 * the best score is under the threshold. Deterministic, offline, free — a baseline, labelled so everywhere.
 */
export const LEXICAL_DEFAULTS = {
  k1: 1.2,
  b: 0.75,
  /** Name tokens count this many times (a name is the tool's most specific text). */
  nameWeight: 3,
  /**
   * Abstain when the best BM25 score is under this many times the IDF of a word found in exactly one tool
   * (the largest IDF of the tool set, so the threshold scales with the number of tools): about one
   * distinctive word matched, or several common ones. Chosen on the six distractor sets with offline
   * cases, where chit-chat utterances (sharing only generic words with tool text) mostly stay under it.
   */
  threshold: 1.2,
} as const;

/** Id recorded as the baseline's fingerprint (changes whenever ranking or argument filling changes). */
export const LEXICAL_VERSION = 'lexical-bm25-v1';

const STOP = new Set(
  'a an the and or but if then else of to in on at by for with from into onto about as is are was were be been being it its this that these those there here i me my we our you your he she they them their what which who whom whose when where why how can could would should will shall may might must do does did done please kindly just now want need like let lets go ahead some any all each every no not so very too also only than more most much many one two me up out over under again once using use used get give tell show make thing things something anything ok okay hey hi thanks thank'.split(
    ' ',
  ),
);
const CJK_RUN = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff66-\uff9f]+/gu;
const WORD = /[\p{L}\p{N}_]+/gu;

/** Terms of a text: lower-cased identifier parts, stemmed, stop words dropped; Japanese as character bigrams. */
export function lexicalTerms(text: string): string[] {
  const out: string[] = [];
  for (const w of text.match(WORD) ?? []) {
    if (/[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]/u.test(w)) continue;
    for (const part of identifierTokens(w)) {
      if (part.length < 2 || STOP.has(part)) continue;
      out.push(stem(part));
    }
  }
  for (const run of text.match(CJK_RUN) ?? []) {
    if (run.length === 1) out.push(run);
    for (let i = 0; i + 1 < run.length; i++) out.push(run.slice(i, i + 2));
  }
  return out;
}

interface Doc {
  tool: ShownTool;
  length: number;
}

/** A BM25 index of one tool set, built once per surface. */
export interface LexicalIndex {
  readonly docs: readonly Doc[];
  /** term → [doc index, term frequency] pairs. */
  readonly postings: ReadonlyMap<string, readonly (readonly [number, number])[]>;
  readonly avgLength: number;
  readonly idf: ReadonlyMap<string, number>;
  /** IDF of a term found in exactly one tool: the unit of the abstention threshold. */
  readonly unit: number;
}

const propertiesOf = (schema: Record<string, unknown>): Record<string, Record<string, unknown>> => {
  const p = schema.properties;
  return p && typeof p === 'object' && !Array.isArray(p) ? (p as Record<string, Record<string, unknown>>) : {};
};

/** Build the index of a tool set (name × nameWeight, description, parameter names). Order-free. */
export function buildLexicalIndex(tools: readonly ShownTool[], nameWeight: number = LEXICAL_DEFAULTS.nameWeight): LexicalIndex {
  const sorted = tools.slice().sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const postings = new Map<string, [number, number][]>();
  const docs: Doc[] = [];
  sorted.forEach((tool, i) => {
    const terms: string[] = [];
    const nameTerms = lexicalTerms(identifierTokens(tool.name).join(' '));
    for (let k = 0; k < nameWeight; k++) terms.push(...nameTerms);
    terms.push(...lexicalTerms(tool.description));
    for (const p of Object.keys(propertiesOf(tool.inputSchema))) terms.push(...lexicalTerms(identifierTokens(p).join(' ')));
    const tf = new Map<string, number>();
    for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
    for (const [t, n] of tf) {
      let list = postings.get(t);
      if (!list) postings.set(t, (list = []));
      list.push([i, n]);
    }
    docs.push({ tool, length: terms.length });
  });
  const n = docs.length;
  const idf = new Map<string, number>();
  for (const [t, list] of postings) idf.set(t, Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5)));
  return { docs, postings, avgLength: docs.reduce((s, d) => s + d.length, 0) / Math.max(1, n), idf, unit: Math.log(1 + (n - 1 + 0.5) / 1.5) };
}

/** Options of {@link routeLexical}. */
export interface LexicalOptions {
  threshold?: number;
  k1?: number;
  b?: number;
}

/** The baseline's decision: the calls (zero or one), the best scores, and whether it abstained. */
export interface LexicalDecision {
  calls: ProposedCall[];
  ranking: { name: string; score: number }[];
  abstained: boolean;
}

/** Score the tools against an utterance and call the best one, or abstain under the threshold. */
export function routeLexical(index: LexicalIndex, utterance: string, options: LexicalOptions = {}): LexicalDecision {
  const k1 = options.k1 ?? LEXICAL_DEFAULTS.k1;
  const b = options.b ?? LEXICAL_DEFAULTS.b;
  const threshold = options.threshold ?? LEXICAL_DEFAULTS.threshold;
  const scores = new Float64Array(index.docs.length);
  for (const term of new Set(lexicalTerms(utterance))) {
    const list = index.postings.get(term);
    if (!list) continue;
    const idf = index.idf.get(term)!;
    for (const [i, tf] of list) {
      const len = index.docs[i]!.length;
      scores[i]! += (idf * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * len) / index.avgLength));
    }
  }
  // Docs are sorted by name, so the first maximum is also the alphabetical tie-break.
  let best = -1;
  for (let i = 0; i < scores.length; i++) if (best < 0 || scores[i]! > scores[best]!) best = i;
  const ranking: { name: string; score: number }[] = [];
  for (let i = 0; i < scores.length; i++) if (scores[i]! > 0) ranking.push({ name: index.docs[i]!.tool.name, score: scores[i]! });
  ranking.sort((x, y) => y.score - x.score || (x.name < y.name ? -1 : 1));
  ranking.length = Math.min(ranking.length, 5);
  if (best < 0 || scores[best]! <= 0 || scores[best]! < threshold * index.unit) return { calls: [], ranking, abstained: true };
  const tool = index.docs[best]!.tool;
  const args = fillArguments(tool, utterance);
  return { calls: [{ name: tool.name, argumentsText: JSON.stringify(args), arguments: args, parseError: null }], ranking, abstained: false };
}

const QUOTED = /"([^"]+)"|“([^”]+)”|'([^']{2,})'|「([^」]+)」|『([^』]+)』/gu;
const NUMBER = /-?\d+(?:\.\d+)?/g;
const URL = /https?:\/\/[^\s"'」）)]+/u;
const PATHLIKE = /(?:^|\s)((?:~|\.{1,2})?\/?[\w.-]+(?:\/[\w.-]+)+|[\w-]+\.[a-z0-9]{1,5})(?=[\s,.;:!?)」]|$)/iu;
const FREE_TEXT = /query|search|text|q$|prompt|message|content|question|keyword|term|topic|body|input|task|instruction|description/;

/**
 * Arguments the baseline can fill from the utterance: required parameters (and optional enums whose
 * value the utterance names). Strings from quoted text first, then a URL or path-like token for such
 * parameters, the word after the parameter's name ("path is a.txt", "name: x", "path は x"), or the
 * whole utterance for free-text parameters; numbers from the digits in the utterance, in order; enums
 * by the value named. A parameter it cannot fill is left out (the schema check then reports it).
 */
export function fillArguments(tool: ShownTool, utterance: string): Record<string, unknown> {
  const props = propertiesOf(tool.inputSchema);
  const required = new Set(Array.isArray(tool.inputSchema.required) ? tool.inputSchema.required.filter((r): r is string => typeof r === 'string') : []);
  const quotes = [...utterance.matchAll(QUOTED)].map((m) => m.slice(1).find((x) => x !== undefined)!);
  const numbers = (utterance.match(NUMBER) ?? []).map(Number);
  const lower = utterance.toLowerCase();
  const args: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(props)) {
    const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
    const enumValues = Array.isArray(schema.enum) ? schema.enum : undefined;
    if (enumValues) {
      const named = enumValues.find((v) => typeof v === 'string' && v.length > 0 && lower.includes(v.toLowerCase()));
      if (named !== undefined) args[name] = named;
      else if (required.has(name)) args[name] = enumValues[0];
      continue;
    }
    if (!required.has(name)) continue;
    const words = identifierTokens(name).join(' ');
    if (type === 'integer' || type === 'number') {
      const near = patternsOf(words).near.exec(utterance);
      const value = near ? Number(near[1]) : numbers.shift();
      if (value !== undefined) args[name] = type === 'integer' ? Math.trunc(value) : value;
      else if (typeof schema.minimum === 'number') args[name] = schema.minimum;
      continue;
    }
    if (type === 'boolean') {
      args[name] = true;
      continue;
    }
    const patterns = patternsOf(words);
    const after = patterns.after.exec(utterance)?.[1] ?? patterns.asThe.exec(utterance)?.[1];
    if (type === 'array') {
      const items = schema.items as { type?: unknown } | undefined;
      const value = after ?? quotes.shift();
      if (value !== undefined && (!items || items.type === 'string' || items.type === undefined)) args[name] = [value];
      continue;
    }
    if (type !== undefined && type !== 'string') continue;
    const lowerName = name.toLowerCase();
    const url = /url|uri|link|href/.test(lowerName) ? URL.exec(utterance)?.[0] : undefined;
    const path = /path|file|dir|folder/.test(lowerName) ? PATHLIKE.exec(utterance)?.[1] : undefined;
    const value = url ?? path ?? after ?? quotes.shift() ?? (FREE_TEXT.test(lowerName) ? utterance : undefined);
    if (value !== undefined) args[name] = value;
  }
  return args;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '[\\s_-]?');

/**
 * The expressions that find a parameter's value after its name, made once per name words (they hold no
 * state: no `g` or `y` flag) and kept for the process; bounded, as names come from the tools of a run.
 */
const PATTERNS = new Map<string, { near: RegExp; after: RegExp; asThe: RegExp }>();
function patternsOf(words: string): { near: RegExp; after: RegExp; asThe: RegExp } {
  let p = PATTERNS.get(words);
  if (p === undefined) {
    if (PATTERNS.size >= 10_000) PATTERNS.clear();
    p = {
      near: new RegExp(`${escape(words)}\\s*(?:is|=|:|of|は|を)?\\s*(-?\\d+(?:\\.\\d+)?)`, 'iu'),
      after: new RegExp(`${escape(words)}\\s*(?:is|=|:|は|を)\\s*["'「]?([^\\s"'」、。,)]+)`, 'iu'),
      asThe: new RegExp(`["'「]?([^\\s"'」、。,]+)["'」]? as the ${escape(words)}\\b`, 'iu'),
    };
    PATTERNS.set(words, p);
  }
  return p;
}

/**
 * A router that keeps the index of the last tool set it saw: trials of a run show the same tools in
 * permuted orders, so the index is built once per surface. Returns the normalised TurnResult every
 * provider returns (latency 0 — the runner measures wall time; settings that mean nothing to it,
 * temperature and seed, are listed as unsupported).
 */
export function createLexicalRouter(options: LexicalOptions = {}): { turn(request: TurnRequest): TurnResult; index(tools: readonly ShownTool[]): LexicalIndex } {
  // The index depends only on the set of tools (buildLexicalIndex sorts them by name). A run's trials show
  // the same tools in permuted orders, each rendered afresh but around the same input-schema object, so the
  // set is recognised by that object with the name and description beside it: the same count and every tool
  // found with equal texts — O(n) map look-ups a trial, no names sorted and joined (a tenth of a trial's CPU
  // on 103 tools). Anything else (other objects, two tools sharing one schema object) builds the index again.
  let lastTools: Map<object, { name: string; description: string }> | undefined;
  let last: LexicalIndex | undefined;
  const index = (tools: readonly ShownTool[]) => {
    let same = last !== undefined && lastTools !== undefined && lastTools.size === tools.length;
    for (let i = 0; same && i < tools.length; i++) {
      const tool = tools[i]!;
      const seen = lastTools!.get(tool.inputSchema);
      same = seen !== undefined && seen.name === tool.name && seen.description === tool.description;
    }
    if (!same) {
      last = buildLexicalIndex(tools);
      lastTools = new Map(tools.map((t) => [t.inputSchema, { name: t.name, description: t.description }] as const));
    }
    return last!;
  };
  const fingerprint = `${LEXICAL_VERSION}:k1=${options.k1 ?? LEXICAL_DEFAULTS.k1}:b=${options.b ?? LEXICAL_DEFAULTS.b}:t=${options.threshold ?? LEXICAL_DEFAULTS.threshold}`;
  return {
    index,
    turn(request) {
      const d = routeLexical(index(request.tools), request.utterance, options);
      const unsupported = (['temperature', 'seed'] as const).filter((k) => request.settings[k] !== undefined);
      return { calls: d.calls, text: d.abstained ? 'No tool fits this request.' : '', truncated: false, usage: { inputTokens: null, outputTokens: null }, latencyMs: 0, fingerprint, unsupported };
    },
  };
}
