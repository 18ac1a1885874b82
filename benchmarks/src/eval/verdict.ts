import type { ArgError, EvalCase, ExpectedCall, TrialRecord, Verdict, VerdictKind } from '../contracts/eval.js';
import type { ProposedCall, ProviderErrorCode, TurnResult } from '../contracts/provider.js';
import type { ArgChecker } from './args.js';
import { matchArgs } from './expect-args.js';
import type { RunPlan, TrialSpec } from './plan.js';
import { trialTools } from './plan.js';

/** What a shown tool is to the judge: where it came from and whether it only reads. */
export interface JudgedTool {
  origin: string;
  readOnly: boolean;
}

/** What judging needs: the shown tools by name and the argument checker. */
export interface JudgeContext {
  byName: ReadonlyMap<string, JudgedTool>;
  checker: ArgChecker;
}

/** The answer of a trial: a normalised result, or the provider's failure. */
export type TrialOutcome = { result: TurnResult } | { error: { code: ProviderErrorCode; message: string } };

/** Confusion columns that are not tool names. */
export const NONE = '(none)';
export const PHANTOM = '(phantom)';
export const MULTIPLE = '(multiple calls)';
export const ERROR_COLUMN = '(excluded)';

const base = (kind: VerdictKind, called: string): Verdict => ({
  kind,
  scored: true,
  pass: false,
  selected: null,
  called,
  argsValid: null,
  argsMatch: null,
  argErrors: [],
  multiCall: false,
  forbiddenCalled: [],
  distractor: false,
});

/** Combine argument checks of several calls: false if any is false, null if all are null, else true. */
function combineValid(values: (boolean | null)[]): boolean | null {
  if (values.some((v) => v === false)) return false;
  return values.some((v) => v === true) ? true : null;
}

/**
 * Judge one trial. The rules (documented in README.md):
 * - provider error → `error`, truncated → `truncated`: not scored.
 * - no-call case: no call → `correct_abstention`; any call → `over_triggered`.
 * - otherwise the expectation is a sequence: `expect`, or `expected` (+ `args`) as a one-step sequence —
 *   the two forms are one meaning and get the same verdict. The step names must appear as an
 *   order-preserving subsequence of the calls (greedy earliest match). Calls of read-only tools
 *   (`readOnlyHint: true`) outside the sequence are never penalised, before or after ("look, then act");
 *   other calls outside it make it `extra_calls`; repeated calls of a step's tool are fine. No
 *   subsequence: `abstained` without calls; for one step the first call that is not read-only (or the first
 *   call) decides `phantom` (not shown) or `wrong_tool` (distractors included); for more steps `sequence_mismatch`.
 * - every call of a step's tool is checked: against the schema and the step's partial arguments (each call
 *   belongs to the latest step of its name matched at or before it), so a later call with arguments that
 *   break the schema or a range fails the case even when an earlier one was right.
 * - a forbidden tool called → `forbidden`, whatever else happened.
 * A trial passes when the selection is right, the arguments of every checked call validate (where the
 * schema is readable) and meet the partial expectations, and nothing forbidden was called.
 */
export function judgeTrial(c: EvalCase, outcome: TrialOutcome, ctx: JudgeContext): Verdict {
  if ('error' in outcome) return { ...base('error', ERROR_COLUMN), scored: false };
  const { result } = outcome;
  if (result.truncated) return { ...base('truncated', ERROR_COLUMN), scored: false };
  const calls = result.calls;
  const forbidden = c.forbid ? [...new Set(calls.map((k) => k.name).filter((n) => c.forbid!.includes(n)))] : [];
  const fromDistractor = (name: string) => {
    const origin = ctx.byName.get(name)?.origin;
    return origin !== undefined && origin !== 'server';
  };

  let v: Verdict;
  const sequence = c.expect ?? (c.expected !== null ? [{ name: c.expected, ...(c.args ? { args: c.args } : {}) }] : null);
  if (sequence === null) {
    const column = ctx.byName.has(calls[0]?.name ?? '') ? calls[0]!.name : PHANTOM;
    if (calls.length === 0) v = { ...base('correct_abstention', NONE), pass: true };
    else v = { ...base('over_triggered', column), multiCall: new Set(calls.map((k) => k.name)).size > 1, distractor: fromDistractor(calls[0]!.name) };
  } else {
    v = judgeSequence(c.expected ?? sequence[0]!.name, sequence, calls, ctx, fromDistractor);
  }
  if (forbidden.length > 0) v = { ...v, kind: 'forbidden', forbiddenCalled: forbidden, pass: false };
  return v;
}

