import type { Band, CategoryId, CategoryScore, Finding, LintResult, ToolResult } from '../../contracts/lint-result.js';
import type { Surface } from '../../contracts/tool.js';
import type { Category, LintDeps, RuleSet, ServerRule, ToolRule } from '../types.js';
import { annotationNotBoolean } from '../v2/findings/annotation-not-boolean.js';
import { badNameChars } from '../v2/findings/bad-name-chars.js';
import { destructiveUnmarked } from '../v2/findings/destructive-unmarked.js';
import { genericName } from '../v2/findings/generic-name.js';
import { heavyTool } from '../v2/findings/heavy-tool.js';
import { longName } from '../v2/findings/long-name.js';
import { looseStringParam } from '../v2/findings/loose-string-param.js';
import { malformedInputSchema } from '../v2/findings/malformed-input-schema.js';
import { noConstraints } from '../v2/findings/no-constraints.js';
import { noDescription } from '../v2/findings/no-description.js';
import { noRequired } from '../v2/findings/no-required.js';
import { paramsNotInDescription } from '../v2/findings/params-not-in-description.js';
import { vagueBoolean } from '../v2/findings/vague-boolean.js';
import { xMcpHeaderInvalid } from '../v2/findings/x-mcp-header-invalid.js';
import { confusablePairTotal } from '../v2/server/confusable-pair-total.js';
import { confusablePair } from './server/confusable-pair.js';
import { heavySurface } from '../v2/server/heavy-surface.js';
import { identicalDescription } from '../v2/server/identical-description.js';
import { manyTools } from '../v2/server/many-tools.js';
import { tooManyTools } from '../v2/server/too-many-tools.js';
import { constraints } from '../v3/categories/constraints.js';
import { examples } from '../v3/categories/examples.js';
import { parameters } from '../v3/categories/parameters.js';
import { purpose } from '../v3/categories/purpose.js';
import { returns } from '../v3/categories/returns.js';
import { usage } from '../v3/categories/usage.js';
import { toConfusablePair } from './confusable/index.js';
import { withPairsV4, type SurfaceFactsV4 } from './confusable/surface.js';
import type { SurfaceFacts } from '../v2/facts.js';
import { surfaceFactsV4, type ContextV3, type ToolFactsV3 } from './facts.js';
import { noReturnInfoV3 } from '../v3/findings/no-return-info.js';
import { noSpecificText } from '../v3/findings/no-specific-text.js';
import { noUsageContextV3 } from '../v3/findings/no-usage-context.js';
import { paramNoDescriptionV3 } from '../v3/findings/param-no-description.js';
import { restatesNameV3 } from '../v3/findings/restates-name.js';
import { tooLongV3 } from '../v3/findings/too-long.js';
import { tooShortV3 } from '../v3/findings/too-short.js';
import { DISHONEST_HINT_CODES, hintRule } from '../v3/hints.js';
import { hiddenInstructions, invisibleCharactersRule, toolShadowing } from './security/index.js';
import { deepFreeze, partnersOf, serverResult, SECURITY_RISK, toolResult, type ScoredTool } from '../v2/lint-result.js';
import { SOURCE_HASH } from './source-hash.js';
import { T3 } from '../v3/thresholds.js';

// Rules v4 (issue 25, second round): a draft built as a manifest over v3 — every rule, category and fact
// is v3's by import until a v4 change replaces it with a file in this folder (README.md; CHANGELOG.md lists
// every change). A module that changes replaces its import here; cache keys of changed facts must not be v3's.

/** The six categories of v4, in display order. */
export const CATEGORIES_V4: Category<ToolFactsV3, ContextV3>[] = [purpose, usage, parameters, returns, constraints, examples];

/** Per-tool rules of v4, in report order. */
export const TOOL_RULES_V4: ToolRule<ToolFactsV3, ContextV3>[] = [
  noDescription,
  hiddenInstructions,
  invisibleCharactersRule,
  xMcpHeaderInvalid,
  malformedInputSchema,
  restatesNameV3,
  tooShortV3,
  noSpecificText,
  noUsageContextV3,
  destructiveUnmarked,
  hintRule('destructive_hint_false'),
  hintRule('annotation_conflict'),
  hintRule('readonly_hint_on_write'),
  hintRule('destructive_hint_on_read'),
  annotationNotBoolean,
  toolShadowing,
  genericName,
  badNameChars,
  paramNoDescriptionV3,
  tooLongV3,
  looseStringParam,
  noRequired,
  paramsNotInDescription,
  vagueBoolean,
  noReturnInfoV3,
  noConstraints,
  longName,
  heavyTool,
];

/** Server-wide rules of v4, in report order (v3's). */
/**
 * A v2 server rule run on v3's facts. v3's facts are v2's with more pair kinds (confusable/), which only
 * confusable_pair reads by kind (v3 has its own) and confusable_pair_total compares with 'alias' (a v2 kind
 * v3 keeps): so v2's rules read them as they read v2's.
 */
const onV3 = (rule: ServerRule<SurfaceFacts>): ServerRule<SurfaceFactsV4> => ({ ...rule, check: (s) => rule.check(s as unknown as SurfaceFacts) });

export const SERVER_RULES_V4: ServerRule<SurfaceFactsV4>[] = [onV3(identicalDescription), onV3(tooManyTools), onV3(manyTools), confusablePair, onV3(confusablePairTotal), onV3(heavySurface)];

