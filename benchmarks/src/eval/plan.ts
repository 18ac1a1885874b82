import type { EvalCase } from '../contracts/eval.js';
import type { ShownTool, TurnRequest, TurnSettings } from '../contracts/provider.js';
import { TurnSettingsSchema } from '../contracts/provider.js';
import type { Surface, Tool } from '../contracts/tool.js';
import { sha256Hex, surfaceHash, type Sha256Hex } from '../surface/hash.js';
import { EvalError } from './errors.js';
import { caseSetHash, shownSurfaceHash, textHash } from './hashes.js';
import { trialPermutation } from './prng.js';
import { DEFAULT_SYSTEM, renderTurnRequest, toShownTool } from './render.js';

/** Above this many tools shown, models degrade: warned at estimate time (not refused). */
export const MANY_TOOLS_WARNING = 60;
/** Default operator limits: tools shown per trial, trials per run. */
export const DEFAULT_LIMITS = { maxTools: 128, maxTrials: 5_000 } as const;
/**
 * The default trial budget of a paid run (any provider that calls a model; the lexical baseline and the
 * mock are free and keep {@link DEFAULT_LIMITS}): a mistake — the wrong surface, `--repeat 20`, every
 * distractor set — costs at most this many requests, about a default run (8 cases per tool, one repeat)
 * of a server with up to 20 tools. The operator raises it with `--max-trials` after a `--dry-run`.
 */
export const PAID_TRIAL_BUDGET = 200;
/** Hard caps no operator setting can raise. */
export const HARD_LIMITS = { maxTools: 1_000, maxTrials: 100_000, repeats: 100 } as const;

/** A distractor set chosen for the run: its name, frozen hash and tools. */
export interface DistractorInput {
  name: string;
  hash: string;
  surface: Surface;
}

/** One tool shown in the run, with where it came from and whether it only reads. */
export interface ShownEntry {
  tool: ShownTool;
  /** `server`, or the name of the distractor set. */
  origin: string;
  /** `annotations.readOnlyHint === true` (MCP default: false). */
  readOnly: boolean;
  /** The tool as sent (for schema validation and annotations). */
  source: Tool;
}

/** A warning shown with the estimate. */
export interface PlanWarning {
  code: 'name_collision' | 'many_tools' | 'no_cases' | 'repeats_without_permutation';
  message: string;
  names?: string[];
}

/** One trial to run: which case, which repeat (0-based), and its ordinal in the plan. */
export interface TrialSpec {
  caseId: string;
  caseIndex: number;
  trialIndex: number;
  ordinal: number;
}

/** Inputs of {@link planRun}. */
export interface PlanInput {
  server: Surface;
  distractors?: readonly DistractorInput[];
  cases: readonly EvalCase[];
  model: string;
  settings: Partial<TurnSettings>;
  system?: string;
  seed: number;
  repeats: number;
  /** Permute the tool order per trial (default true). */
  permute?: boolean;
  /**
   * Operator limits (defaults {@link DEFAULT_LIMITS}; capped by {@link HARD_LIMITS}). `paid`: the run calls a
   * model, so without `maxTrials` the budget is {@link PAID_TRIAL_BUDGET} and the refusal says how to raise it.
   */
  limits?: { maxTools?: number; maxTrials?: number; paid?: boolean };
  sha256Hex?: Sha256Hex;
}

/** A budget problem: the run would exceed an operator limit. */
export interface BudgetProblem {
  code: 'tool_limit_exceeded' | 'trial_budget_exceeded' | 'context_budget_exceeded';
  message: string;
  limit: number;
  actual: number;
}

/** Everything a runner needs to execute and record a run. */
export interface RunPlan {
  model: string;
  settings: TurnSettings;
  system: string;
  seed: number;
  repeats: number;
  permute: boolean;
  limits: { maxTools: number; maxTrials: number };
  /** Tools shown, canonical order: the server's as sent, then each distractor set's (colliding names dropped). */
  shown: ShownEntry[];
  /** Shown tools by name. */
  byName: ReadonlyMap<string, ShownEntry>;
  cases: EvalCase[];
  caseById: ReadonlyMap<string, EvalCase>;
  /** Case-major: every repeat of case 0, then case 1, … */
  trials: TrialSpec[];
  warnings: PlanWarning[];
  /** Empty when within budget; {@link assertWithinBudget} throws on the first. */
  budget: BudgetProblem[];
  hashes: { surface: string; shown: string; caseSet: string; system: string };
  distractors: { name: string; hash: string; toolCount: number }[];
}