interface ArgOutcome {
  valid: boolean | null;
  match: boolean | null;
  errors: ArgError[];
}

function argsOf(call: ProposedCall, ctx: JudgeContext, expected?: Record<string, unknown>): ArgOutcome {
  const check = ctx.checker.check(call);
  const expectErrors = expected && call.parseError === null ? matchArgs(expected, call.arguments) : [];
  const match = expected ? call.parseError === null && expectErrors.length === 0 : null;
  return { valid: check.valid, match, errors: [...check.errors, ...expectErrors] };
}

function judgeSequence(row: string, steps: readonly ExpectedCall[], calls: ProposedCall[], ctx: JudgeContext, fromDistractor: (name: string) => boolean): Verdict {
  const readOnly = (name: string) => ctx.byName.get(name)?.readOnly === true;
  const multiCall = new Set(calls.map((k) => k.name)).size > 1;
  if (calls.length === 0) return { ...base('abstained', NONE), selected: false };
  // Greedy earliest matching finds an order-preserving subsequence whenever one exists.
  const matched: number[] = [];
  for (let i = 0, j = 0; i < calls.length && j < steps.length; i++) if (calls[i]!.name === steps[j]!.name) {
    matched.push(i);
    j++;
  }
  if (matched.length < steps.length) {
    const firstAct = calls.find((k) => !readOnly(k.name)) ?? calls[0]!;
    const shown = ctx.byName.has(firstAct.name);
    if (steps.length > 1) return { ...base('sequence_mismatch', shown ? firstAct.name : PHANTOM), selected: false, distractor: fromDistractor(firstAct.name), multiCall };
    if (!shown) return { ...base('phantom', PHANTOM), selected: false, multiCall };
    return { ...base('wrong_tool', firstAct.name), selected: false, distractor: fromDistractor(firstAct.name), multiCall };
  }
  const names = new Set(steps.map((s) => s.name));
  const inSequence = new Set(matched);
  const extra = calls.some((k, i) => !inSequence.has(i) && !names.has(k.name) && !readOnly(k.name));
  // Every call of a step's tool is checked, against the latest step of its name matched at or before it.
  const checked: ArgOutcome[] = [];
  calls.forEach((k, i) => {
    if (!names.has(k.name)) return;
    let step = steps.findIndex((s) => s.name === k.name);
    for (let j = 0; j < steps.length; j++) if (steps[j]!.name === k.name && matched[j]! <= i) step = j;
    checked.push(argsOf(k, ctx, steps[step]!.args));
  });
  const argsValid = combineValid(checked.map((r) => r.valid));
  const argsMatch = checked.some((r) => r.match === false) ? false : steps.some((s) => s.args) ? true : null;
  const seen = new Set<string>();
  const argErrors = checked.flatMap((r) => r.errors).filter((e) => {
    const key = `${e.argument}\u0000${e.kind}\u0000${e.keyword}\u0000${e.message}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
  return {
    ...base(extra ? 'extra_calls' : 'correct', extra ? MULTIPLE : row),
    selected: !extra,
    argsValid,
    argsMatch,
    argErrors,
    multiCall: extra,
    pass: !extra && argsValid !== false && argsMatch !== false,
  };
}

/** Judge context of a plan: its shown tools with origin and read-only flag, and a checker. */
export function judgeContext(plan: RunPlan, checker: ArgChecker): JudgeContext {
  return { byName: new Map(plan.shown.map((e) => [e.tool.name, { origin: e.origin, readOnly: e.readOnly }] as const)), checker };
}

/** The saved record of one trial: its answer (or failure) and its verdict. `cached` is the runner's. */
export function recordTrial(plan: RunPlan, ctx: JudgeContext, trial: TrialSpec, outcome: TrialOutcome, cached = false): TrialRecord {
  const c = plan.caseById.get(trial.caseId);
  if (!c) throw new RangeError(`unknown case ${trial.caseId}`);
  const verdict = judgeTrial(c, outcome, ctx);
  const r = 'result' in outcome ? outcome.result : undefined;
  return {
    caseId: trial.caseId,
    trialIndex: trial.trialIndex,
    ...(plan.permute ? { order: trialTools(plan, trial).map((t) => t.name) } : {}),
    calls: r?.calls ?? [],
    text: r?.text ?? '',
    truncated: r?.truncated ?? false,
    error: 'error' in outcome ? outcome.error : null,
    usage: r?.usage ?? { inputTokens: null, outputTokens: null },
    latencyMs: r?.latencyMs ?? 0,
    cached,
    verdict,
  };
}
