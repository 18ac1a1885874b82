import type { Band, CategoryId, CategoryScore, Finding, LintResult, ToolResult } from '../../contracts/lint-result.js';
import type { Surface } from '../../contracts/tool.js';
import type { Category, LintDeps, RuleSet, ServerRule, ToolRule } from '../types.js';
import { constraints } from './categories/constraints.js';
import { examples } from './categories/examples.js';
import { parameters } from './categories/parameters.js';
import { purpose } from './categories/purpose.js';
import { returns } from './categories/returns.js';
import { usage } from './categories/usage.js';
import { toConfusablePair } from './confusable.js';
import { surfaceFacts, unhashedKey, type SurfaceFacts, type ToolContext, type ToolFacts } from './facts.js';
import { annotationConflict } from './findings/annotation-conflict.js';
import { annotationNotBoolean } from './findings/annotation-not-boolean.js';
import { badNameChars } from './findings/bad-name-chars.js';
import { destructiveHintFalse } from './findings/destructive-hint-false.js';
import { destructiveHintOnRead } from './findings/destructive-hint-on-read.js';
import { destructiveUnmarked } from './findings/destructive-unmarked.js';
import { genericName } from './findings/generic-name.js';
import { heavyTool } from './findings/heavy-tool.js';
import { hiddenInstructions } from './findings/hidden-instructions.js';
import { invisibleCharactersRule } from './findings/invisible-characters.js';
import { longName } from './findings/long-name.js';
import { malformedInputSchema } from './findings/malformed-input-schema.js';
import { looseStringParam } from './findings/loose-string-param.js';
import { noConstraints } from './findings/no-constraints.js';
import { noDescription } from './findings/no-description.js';
import { noRequired } from './findings/no-required.js';
import { noReturnInfo } from './findings/no-return-info.js';
import { noUsageContext } from './findings/no-usage-context.js';
import { paramNoDescription } from './findings/param-no-description.js';
import { paramsNotInDescription } from './findings/params-not-in-description.js';
import { readonlyHintOnWrite } from './findings/readonly-hint-on-write.js';
import { restatesNameRule } from './findings/restates-name.js';
import { toolShadowing } from './findings/tool-shadowing.js';
import { tooLong } from './findings/too-long.js';
import { tooShort } from './findings/too-short.js';
import { vagueBoolean } from './findings/vague-boolean.js';
import { xMcpHeaderInvalid } from './findings/x-mcp-header-invalid.js';
import { confusablePairTotal } from './server/confusable-pair-total.js';
import { confusablePair } from './server/confusable-pair.js';
import { heavySurface } from './server/heavy-surface.js';
import { identicalDescription } from './server/identical-description.js';
import { manyTools } from './server/many-tools.js';
import { tooManyTools } from './server/too-many-tools.js';
import { deepFreeze, partnersOf, SECURITY_RISK, serverResult, toolResult, type ScoredTool } from './lint-result.js';
import { SOURCE_HASH } from './source-hash.js';
import { T } from './thresholds.js';

/** The six categories of v2, in display order. */
export const CATEGORIES_V2: Category<ToolFacts, ToolContext>[] = [purpose, usage, parameters, returns, constraints, examples];

/** Per-tool rules of v2, in report order. */
export const TOOL_RULES_V2: ToolRule<ToolFacts, ToolContext>[] = [
  noDescription,
  hiddenInstructions,
  invisibleCharactersRule,
  xMcpHeaderInvalid,
  malformedInputSchema,
  restatesNameRule,
  tooShort,
  noUsageContext,
  destructiveUnmarked,
  destructiveHintFalse,
  annotationConflict,
  readonlyHintOnWrite,
  destructiveHintOnRead,
  annotationNotBoolean,
  toolShadowing,
  genericName,
  badNameChars,
  paramNoDescription,
  tooLong,
  looseStringParam,
  noRequired,
  paramsNotInDescription,
  vagueBoolean,
  noReturnInfo,
  noConstraints,
  longName,
  heavyTool,
];


/** Server-wide rules of v2, in report order. */
export const SERVER_RULES_V2: ServerRule<SurfaceFacts>[] = [
  identicalDescription,
  tooManyTools,
  manyTools,
  confusablePair,
  confusablePairTotal,
  heavySurface,
];

/** Per-tool codes that are security findings: at critical severity they cap the tool's and the server's score. */
export const SECURITY_CODES_V2: ReadonlySet<string> = new Set(['hidden_instructions', 'invisible_characters', 'tool_shadowing']);

/** The server-wide finding that a surface has tools with critical security findings (see lintV2). */
export { SECURITY_RISK } from './lint-result.js';

/** Every finding code rules v2 can emit (a public contract). */
export const FINDING_CODES_V2: string[] = [...TOOL_RULES_V2.map((r) => r.code), SECURITY_RISK, ...SERVER_RULES_V2.map((r) => r.code)];