const isReadOnly = (tool: Tool): boolean => (tool.annotations as { readOnlyHint?: unknown } | undefined)?.readOnlyHint === true;

/**
 * Plan a run: assemble the tools shown (server + distractor sets; a distractor named like an earlier tool
 * is dropped and warned about — the call could not be attributed), warn above 60 tools, lay out
 * cases × repeats, and check the budget. Pure and deterministic; nothing is sent.
 */
export function planRun(input: PlanInput): RunPlan {
  const hash = input.sha256Hex ?? sha256Hex;
  if (!Number.isInteger(input.repeats) || input.repeats < 1 || input.repeats > HARD_LIMITS.repeats) {
    throw new EvalError('invalid_plan', `repeats must be an integer from 1 to ${HARD_LIMITS.repeats}, got ${input.repeats}`, { field: 'repeats', limit: HARD_LIMITS.repeats, actual: input.repeats });
  }
  if (!Number.isInteger(input.seed)) throw new EvalError('invalid_plan', `seed must be an integer, got ${input.seed}`, { field: 'seed' });
  const paidDefault = input.limits?.paid === true && input.limits.maxTrials === undefined;
  const limits = {
    maxTools: Math.min(input.limits?.maxTools ?? DEFAULT_LIMITS.maxTools, HARD_LIMITS.maxTools),
    maxTrials: Math.min(input.limits?.maxTrials ?? (paidDefault ? PAID_TRIAL_BUDGET : DEFAULT_LIMITS.maxTrials), HARD_LIMITS.maxTrials),
  };
  const shown: ShownEntry[] = [];
  const byName = new Map<string, ShownEntry>();
  const collisions: string[] = [];
  const add = (tool: Tool, origin: string) => {
    const prior = byName.get(tool.name);
    if (prior) {
      collisions.push(`${tool.name} (${prior.origin} and ${origin})`);
      return;
    }
    const entry: ShownEntry = { tool: toShownTool(tool), origin, readOnly: isReadOnly(tool), source: tool };
    shown.push(entry);
    byName.set(tool.name, entry);
  };
  for (const t of input.server.tools) add(t, 'server');
  for (const d of input.distractors ?? []) for (const t of d.surface.tools) add(t, d.name);

  const warnings: PlanWarning[] = [];
  if (collisions.length > 0) {
    warnings.push({
      code: 'name_collision',
      message: `${collisions.length} tool name(s) appear twice; the later one is not shown and a call could not be attributed: ${collisions.slice(0, 10).join(', ')}`,
      names: collisions,
    });
  }
  if (shown.length > MANY_TOOLS_WARNING) {
    warnings.push({ code: 'many_tools', message: `the model will see ${shown.length} tools (more than ${MANY_TOOLS_WARNING}); models handle long tool lists less well` });
  }
  if (input.cases.length === 0) warnings.push({ code: 'no_cases', message: 'there are no cases: nothing will be measured' });
  const permute = input.permute ?? true;
  if (!permute && input.repeats > 1) {
    warnings.push({ code: 'repeats_without_permutation', message: 'repeats without permutation only measure sampling noise of the same request' });
  }

  const cases = input.cases.slice();
  const caseById = new Map<string, EvalCase>();
  for (const c of cases) {
    if (caseById.has(c.id)) throw new EvalError('invalid_plan', `case id "${c.id}" appears twice`, { taskId: c.id });
    caseById.set(c.id, c);
  }
  const trials: TrialSpec[] = [];
  cases.forEach((c, caseIndex) => {
    for (let trialIndex = 0; trialIndex < input.repeats; trialIndex++) trials.push({ caseId: c.id, caseIndex, trialIndex, ordinal: trials.length });
  });

  const budget: BudgetProblem[] = [];
  if (shown.length > limits.maxTools) {
    budget.push({ code: 'tool_limit_exceeded', message: `${shown.length} tools would be shown; the limit is ${limits.maxTools}`, limit: limits.maxTools, actual: shown.length });
  }
  if (trials.length > limits.maxTrials) {
    const raise = paidDefault ? ` (the default of a paid run: check the workload with --dry-run, then raise it with --max-trials ${trials.length} or trials.maxTrials in toolmark.config.json)` : '';
    budget.push({ code: 'trial_budget_exceeded', message: `${trials.length} trials planned; the budget is ${limits.maxTrials}${raise}`, limit: limits.maxTrials, actual: trials.length });
  }

  const system = input.system ?? DEFAULT_SYSTEM;
  return {
    model: input.model,
    settings: TurnSettingsSchema.parse({ maxOutputTokens: 1024, ...input.settings }),
    system,
    seed: input.seed,
    repeats: input.repeats,
    permute,
    limits,
    shown,
    byName,
    cases,
    caseById,
    trials,
    warnings,
    budget,
    hashes: {
      surface: surfaceHash(input.server, hash),
      shown: shownSurfaceHash(input.server, (input.distractors ?? []).map((d) => d.surface), hash),
      caseSet: caseSetHash(cases, hash),
      system: textHash(system, hash),
    },
    distractors: (input.distractors ?? []).map((d) => ({ name: d.name, hash: d.hash, toolCount: d.surface.tools.length })),
  };
}

