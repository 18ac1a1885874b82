import type { Surface, Tool } from '../../contracts/tool.js';
import { canonicalJson, canonicalJsonOnce, normalizedDescription } from '../../surface/canonical.js';
import { surfaceHashes, type Sha256Hex } from '../../surface/hash.js';
import type { TokenCounter } from '../../text/tokens.js';
import type { LintCache } from '../../lint-cache.js';
import { detectLanguage, identifierTokens, isJapaneseFunctionWord, segmentWords, stem, type Language } from '../../text/words.js';
import { confusablePairs, type PairFacts } from './confusable.js';
import { cueText, securityFacts, securityMemo as newSecurityMemo, type SecurityFacts, type SecurityMemo } from './security.js';
import { CONSTRAINTS, EXAMPLES, HAS_JA, matchesAffirmed, matchesLexicon, RETURNS, STOPWORDS, USAGE_ALTERNATIVE, USAGE_WHEN, USAGE_WHEN_NOT } from './lexicons.js';
import { paramFacts, rootParts } from './schema-params.js';
import { sharedTexts } from './shared-text.js';

export { resolveRef } from './schema-params.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What rules v2 knows about one top-level parameter. */
export interface ParamFacts {
  name: string;
  /** The parameter's own schema node, its `$ref` resolved. */
  schema: Json;
  /** Types of the node and of its allOf/anyOf/oneOf variants (each `$ref` resolved), in order, unique. */
  types: string[];
  /** The first description found on the node or, failing that, on its variants (depth first). */
  description: string | undefined;
  /** A free-text string: `string` among the types and neither `object` nor `array` (an object-or-string union is structured). */
  isString: boolean;
  isBoolean: boolean;
  /** Has enum, const, format, pattern, examples, example, default, minLength or maxLength (on the node or a variant). */
  constrained: boolean;
  /** Has `examples` or `example` (on the node or a variant). */
  hasExample: boolean;
  /** Has `default` (on the node or a variant). */
  hasDefault: boolean;
  /** A description of the node or a variant gives an example ("e.g. `/org/project`", "例: …"). */
  exampleInDescription: boolean;
  /** A description of the node or a variant states the format or the allowed values ("YYYY-MM-DD", "one of …"). */
  formatInDescription: boolean;
}

/** The parameter tells a model what to put in it: a schema constraint or example, or one in its description. */
export const guidesValue = (p: ParamFacts): boolean => p.constrained || p.exampleInDescription || p.formatInDescription;

/** Cue lexicons matched by a description. */
export interface Cues {
  usageWhen: boolean;
  usageWhenNot: boolean;
  usageAlternative: boolean;
  returns: boolean;
  constraints: boolean;
  examples: boolean;
}

/** Match every cue lexicon once. */
export function cuesOf(description: string): Cues {
  const lower = description.toLowerCase();
  // (Whether the text has kana or kanji, tested once for the six lexicons.)
  const ja = HAS_JA.test(description);
  return {
    usageWhen: matchesAffirmed(description, USAGE_WHEN, lower, ja),
    usageWhenNot: matchesLexicon(description, USAGE_WHEN_NOT, lower, ja),
    usageAlternative: matchesLexicon(description, USAGE_ALTERNATIVE, lower, ja),
    returns: matchesLexicon(description, RETURNS, lower, ja),
    constraints: matchesLexicon(description, CONSTRAINTS, lower, ja),
    examples: matchesLexicon(description, EXAMPLES, lower, ja),
  };
}

/** What rules v2 knows about one tool, computed once and shared by every rule. */
export interface ToolFacts {
  tool: Tool;
  name: string;
  hash: string;
  nameTokens: string[];
  description: string;
  /**
   * The description without text shared by most tools of the surface (see shared-text.ts); equal to
   * `description` when nothing is shared. The fields below marked *own* are computed from it.
   */
  ownDescription: string;
  /** *own*: there is text of its own (a description made only of shared text is none). */
  hasDescription: boolean;
  /** *own* */
  firstSentence: string;
  /** *own* */
  language: Language;
  /** *own* */
  words: string[];
  /** *own* */
  wordCount: number;
  /** *own*: which cue lexicons the description matches (computed once; several rules read each). */
  cues: Cues;
  /** *own*: stemmed content words (stopwords and Japanese function morphemes removed). */
  contentWords: Set<string>;
  params: ParamFacts[];
  /** Names listed in `required` (of the root and of its allOf parts), sorted; undefined when none of them has a list. */
  required: string[] | undefined;
  additionalPropertiesFalse: boolean;
  /** What is malformed in the input schema (`properties` not an object, a parameter schema not a schema, …). */
  schemaProblems: SchemaProblem[];
  annotations: Json;
  /** Behaviour hints present but not booleans (`"destructiveHint": "false"`): they count as absent. */
  invalidHints: { key: string; value: unknown }[];
    tokens: number;
  /** Every string of the tool in matching form, the security matches in them, the description the cues read. */
  security: SecurityFacts;
}

