import type { TokenCounter } from '../text/tokens.js';
import { canonicalJson } from '../surface/canonical.js';
import { sha256Hex, type Sha256Hex } from '../surface/hash.js';
import type { RunPlan, TrialSpec } from './plan.js';
import { toolTokensOf } from './workload.js';

/** Units of one request of `tokens` tokens at `unitPrice` units per 1 000 tokens: rounded up, so every paid request costs at least 1. */
export function unitsFor(tokens: number, unitPrice: number): number {
  if (unitPrice === 0 || tokens === 0) return 0;
  return Math.ceil((tokens * unitPrice) / 1000 - 1e-9);
}

/**
 * The request size of each trial of a plan: the tokens of the tools shown (name, description and input
 * schema of each, the count the dry run prints) plus the utterance's, counted with `counter` (o200k_base).
 */
export function trialTokens(plan: Pick<RunPlan, 'shown' | 'caseById'>, trials: readonly TrialSpec[], counter: TokenCounter): number[] {
  const tools = toolTokensOf(plan, counter);
  const byCase = new Map<string, number>();
  return trials.map((t) => {
    let u = byCase.get(t.caseId);
    if (u === undefined) byCase.set(t.caseId, (u = counter.count(plan.caseById.get(t.caseId)?.utterance ?? '')));
    return tools + u;
  });
}

/** What makes two model runs of different servers rankable together: everything of the run but the server and its cases. */
export interface ComparabilityInput {
  model: string;
  providerFingerprint: string;
  settings: unknown;
  seed: number;
  repeats: number;
  permute: boolean;
  distractors: readonly { name: string; hash: string }[];
  language: string;
  casesPerTool: number;
  generator: string;
  systemHash: string;
}

/** The comparability key of a model run (`cmp1:` + sha256): runs are ranked together only when it is equal. */
export function comparabilityKey(input: ComparabilityInput, hash: Sha256Hex = sha256Hex): string {
  const distractors = [...input.distractors].map((d) => ({ name: d.name, hash: d.hash })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return `cmp1:${hash(canonicalJson({ ...input, distractors })).slice(0, 32)}`;
}