/**
 * The cases whose id starts with one of `only` (all when empty) and with none of `skip`. Refused when
 * that leaves nothing: a filter that matches no case is a mistake, not an empty run.
 */
export function selectCases<T extends { id: string }>(cases: readonly T[], filter: { only?: readonly string[]; skip?: readonly string[] }): T[] {
  const only = filter.only ?? [];
  const skip = filter.skip ?? [];
  const kept = cases.filter((c) => (only.length === 0 || only.some((p) => c.id.startsWith(p))) && !skip.some((p) => c.id.startsWith(p)));
  if (kept.length === 0 && cases.length > 0 && (only.length > 0 || skip.length > 0)) {
    const what = [only.length > 0 ? `--only ${only.join(',')}` : '', skip.length > 0 ? `--skip ${skip.join(',')}` : ''].filter(Boolean).join(' and ');
    throw new EvalError('invalid_plan', `${what} leave(s) none of the ${cases.length} cases (ids such as ${cases.slice(0, 3).map((c) => `"${c.id}"`).join(', ')})`, { field: only.length > 0 ? 'only' : 'skip' });
  }
  return kept;
}

/** Throw the first budget problem as an {@link EvalError} (the runner calls this before any model call). */
export function assertWithinBudget(plan: RunPlan): void {
  const p = plan.budget[0];
  if (p) throw new EvalError(p.code, p.message, { limit: p.limit, actual: p.actual });
}

/**
 * The tools of one trial in the order shown: permuted from (seed, case id, repeat index) when the plan
 * permutes — so the same trial of two runs over the same case set sees the same order, whatever the case order.
 */
export function trialTools(plan: RunPlan, trial: TrialSpec): ShownTool[] {
  if (!plan.permute) return plan.shown.map((e) => e.tool);
  return trialPermutation(plan.seed, `${trial.caseId}#${trial.trialIndex}`, plan.shown.length).map((i) => plan.shown[i]!.tool);
}

/** The request of one trial, rendered by the one renderer ({@link renderTurnRequest}). */
export function trialRequest(plan: RunPlan, trial: TrialSpec): TurnRequest {
  const c = plan.caseById.get(trial.caseId);
  if (!c) throw new EvalError('invalid_plan', `trial names unknown case "${trial.caseId}"`, { taskId: trial.caseId });
  return renderTurnRequest({ model: plan.model, system: plan.system, utterance: c.utterance, tools: trialTools(plan, trial), settings: plan.settings });
}
