import { ToolmarkError } from '../errors.js';

/** Stable codes of evaluation errors (a public contract, like finding codes). */
export type EvalErrorCode =
  | 'tool_limit_exceeded'
  | 'trial_budget_exceeded'
  | 'context_budget_exceeded'
  | 'invalid_task_set'
  | 'invalid_generator_reply'
  | 'cases_unavailable'
  | 'not_comparable'
  | 'invalid_plan'
  | 'invalid_run_report';

/** Where and what: task id, line and column in a file, the field that differs in a diff, limits. */
export interface EvalErrorDetail {
  taskId?: string;
  line?: number;
  column?: number;
  path?: string;
  field?: string;
  base?: unknown;
  head?: unknown;
  limit?: number;
  actual?: number;
  [extra: string]: unknown;
}

/** A typed refusal of the evaluation engine: the runner turns it into exit code 2 and the uniform error shape. */
export class EvalError extends ToolmarkError<EvalErrorCode, EvalErrorDetail> {
  override readonly name = 'EvalError';
  constructor(code: EvalErrorCode, message: string, detail: EvalErrorDetail = {}) {
    super(code, message, detail);
  }
}