/**
 * What a per-tool rule or category may read of the surface: the other tools' names and the tokenizer.
 * Nothing else, by type: a tool's result is memoised by its hash and exactly these (see LintCache).
 */
export interface ToolContext {
  names: Set<string>;
  /** Some name contains "-" or "." (such names split into several words). */
  namesWithSeparators: boolean;
  tokenizer: string;
}

/** One malformed part of an input schema: where, and what is wrong. */
export interface SchemaProblem {
  /** JSON path inside the tool, e.g. `inputSchema.properties`. */
  field: string;
  problem: string;
}

/** Facts of the whole surface. */
export interface SurfaceFacts extends ToolContext {
  surfaceHash: string;
  tools: ToolFacts[];
  totalTokens: number;
  /** Every confusable pair, deprecated aliases first, then most similar first. */
  pairs: PairFacts[];
}

const BEHAVIOUR_HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'];

/**
 * Stemmed content words of a text, for similarity and restatement checks. `memo` (word → stem, or null
 * for a word that is not a content word) saves the work for words repeated across a surface.
 */
export function contentWords(words: string[], memo: Map<string, string | null> = new Map()): Set<string> {
  const out = new Set<string>();
  for (const w of words) {
    let s = memo.get(w);
    if (s === undefined) {
      const lower = w.toLowerCase();
      s = STOPWORDS.has(lower) || isJapaneseFunctionWord(w) || /^\d+$/.test(w) ? null : stem(lower);
      memo.set(w, s);
    }
    if (s !== null) out.add(s);
  }
  return out;
}

/** The first sentence of a text (up to a stop, a line break or the end). */
export function firstSentenceOf(text: string): string {
  const m = /^[\s\S]*?(?:[.!?](?=\s|$)|[。！？]|\n|$)/u.exec(text);
  return (m?.[0] ?? text).trim();
}

/**
 * Compute the facts of one tool; `own` (its description without shared text, see surfaceFacts) gives the
 * fields marked *own*, exactly as withOwnText would.
 */
export function toolFacts(
  tool: Tool,
  tokens: TokenCounter,
  hash: string,
  memo: Map<string, string | null> = new Map(),
  own?: string,
  /** The lint's security scan by string (see SecurityMemo): the same facts, each distinct string scanned once. */
  securityMemo: SecurityMemo = newSecurityMemo(),
): ToolFacts {
  const description = normalizedDescription(tool);
  const security = securityFacts(tool, description, securityMemo);
  const text = own ?? description;
  const words = segmentWords(text);
  const schema = isObject(tool.inputSchema) ? tool.inputSchema : {};
  const parts = rootParts(schema);
  // Parameters in name order: findings list them the same way whatever order the schema uses.
  const params = [...parts.props.keys()].sort().map((name) => paramFacts(name, parts.props.get(name)!, schema));
  const required = parts.required === undefined ? undefined : [...parts.required].sort();
  const annotations = isObject(tool.annotations) ? tool.annotations : {};
  const invalidHints = BEHAVIOUR_HINTS.filter((k) => annotations[k] !== undefined && typeof annotations[k] !== 'boolean').map((key) => ({ key, value: annotations[key] }));
  // What a provider puts in the model's context, in canonical form so equal hashes give equal counts.
  const shown = `{"description":${JSON.stringify(description)},"input_schema":${canonicalJsonOnce(tool.inputSchema)},"name":${JSON.stringify(tool.name)}}`;
  return {
    tool,
    name: tool.name,
    hash,
    nameTokens: identifierTokens(tool.name),
    description,
    ownDescription: text,
    hasDescription: text !== '',
    firstSentence: firstSentenceOf(text),
    language: detectLanguage(text === '' ? description : text),
    words,
    wordCount: words.length,
    // A sentence that carries a security match earns no cue ("names an alternative" by naming the tool it
    // shadows, "an example" by the address it leaks to); shared text earns none either (own text only).
    cues: cuesOf(cueText(text, security)),
    contentWords: contentWords(words, memo),
    params,
    required,
    additionalPropertiesFalse: parts.additionalPropertiesFalse,
    schemaProblems: parts.problems,
    annotations,
    invalidHints,
    tokens: tokens.count(shown),
    security,
  };
}

