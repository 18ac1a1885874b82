import type { Surface, Tool } from '../../contracts/tool.js';
import { canonicalJsonOnce, normalizedDescription } from '../../surface/canonical.js';
import { surfaceHashes, type Sha256Hex } from '../../surface/hash.js';
import type { TokenCounter } from '../../text/tokens.js';
import type { LintCache } from '../../lint-cache.js';
import { detectLanguage, identifierTokens, segmentWords } from '../../text/words.js';
import { contentWords, cuesOf, firstSentenceOf, unhashedKey, type Cues, type SurfaceFacts, type ToolContext, type ToolFacts } from '../v2/facts.js';
import { HAS_JA, matchesAffirmed, matchesLexicon } from '../v2/lexicons.js';
import { paramFacts, rootParts } from '../v2/schema-params.js';
import { sharedTexts } from '../v2/shared-text.js';
import { alternativesOf } from '../v3/alternatives.js';
import { confusablePairs, type PairFacts } from '../v3/confusable/index.js';
import { infoTexts, type InfoText } from '../v3/info-text.js';
import { RETURNS_EXTRA, USAGE_WHEN_EXTRA, USAGE_WHEN_NOT_EXTRA } from '../v3/lexicons.js';
import { cueText, securityFacts, securityMemo as newSecurityMemo, type SecurityMemo } from './security/index.js';

// The facts of rules v3: v2's facts of a tool (parameters, schema, annotations, tokens — shared by import),
// with its security scan and pairs from v3's own modules, and every text fact read from the tool's
// information text (info-text.ts) instead of its whole own text.

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What rules v3 knows about one tool: v2's facts, read from the information text, and what v3 adds. */
export interface ToolFactsV3 extends ToolFacts {
  /** The description without v2's shared text (identical clauses): what the information text is cut from. */
  ownText: string;
  /** The information text, the text the cues read, and the clauses left out with why. */
  info: InfoText;
  /** Other tools this one names in its own text, and those of them that overlap it (the only alternatives that earn). */
  alternatives: { named: string[]; overlapping: string[] };
}

/** What a per-tool rule or category of v3 may read of the surface (as v2: names and the tokenizer). */
export type ContextV3 = ToolContext;

/** Facts of a whole surface under v3. */
export interface SurfaceFactsV3 extends Omit<SurfaceFacts, 'pairs'> {
  tools: ToolFactsV3[];
  /** v3's pairs: v2's kinds plus the kinds v3 adds (confusable/). */
  pairs: PairFacts[];
}

/** v2's cues plus the plain-prose cues v3 adds (lexicons.ts: "Gives back …", "Reach for it after …"). */
export function cuesV3(text: string): Cues {
  const base = cuesOf(text);
  if (base.usageWhen && base.usageWhenNot && base.returns) return base;
  const lower = text.toLowerCase();
  const ja = HAS_JA.test(text);
  return {
    ...base,
    usageWhen: base.usageWhen || matchesAffirmed(text, USAGE_WHEN_EXTRA, lower, ja),
    usageWhenNot: base.usageWhenNot || matchesLexicon(text, USAGE_WHEN_NOT_EXTRA, lower, ja),
    returns: base.returns || matchesLexicon(text, RETURNS_EXTRA, lower, ja),
  };
}

const BEHAVIOUR_HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'];

