import type { Surface, Tool } from '../../contracts/tool.js';
import { canonicalJsonOnce, normalizedDescription } from '../../surface/canonical.js';
import { surfaceHashes, type Sha256Hex } from '../../surface/hash.js';
import type { TokenCounter } from '../../text/tokens.js';
import type { LintCache } from '../../lint-cache.js';
import { detectLanguage, identifierTokens, segmentWords } from '../../text/words.js';
import { contentWords, firstSentenceOf, unhashedKey } from '../v2/facts.js';
import { paramFacts, rootParts } from '../v2/schema-params.js';
import { sharedTexts } from '../v2/shared-text.js';
import { alternativesOf } from '../v3/alternatives.js';
import { confusablePairs } from './confusable/index.js';
import type { SurfaceFactsV4 } from './confusable/surface.js';
import type { SurfaceFacts } from '../v2/facts.js';
import { infoTexts, type InfoText } from './info-text.js';
import { cuesV3, type ContextV3, type SurfaceFactsV3, type ToolFactsV3 } from '../v3/facts.js';
import { cueText, securityFacts, securityMemo as newSecurityMemo, type SecurityMemo } from './security/index.js';

// The facts of rules v4: v3's (v3/facts.ts, whose types and cues are shared by import) with the information
// text read by v4's info-text.ts (CHANGELOG.md). Only the surface reading is copied here, because it is the
// one that calls infoTexts; whole-tool facts are cached under a `v4:` key. The pairs are v4's
// (confusable/index.ts), found once per surface here, and the alternatives are read against them once:
// until 2026-12-07 this computed v3's pairs and alternatives and confusable/surface.ts computed v4's again.

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export type { ContextV3, SurfaceFactsV3, ToolFactsV3 };

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

/** Facts of a surface under v4; with a cache, a tool seen before (same hash and unhashed fields) is not analysed again. */
export function surfaceFactsV4(surface: Surface, tokens: TokenCounter, sha256Hex?: Sha256Hex, cache?: LintCache): SurfaceFactsV4 {
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
  const infos = infoTexts(whole.map((t, i) => ({ name: t.name, own: owns[i]!, params: t.params.map((p) => p.name), schemas: [t.tool.inputSchema, t.tool.outputSchema] })));
  const tools = whole.map((t, i) => withInfo(t, owns[i]!, infos[i]!, memo));
  const facts: SurfaceFactsV4 = {
    surfaceHash: hashes.surface,
    tools,
    names: new Set(tools.map((t) => t.name)),
    namesWithSeparators: tools.some((t) => t.name.includes('-') || t.name.includes('.')),
    totalTokens: tools.reduce((sum, t) => sum + t.tokens, 0),
    tokenizer: tokens.id,
    pairs: [],
  };
  facts.pairs = confusablePairs(facts as unknown as SurfaceFacts);
  // v3's alternatives read "overlaps" as "is paired with" in v4's pairs (an alternative earns usage points only then).
  const alternatives = alternativesOf(facts as unknown as SurfaceFactsV3, (t) => cueText(t.ownText, t.security));
  // The facts objects are this lint's own (withInfo made them), so they take the alternatives in place.
  tools.forEach((t, i) => (t.alternatives = alternatives[i]!));
  return facts;
}