const isSecurity = (f: Finding): boolean => f.severity === 'critical' && SECURITY_CODES_V2.has(f.code);

/**
 * The findings of the per-tool rules, critical first, then required, then minor, each in rule order (what a
 * stable sort by severity of the rules' findings gives), collected without flatMap's and sort's copies.
 */
function toolFindings(rules: ToolRule<ToolFacts, ToolContext>[], t: ToolFacts, context: ToolContext): Finding[] {
  const critical: Finding[] = [];
  const required: Finding[] = [];
  const minor: Finding[] = [];
  for (const r of rules) {
    for (const f of r.check(t, context)) (f.severity === 'critical' ? critical : f.severity === 'required' ? required : minor).push(f);
  }
  for (const f of required) critical.push(f);
  for (const f of minor) critical.push(f);
  return critical;
}

/** Band of a score under v2: ≥ 70 sunny, 40–69 cloudy, < 40 rain. */
export function bandOf(score: number): Band {
  return score >= T.bandSunny ? 'sunny' : score >= T.bandCloudy ? 'cloudy' : 'rain';
}

/** A tool's result without `confusableWith` (which depends on the other tools' facts, not only their names). */

/** Score one tool: its categories and per-tool findings, from its facts and the surface context. */
function scoreTool(t: ToolFacts, context: ToolContext): ScoredTool {
  const categories = {} as Record<CategoryId, CategoryScore>;
  let score = 0;
  for (const c of CATEGORIES_V2) {
    const cs = c.score(t, context);
    categories[c.id] = cs;
    score += cs.points;
  }
  const findings = toolFindings(TOOL_RULES_V2, t, context);
  // Security counts: a tool that carries instructions to the model, hidden text or steers other tools is
  // not a good tool however well it is described. Its categories keep the points they measured; its score
  // is capped below the cloudy band and lowered by a penalty, so it is never sunny and never outranks a
  // clean tool of the same points. Each security finding says so.
  const security = findings.filter(isSecurity);
  if (security.length > 0) {
    const points = score;
    score = Math.max(0, Math.min(points, T.securityScoreCap) - T.securityPenalty);
    for (const f of security) {
      f.message += ` — the tool's score is capped (${points} points → ${score})`;
      f.data = { ...f.data, score: { points, cap: T.securityScoreCap, penalty: T.securityPenalty, score } };
    }
  }
  return { name: t.name, hash: t.hash, score, band: bandOf(score), categories, findings, tokens: t.tokens, language: t.language };
}

function lintV2(surface: Surface, deps: LintDeps): LintResult {
  const s = surfaceFacts(surface, deps.countTokens, deps.sha256Hex, deps.cache);
  const partners = partnersOf(s.pairs);
  const context: ToolContext = { names: s.names, namesWithSeparators: s.namesWithSeparators, tokenizer: s.tokenizer };
  // With a cache, a tool's score is kept under its hash and the context it was scored in (the sorted names
  // and the tokenizer: everything ToolContext holds), and under its own text when the surface shares some
  // of its description (issue 12: what the other tools share decides what is its own).
  const cache = deps.cache;
  const contextKey = cache ? `${s.tokenizer}\n${[...s.names].sort().join('\n')}` : '';
  const contextId = cache && deps.sha256Hex ? deps.sha256Hex(contextKey) : contextKey;
  const tools: ToolResult[] = s.tools.map((t) => {
    // The security rules read fields the hash leaves out (`_meta`, unknown fields), and the scores read the
    // tool's own text (without shared text): both are in the key too.
    // (Without a cache no key is built: hashing the own text of every tool cost ~1 % of a lint.)
    let scored: ScoredTool;
    if (cache) {
      const extra = unhashedKey(t.tool);
      const key = extra === '' ? t.hash : `${t.hash}:${deps.sha256Hex ? deps.sha256Hex(extra) : extra}`;
      const own = t.ownDescription === t.description ? '' : `:${deps.sha256Hex ? deps.sha256Hex(t.ownDescription) : JSON.stringify(t.ownDescription)}`;
      scored = cache.through(`v2:tool:${key}:${contextId}${own}`, () => deepFreeze(scoreTool(t, context)));
    } else scored = scoreTool(t, context);
    return toolResult(scored, partners);
  });
  const findings = SERVER_RULES_V2.flatMap((r) => r.check(s));
  return serverResult({
    rules: { id: 'v2', hash: SOURCE_HASH },
    surfaceHash: s.surfaceHash,
    totalTokens: s.totalTokens,
    tokenizer: s.tokenizer,
    tools,
    findings,
    pairs: { total: s.pairs.length, top: s.pairs.slice(0, T.confusableTop).map(toConfusablePair) },
    isSecurity,
    securityScoreCap: T.securityScoreCap,
    bandOf,
  });
}

/** Rules version 2. */
export const rulesV2: RuleSet = { id: 'v2', hash: SOURCE_HASH, lint: lintV2 };
