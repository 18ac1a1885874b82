import type { ArgError, EvalCase, TrialRecord, Verdict, VerdictKind } from '../contracts/eval.js';
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
 * - one expected tool: calls of read-only tools before it are not penalised when the expected tool itself
 *   changes something ("look, then act"); the first remaining call decides: the expected tool → `correct`,
 *   or `extra_calls` when calls of other tools follow (other than read-only ones, under the same rule);
 *   a tool not shown → `phantom`; another shown tool, distractors included → `wrong_tool`; none → `abstained`.
 * - `expect` sequence: the expected names must appear as an order-preserving subsequence of the calls;
 *   unmatched calls of read-only tools are not penalised, other unmatched calls make it `extra_calls`;
 *   no subsequence → `sequence_mismatch` (`abstained` without calls).
 * - a forbidden tool called → `forbidden`, whatever else happened.
 * A trial passes when the selection is right, the arguments validate (where the schema is readable) and
 * meet the case's partial expectations, and nothing forbidden was called.
 */
export function judgeTrial(c: EvalCase, outcome: TrialOutcome, ctx: JudgeContext): Verdict {
  if ('error' in outcome) return { ...base('error', ERROR_COLUMN), scored: false };
  const { result } = outcome;
  if (result.truncated) return { ...base('truncated', ERROR_COLUMN), scored: false };
  const calls = result.calls;
  const forbidden = c.forbid ? [...new Set(calls.map((k) => k.name).filter((n) => c.forbid!.includes(n)))] : [];
  const readOnly = (name: string) => ctx.byName.get(name)?.readOnly === true;
  const column = (name: string) => (ctx.byName.has(name) ? name : PHANTOM);
  const fromDistractor = (name: string) => {
    const origin = ctx.byName.get(name)?.origin;
    return origin !== undefined && origin !== 'server';
  };
  const distinctNames = new Set(calls.map((k) => k.name)).size;

  let v: Verdict;
  const sequence = c.expect ?? (c.expected !== null ? [{ name: c.expected, ...(c.args ? { args: c.args } : {}) }] : null);
  if (sequence === null) {
    if (calls.length === 0) v = { ...base('correct_abstention', NONE), pass: true };
    else v = { ...base('over_triggered', column(calls[0]!.name)), multiCall: distinctNames > 1, distractor: fromDistractor(calls[0]!.name) };
  } else if (c.expect) {
    v = judgeSequence(c, calls, ctx, readOnly, column, fromDistractor);
  } else {
    v = judgeSingle(c.expected!, c.args, calls, ctx, readOnly, column, fromDistractor);
  }
  if (forbidden.length > 0) v = { ...v, kind: 'forbidden', forbiddenCalled: forbidden, pass: false };
  return v;
}

type Fn<T> = (name: string) => T;

function argsOf(call: ProposedCall, ctx: JudgeContext, expected?: Record<string, unknown>): { valid: boolean | null; match: boolean | null; errors: ArgError[] } {
  const check = ctx.checker.check(call);
  const expectErrors = expected && call.parseError === null ? matchArgs(expected, call.arguments) : [];
  const match = expected ? call.parseError === null && expectErrors.length === 0 : null;
  return { valid: check.valid, match, errors: [...check.errors, ...expectErrors] };
}

function judgeSingle(expected: string, args: Record<string, unknown> | undefined, calls: ProposedCall[], ctx: JudgeContext, readOnly: Fn<boolean>, column: Fn<string>, fromDistractor: Fn<boolean>): Verdict {
  const miss = (kind: VerdictKind, called: string): Verdict => ({ ...base(kind, called), selected: false, multiCall: new Set(calls.map((k) => k.name)).size > 1 });
  if (calls.length === 0) return miss('abstained', NONE);
  const lenient = !readOnly(expected);
  let i = 0;
  if (lenient) while (i < calls.length && calls[i]!.name !== expected && readOnly(calls[i]!.name)) i++;
  const first = calls[i];
  if (!first) return { ...miss('wrong_tool', column(calls[0]!.name)), distractor: fromDistractor(calls[0]!.name) };
  if (!ctx.byName.has(first.name)) return miss('phantom', PHANTOM);
  if (first.name !== expected) return { ...miss('wrong_tool', first.name), distractor: fromDistractor(first.name) };
  const extra = calls.slice(i + 1).some((k) => k.name !== expected && !(lenient && readOnly(k.name)));
  const a = argsOf(first, ctx, args);
  const verdict: Verdict = { ...base(extra ? 'extra_calls' : 'correct', extra ? MULTIPLE : expected), selected: !extra, argsValid: a.valid, argsMatch: a.match, argErrors: a.errors, multiCall: extra };
  return { ...verdict, pass: !extra && a.valid !== false && a.match !== false };
}

function judgeSequence(c: EvalCase, calls: ProposedCall[], ctx: JudgeContext, readOnly: Fn<boolean>, column: Fn<string>, fromDistractor: Fn<boolean>): Verdict {
  const steps = c.expect!;
  // Greedy earliest matching finds an order-preserving subsequence whenever one exists.
  const matched: number[] = [];
  for (let i = 0, j = 0; i < calls.length && j < steps.length; i++) if (calls[i]!.name === steps[j]!.name) {
    matched.push(i);
    j++;
  }
  const selected = matched.length === steps.length;
  if (!selected) {
    if (calls.length === 0) return { ...base('abstained', NONE), selected: false };
    const firstAct = calls.find((k) => !readOnly(k.name)) ?? calls[0]!;
    return { ...base('sequence_mismatch', column(firstAct.name)), selected: false, distractor: fromDistractor(firstAct.name), multiCall: new Set(calls.map((k) => k.name)).size > 1 };
  }
  const inSequence = new Set(matched);
  const extra = calls.some((k, i) => !inSequence.has(i) && !readOnly(k.name) && !steps.some((s) => s.name === k.name));
  // Arguments: each step against the calls of its name from its match up to the next step's match, taking
  // the first that meets the expectation, so a retried call with corrected arguments still counts.
  const valid: (boolean | null)[] = [];
  let match: boolean | null = steps.some((s) => s.args) ? true : null;
  const errors: ArgError[] = [];
  for (let j = 0; j < steps.length; j++) {
    const step = steps[j]!;
    const end = matched[j + 1] ?? calls.length;
    const checked: { valid: boolean | null; match: boolean | null; errors: ArgError[] }[] = [];
    for (let i = matched[j]!; i < end; i++) if (calls[i]!.name === step.name) checked.push(argsOf(calls[i]!, ctx, step.args));
    const good = checked.find((r) => r.match !== false && r.valid !== false) ?? checked.find((r) => r.match !== false) ?? checked[0]!;
    valid.push(good.valid);
    if (good.match === false) match = false;
    errors.push(...good.errors);
  }
  const argsValid = combineValid(valid);
  const called = extra ? MULTIPLE : (c.expected ?? steps[0]!.name);
  return {
    ...base(extra ? 'extra_calls' : 'correct', called),
    selected: !extra,
    argsValid,
    argsMatch: match,
    argErrors: errors,
    multiCall: extra,
    pass: !extra && argsValid !== false && match !== false,
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
