// How independent a case set is of the tools' own text: per case set and language, the word overlap
// between each request and its expected tool's text, and the lexical baseline's accuracy on it (the real
// engine path: planRun, the baseline router, recordTrial, computeMetrics). Read by `npm run bench:cases`
// and by its test. A set the baseline solves by matching words measures word matching, not routing.
import {
  computeMetrics,
  createArgChecker,
  createLexicalRouter,
  generateOfflineCases,
  judgeContext,
  LATEST_RULES,
  lexicalTerms,
  lintSurface,
  MODELS_SUITE,
  planRun,
  recordTrial,
  trialRequest,
  type CaseLanguage,
  type EvalCase,
  type Metrics,
  type Surface,
  type Tool,
} from '@toolmark/benchmarks';
import { loadDistractorSet } from '@toolmark/distractors';
import { readSuiteManifest, suiteCasesFor, suiteFolderName, suiteSurface, type SuiteHalf } from '@toolmark/distractors/suites';
import { nodeSha256Hex } from '../native-hash.js';

/** The hand-written suite the models leaderboard uses (its folder under distractors/suites/). */
export const SUITE_FOLDER = suiteFolderName(MODELS_SUITE.id, MODELS_SUITE.version);

/** One case set of the comparison. */
export interface CaseSetSpec {
  /** `paraphrase` — the offline generator (v1's cases); `v2` — the hand-written suite. */
  set: 'paraphrase' | 'v2';
  half: SuiteHalf | null;
  language: CaseLanguage;
  /** Distractor sets shown beside each server (the suite's steps). */
  distractors: readonly string[];
}

/** Its figures, pooled over the suite's servers. */
export interface CaseSetFigures extends CaseSetSpec {
  cases: number;
  toolCases: number;
  noCallCases: number;
  /** Mean over tool cases of the share of a request's content terms found in its expected tool's text. */
  meanOverlap: number;
  /** Tool cases with at least half of their terms in the expected tool's text. */
  highOverlap: number;
  selection: { numerator: number; denominator: number };
  falseCalls: { numerator: number; denominator: number };
  pass: { numerator: number; denominator: number };
}

/** The text of a tool the baseline indexes (name words, description, parameter names), as terms. */
function toolTerms(tool: Tool): Set<string> {
  const props = (tool.inputSchema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
  return new Set(lexicalTerms([tool.name, tool.description ?? '', Object.keys(props).join(' ')].join(' ')));
}

/** Share of the request's distinct content terms found in the tool's terms (0 when it has none). */
export function overlapOf(utterance: string, terms: Set<string>): number {
  const own = [...new Set(lexicalTerms(utterance))];
  return own.length === 0 ? 0 : own.filter((t) => terms.has(t)).length / own.length;
}

/** The suite's servers with their frozen tools. */
export function suiteServers(): { slug: string; surface: Surface; surfaceHash: string }[] {
  return readSuiteManifest(SUITE_FOLDER).servers.map((s) => ({ slug: s.slug, surface: suiteSurface(s), surfaceHash: s.surface.surfaceHash }));
}

async function casesOf(spec: CaseSetSpec, server: { surface: Surface; surfaceHash: string }): Promise<EvalCase[]> {
  if (spec.set === 'paraphrase') {
    const lint = await lintSurface(server.surface, LATEST_RULES, { sha256Hex: nodeSha256Hex });
    return generateOfflineCases({ surface: server.surface, lint, seed: 0, languages: [spec.language], perTool: 8 });
  }
  return suiteCasesFor(SUITE_FOLDER, server.surfaceHash, { half: spec.half ?? 'all', language: spec.language }) ?? [];
}

const add = (a: { numerator: number; denominator: number }, r: Metrics['selectionAcc']) => {
  a.numerator += r.numerator;
  a.denominator += r.denominator;
};

/** The figures of one case set over every server of the suite. */
export async function measureCaseSet(spec: CaseSetSpec, servers = suiteServers()): Promise<CaseSetFigures> {
  const out: CaseSetFigures = { ...spec, cases: 0, toolCases: 0, noCallCases: 0, meanOverlap: 0, highOverlap: 0, selection: { numerator: 0, denominator: 0 }, falseCalls: { numerator: 0, denominator: 0 }, pass: { numerator: 0, denominator: 0 } };
  const distractors = spec.distractors.map((name) => {
    const set = loadDistractorSet(name);
    return { name, hash: `sha256:${set.manifest.sha256}`, surface: set.surface };
  });
  let overlapSum = 0;
  for (const server of servers) {
    const cases = await casesOf(spec, server);
    if (cases.length === 0) continue;
    const byName = new Map(server.surface.tools.map((t) => [t.name, toolTerms(t)] as const));
    for (const c of cases) {
      out.cases++;
      if (c.expected === null) {
        out.noCallCases++;
        continue;
      }
      out.toolCases++;
      const o = overlapOf(c.utterance, byName.get(c.expected) ?? new Set());
      overlapSum += o;
      if (o >= 0.5) out.highOverlap++;
    }
    const plan = planRun({ server: server.surface, distractors, cases, model: 'lexical', settings: { temperature: 0, maxOutputTokens: 256 }, seed: 0, repeats: 1, sha256Hex: nodeSha256Hex, limits: { maxTrials: 100_000 } });
    const router = createLexicalRouter();
    const ctx = judgeContext(plan, createArgChecker(plan.shown.map((e) => e.source)));
    const records = plan.trials.map((trial) => recordTrial(plan, ctx, trial, { result: router.turn(trialRequest(plan, trial)) }));
    const m = computeMetrics(cases, records);
    add(out.selection, m.selectionAcc);
    add(out.falseCalls, m.falseCallRate);
    add(out.pass, m.passRate);
  }
  out.meanOverlap = out.toolCases === 0 ? 0 : overlapSum / out.toolCases;
  return out;
}

/** The comparison `bench:cases` prints: paraphrases and v2 (all, calibration, test), each language, at the suite's first and last step. */
export function comparisonSpecs(): CaseSetSpec[] {
  const steps = [MODELS_SUITE.steps[0], MODELS_SUITE.steps[MODELS_SUITE.steps.length - 1]!];
  const specs: CaseSetSpec[] = [];
  for (const distractors of steps) {
    for (const language of ['en', 'ja'] as const) {
      specs.push({ set: 'paraphrase', half: null, language, distractors });
      for (const half of ['all', 'calibration', 'test'] as const) specs.push({ set: 'v2', half, language, distractors });
    }
  }
  return specs;
}