const HASHED_FIELDS = new Set(['name', 'title', 'description', 'inputSchema', 'outputSchema', 'annotations']);

/**
 * The fields of a tool that its canonical hash leaves out (`_meta`, unknown fields) as canonical JSON, or ''
 * when it has none. The security rules read them, so a memo keyed by the hash alone would be wrong: the
 * cache keys of v2 add this text (v1's hash and surface hash are unchanged).
 */
export function unhashedKey(tool: Tool): string {
  let extra: Record<string, unknown> | undefined;
  for (const key of Object.keys(tool)) {
    if (HASHED_FIELDS.has(key)) continue;
    (extra ??= Object.create(null) as Record<string, unknown>)[key] = tool[key];
  }
  return extra === undefined ? '' : canonicalJson(extra);
}

/**
 * The words of the whole description, shared text included, for the rules that are about the text a model
 * is sent rather than about what tells the tool apart (its length in tokens, the parameters it explains).
 */
export function wholeWords(t: ToolFacts): string[] {
  if (t.ownDescription === t.description) return t.words;
  // Two readers per tool (too_long, params_not_in_description): segmented once. Keyed by the facts object,
  // which lives for one lint (or in the LintCache with its tool), so nothing outlives what it describes.
  let words = wholeWordsMemo.get(t);
  if (words === undefined) wholeWordsMemo.set(t, (words = segmentWords(t.description)));
  return words;
}

const wholeWordsMemo = new WeakMap<ToolFacts, string[]>();

/** The facts of a tool with the *own* fields taken from `own`, its description without shared text. */
export function withOwnText(t: ToolFacts, own: string, memo: Map<string, string | null> = new Map()): ToolFacts {
  const words = segmentWords(own);
  return {
    ...t,
    ownDescription: own,
    hasDescription: own !== '',
    firstSentence: firstSentenceOf(own),
    language: own === '' ? t.language : detectLanguage(own),
    words,
    wordCount: words.length,
    cues: cuesOf(cueText(own, t.security)),
    contentWords: contentWords(words, memo),
  };
}

/**
 * Compute the facts of a surface. A tool's facts depend on the tool alone (and the tokenizer), so with a
 * `cache` a tool seen before — the same canonical hash — is not analysed again.
 */
export function surfaceFacts(surface: Surface, tokens: TokenCounter, sha256Hex?: Sha256Hex, cache?: LintCache): SurfaceFacts {
  const hashes = surfaceHashes(surface, sha256Hex, cache);
  const memo = new Map<string, string | null>();
  const scans = newSecurityMemo();
  // One batch per lint: the tools of a surface share most of their token pieces.
  const counter = tokens.batch?.() ?? tokens;
  // ── Shared text (issue 12) ── Text on at least half of the tools is boilerplate: every fact marked *own*
  // is taken from the rest of the description, so it earns no cue or length points and makes no pair.
  // The description itself, its title and schema stay whole for every other rule (security reads all).
  // A cached tool's facts are those of its whole description (they depend on the tool alone), with the
  // own fields laid over them; without a cache they are computed from the own text at once.
  const own = sharedTexts(surface.tools.map((t) => normalizedDescription(t)));
  const tools = surface.tools.map((t, i) => {
    const hash = hashes.tools[i]!;
    if (!cache) return toolFacts(t, counter, hash, memo, own[i], scans);
    const extra = unhashedKey(t);
    const key = extra === '' ? hash : `${hash}:${sha256Hex ? sha256Hex(extra) : extra}`;
    const whole = cache.through(`v2:facts:${tokens.id}:${key}`, () => toolFacts(t, counter, hash, memo, undefined, scans));
    return own[i] === undefined ? whole : withOwnText(whole, own[i]!, memo);
  });
  const facts: SurfaceFacts = {
    surfaceHash: hashes.surface,
    tools,
    names: new Set(tools.map((t) => t.name)),
    namesWithSeparators: tools.some((t) => t.name.includes('-') || t.name.includes('.')),
    totalTokens: tools.reduce((sum, t) => sum + t.tokens, 0),
    tokenizer: tokens.id,
    pairs: [],
  };
  facts.pairs = confusablePairs(facts);
  return facts;
}
