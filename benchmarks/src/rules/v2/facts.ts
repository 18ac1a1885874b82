import type { Surface, Tool } from '../../contracts/tool.js';
import { canonicalJson, canonicalJsonOnce, canonicalStringsOnce, normalizedDescription } from '../../surface/canonical.js';
import { surfaceHashes, type Sha256Hex } from '../../surface/hash.js';
import type { TokenCounter } from '../../text/tokens.js';
import type { LintCache } from '../../lint-cache.js';
import { detectLanguage, identifierTokens, isJapaneseFunctionWord, segmentWords, stem, type Language } from '../../text/words.js';
import { confusablePairs, type PairFacts } from './confusable.js';
import { cueText, securityFacts, type SecurityFacts } from './security.js';
import { CONSTRAINTS, EXAMPLES, matchesAffirmed, matchesLexicon, RETURNS, STOPWORDS, USAGE_ALTERNATIVE, USAGE_WHEN, USAGE_WHEN_NOT } from './lexicons.js';
import { sharedTexts } from './shared-text.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What rules v2 knows about one top-level parameter. */
export interface ParamFacts {
  name: string;
  schema: Json;
  types: string[];
  description: string | undefined;
  isString: boolean;
  isBoolean: boolean;
  /** Has enum, const, format, pattern, examples, example, default, minLength or maxLength. */
  constrained: boolean;
  hasExample: boolean;
}

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
  return {
    usageWhen: matchesAffirmed(description, USAGE_WHEN, lower),
    usageWhenNot: matchesLexicon(description, USAGE_WHEN_NOT, lower),
    usageAlternative: matchesLexicon(description, USAGE_ALTERNATIVE, lower),
    returns: matchesLexicon(description, RETURNS, lower),
    constraints: matchesLexicon(description, CONSTRAINTS, lower),
    examples: matchesLexicon(description, EXAMPLES, lower),
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
  required: string[] | undefined;
  additionalPropertiesFalse: boolean;
  annotations: Json;
  /**
   * Every string found inside the input schema (descriptions, titles, defaults, enum values), joined by
   * newlines: the rules that read them scan one text, joined once per tool.
   */
  schemaText: string;
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

/** Facts of the whole surface. */
export interface SurfaceFacts extends ToolContext {
  surfaceHash: string;
  tools: ToolFacts[];
  totalTokens: number;
  /** Every confusable pair, deprecated aliases first, then most similar first. */
  pairs: PairFacts[];
}

const CONSTRAINT_KEYS = ['enum', 'const', 'format', 'pattern', 'examples', 'example', 'default', 'minLength', 'maxLength'];
const REF_BUDGET = 32;

/** Resolve a local `$ref` (`#/$defs/X`, `#/definitions/X`, any JSON pointer) against the root schema. */
export function resolveRef(schema: Json, root: Json): Json {
  let node = schema;
  for (let i = 0; i < REF_BUDGET && typeof node.$ref === 'string' && node.$ref.startsWith('#'); i++) {
    let target: unknown = root;
    for (const raw of node.$ref.slice(1).split('/').filter((p) => p !== '')) {
      let part: string;
      try {
        part = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      } catch {
        return node; // a malformed escape: leave the reference unresolved
      }
      target = isObject(target) ? target[part] : undefined;
    }
    if (!isObject(target)) return node;
    const { $ref: _ref, ...rest } = node;
    node = { ...target, ...rest };
  }
  return node;
}

function schemaTypes(schema: Json): string[] {
  const t = schema.type;
  if (typeof t === 'string') return [t];
  if (Array.isArray(t)) return t.filter((x): x is string => typeof x === 'string');
  const variants = [schema.anyOf, schema.oneOf].find(Array.isArray) as unknown[] | undefined;
  if (variants) return [...new Set(variants.filter(isObject).flatMap((v) => schemaTypes(v)))];
  if (Array.isArray(schema.enum) && schema.enum.every((v) => typeof v === 'string')) return ['string'];
  return [];
}

/** Which of the keys rules v2 looks for a schema node has: 1 a constraint or example key, 2 an example key. */
function constraintBits(node: Json): number {
  let bits = 0;
  for (const key of CONSTRAINT_KEYS) if (node[key] !== undefined) bits |= 1;
  if (node.examples !== undefined || node.example !== undefined) bits |= 2;
  return bits;
}

function paramFacts(name: string, raw: unknown, root: Json): ParamFacts {
  const schema = isObject(raw) ? resolveRef(raw, root) : {};
  const types = schemaTypes(schema);
  const variants = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined;
  // A key counts when the schema or any of its anyOf/oneOf variants has it. Plain loops, no closures or
  // intermediate arrays: a large surface has thousands of parameters.
  let bits = constraintBits(schema);
  if (variants !== undefined) for (const v of variants) if (isObject(v)) bits |= constraintBits(resolveRef(v, root));
  const trimmed = typeof schema.description === 'string' ? schema.description.trim() : '';
  let nonNull = 0;
  let firstNonNull: string | undefined;
  for (const t of types) {
    if (t === 'null') continue;
    if (nonNull++ === 0) firstNonNull = t;
  }
  return {
    name,
    schema,
    types,
    description: trimmed !== '' ? trimmed : undefined,
    isString: types.includes('string'),
    isBoolean: nonNull === 1 && firstNonNull === 'boolean',
    constrained: (bits & 1) !== 0,
    hasExample: (bits & 2) !== 0,
  };
}


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
export function toolFacts(tool: Tool, tokens: TokenCounter, hash: string, memo: Map<string, string | null> = new Map(), own?: string): ToolFacts {
  const description = normalizedDescription(tool);
  const security = securityFacts(tool, description);
  const text = own ?? description;
  const words = segmentWords(text);
  const root = isObject(tool.inputSchema) ? resolveRef(tool.inputSchema, tool.inputSchema) : {};
  const props = isObject(root.properties) ? root.properties : {};
  // Parameters in name order: findings list them the same way whatever order the schema uses.
  const params = Object.keys(props)
    .sort()
    .map((name) => paramFacts(name, props[name], tool.inputSchema));
  const required = Array.isArray(root.required) ? root.required.filter((r): r is string => typeof r === 'string') : undefined;
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
    additionalPropertiesFalse: root.additionalProperties === false,
    annotations: isObject(tool.annotations) ? tool.annotations : {},
    // Collected while the schema was serialised for the hash: no second walk. The parser bounds size and
    // depth, so nothing is skipped and padding cannot hide a string.
    schemaText: canonicalStringsOnce(tool.inputSchema).join('\n'),
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
  return t.ownDescription === t.description ? t.words : segmentWords(t.description);
}

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
    if (!cache) return toolFacts(t, counter, hash, memo, own[i]);
    const extra = unhashedKey(t);
    const key = extra === '' ? hash : `${hash}:${sha256Hex ? sha256Hex(extra) : extra}`;
    const whole = cache.through(`v2:facts:${tokens.id}:${key}`, () => toolFacts(t, counter, hash, memo));
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