/** The facts of a tool that depend on the tool alone (the text fields are laid over by withInfo). */
function wholeFacts(tool: Tool, tokens: TokenCounter, hash: string, scans: SecurityMemo): ToolFactsV3 {
  const description = normalizedDescription(tool);
  const security = securityFacts(tool, description, scans);
  const schema = isObject(tool.inputSchema) ? tool.inputSchema : {};
  const parts = rootParts(schema);
  const params = [...parts.props.keys()].sort().map((name) => paramFacts(name, parts.props.get(name)!, schema));
  const annotations = isObject(tool.annotations) ? tool.annotations : {};
  const shown = `{"description":${JSON.stringify(description)},"input_schema":${canonicalJsonOnce(tool.inputSchema)},"name":${JSON.stringify(tool.name)}}`;
  return {
    tool,
    name: tool.name,
    hash,
    nameTokens: identifierTokens(tool.name),
    description,
    ownDescription: description,
    hasDescription: description !== '',
    // The text fields are read from the text about the tool (withInfo), once per lint and tool.
    firstSentence: '',
    language: 'en',
    words: [],
    wordCount: 0,
    cues: { usageWhen: false, usageWhenNot: false, usageAlternative: false, returns: false, constraints: false, examples: false },
    contentWords: new Set(),
    params,
    required: parts.required === undefined ? undefined : [...parts.required].sort(),
    additionalPropertiesFalse: parts.additionalPropertiesFalse,
    schemaProblems: parts.problems,
    annotations,
    invalidHints: BEHAVIOUR_HINTS.filter((k) => annotations[k] !== undefined && typeof annotations[k] !== 'boolean').map((key) => ({ key, value: annotations[key] })),
    tokens: tokens.count(shown),
    security,
    ownText: description,
    info: { info: description, cue: description, dropped: [], named: [] },
    alternatives: { named: [], overlapping: [] },
  };
}

/**
 * The facts with the text fields read from the text the cues read (`info.cue`: the information text without
 * clauses that only restate the name), unchanged when that is the whole description. `ownDescription` is
 * that text; `hasDescription` says the tool has text of its own at all (purpose and no_specific_text tell
 * the cases apart).
 */
function withInfo(t: ToolFactsV3, own: string, info: InfoText, memo: Map<string, string | null>): ToolFactsV3 {
  const text = info.cue;
  const words = segmentWords(text);
  return {
    ...t,
    ownText: own,
    ownDescription: text,
    hasDescription: own !== '',
    firstSentence: firstSentenceOf(text),
    language: detectLanguage(text === '' ? t.description : text),
    words,
    wordCount: words.length,
    cues: cuesV3(cueText(text, t.security)),
    contentWords: contentWords(words, memo),
    info,
  };
}

/** Facts of a surface under v3; with a cache, a tool seen before (same hash and unhashed fields) is not analysed again. */
export function surfaceFactsV3(surface: Surface, tokens: TokenCounter, sha256Hex?: Sha256Hex, cache?: LintCache): SurfaceFactsV3 {
  const hashes = surfaceHashes(surface, sha256Hex, cache);
  const memo = new Map<string, string | null>();
  const scans = newSecurityMemo();
  const counter = tokens.batch?.() ?? tokens;
  const descriptions = surface.tools.map((t) => normalizedDescription(t));
  const shared = sharedTexts(descriptions);
  const whole = surface.tools.map((t, i) => {
    const hash = hashes.tools[i]!;
    if (!cache) return wholeFacts(t, counter, hash, scans);
    const extra = unhashedKey(t);
    const key = extra === '' ? hash : `${hash}:${sha256Hex ? sha256Hex(extra) : extra}`;
    return cache.through(`v4:facts:${tokens.id}:${key}`, () => wholeFacts(t, counter, hash, scans));
  });
  const owns = descriptions.map((d, i) => shared[i] ?? d);
  const infos = infoTexts(whole.map((t, i) => ({ name: t.name, own: owns[i]!, params: t.params.map((p) => p.name) })));
  const tools = whole.map((t, i) => withInfo(t, owns[i]!, infos[i]!, memo));
  const facts: SurfaceFactsV3 = {
    surfaceHash: hashes.surface,
    tools,
    names: new Set(tools.map((t) => t.name)),
    namesWithSeparators: tools.some((t) => t.name.includes('-') || t.name.includes('.')),
    totalTokens: tools.reduce((sum, t) => sum + t.tokens, 0),
    tokenizer: tokens.id,
    pairs: [],
  };
  facts.pairs = confusablePairs({ ...facts, pairs: [] });
  const alternatives = alternativesOf(facts, (t) => cueText(t.ownText, t.security));
  // The facts objects are this lint's own (withInfo made them), so they take the alternatives in place.
  tools.forEach((t, i) => (t.alternatives = alternatives[i]!));
  return facts;
}