/** Per-tool codes that are security findings: at critical severity they cap the tool's and the server's score. */
export const SECURITY_CODES_V4: ReadonlySet<string> = new Set(['hidden_instructions', 'invisible_characters', 'tool_shadowing']);

/** The server-wide finding that a surface has tools with critical security findings (v2's, shared). */
export { SECURITY_RISK } from '../v2/lint-result.js';

/** Every finding code rules v4 can emit (a public contract). */
export const FINDING_CODES_V4: string[] = [...TOOL_RULES_V4.map((r) => r.code), SECURITY_RISK, ...SERVER_RULES_V4.map((r) => r.code)];

const isSecurity = (f: Finding): boolean => f.severity === 'critical' && SECURITY_CODES_V4.has(f.code);

/** Band of a score under v4: ≥ 70 sunny, 40–69 cloudy, < 40 rain. */
export function bandOf(score: number): Band {
  return score >= T3.bandSunny ? 'sunny' : score >= T3.bandCloudy ? 'cloudy' : 'rain';
}


/** The per-tool findings, critical first, then required, then minor, each in rule order. */
function toolFindings(t: ToolFactsV3, context: ContextV3): Finding[] {
  const bySeverity: Record<string, Finding[]> = { critical: [], required: [], minor: [] };
  for (const r of TOOL_RULES_V4) for (const f of r.check(t, context)) bySeverity[f.severity]!.push(f);
  return [...bySeverity.critical!, ...bySeverity.required!, ...bySeverity.minor!];
}

/** Score one tool: categories, findings, the penalty of a dishonest hint and the security cap. */
function scoreTool(t: ToolFactsV3, context: ContextV3): ScoredTool {
  const categories = {} as Record<CategoryId, CategoryScore>;
  let score = 0;
  for (const c of CATEGORIES_V4) {
    const cs = c.score(t, context);
    categories[c.id] = cs;
    score += cs.points;
  }
  const findings = toolFindings(t, context);
  // A hint that tells a client the tool is safer than it looks costs points (hints.ts): lying about
  // destruction must score below saying nothing. The finding says so.
  const dishonest = findings.filter((f) => DISHONEST_HINT_CODES.has(f.code));
  if (dishonest.length > 0) {
    const points = score;
    score = Math.max(0, score - T3.dishonestHintPenalty);
    for (const f of dishonest) {
      f.message += ` — a hint that contradicts the tool costs ${T3.dishonestHintPenalty} points (${points} → ${score})`;
      f.data = { ...f.data, penalty: { points, penalty: T3.dishonestHintPenalty, score } };
    }
  }
  // Security: as v2 (the cap and penalty; the ranking rule is the security work's).
  const security = findings.filter(isSecurity);
  if (security.length > 0) {
    const points = score;
    score = Math.max(0, Math.min(points, T3.securityScoreCap) - T3.securityPenalty);
    for (const f of security) {
      f.message += ` — the tool's score is capped (${points} points → ${score})`;
      f.data = { ...f.data, score: { points, cap: T3.securityScoreCap, penalty: T3.securityPenalty, score } };
    }
  }
  return { name: t.name, hash: t.hash, score, band: bandOf(score), categories, findings, tokens: t.tokens, language: t.language };
}

function lintV4(surface: Surface, deps: LintDeps): LintResult {
  // v4's facts with v4's pairs (confusable/surface.ts).
  const s = withPairsV4(surfaceFactsV4(surface, deps.countTokens, deps.sha256Hex, deps.cache));
  const partners = partnersOf(s.pairs);
  const context: ContextV3 = { names: s.names, namesWithSeparators: s.namesWithSeparators, tokenizer: s.tokenizer };
  const cache = deps.cache;
  const hex = (text: string): string => (deps.sha256Hex ? deps.sha256Hex(text) : JSON.stringify(text));
  const contextId = cache ? hex(`${s.tokenizer}\n${[...s.names].sort().join('\n')}`) : '';
  const tools: ToolResult[] = s.tools.map((t) => {
    let scored: ScoredTool;
    if (cache) {
      // The score reads the tool, its unhashed fields (security), its information text and the alternatives
      // it names that overlap it: all in the key.
      const surfaceDependent = `${t.ownText}\0${t.info.info}\0${t.info.cue}\0${t.alternatives.named.join(',')}\0${t.alternatives.overlapping.join(',')}`;
      const key = `${t.hash}:${hex(JSON.stringify(t.tool))}:${hex(surfaceDependent)}`;
      scored = cache.through(`v4:tool:${key}:${contextId}`, () => deepFreeze(scoreTool(t, context)));
    } else scored = scoreTool(t, context);
    return toolResult(scored, partners);
  });
  const findings = SERVER_RULES_V4.flatMap((r) => r.check(s));
  return serverResult({
    rules: { id: 'v4', hash: SOURCE_HASH },
    surfaceHash: s.surfaceHash,
    totalTokens: s.totalTokens,
    tokenizer: s.tokenizer,
    tools,
    findings,
    pairs: { total: s.pairs.length, top: s.pairs.slice(0, T3.confusableTop).map(toConfusablePair) },
    isSecurity,
    securityScoreCap: T3.securityScoreCap,
    bandOf,
  });
}

/** Rules version 4 (draft until published in the registry). */
export const rulesV4: RuleSet = { id: 'v4', hash: SOURCE_HASH, lint: lintV4 };
