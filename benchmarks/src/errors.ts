/** What locates an error and what to fix: free-form, never a secret. */
export type ErrorDetailRecord = Record<string, unknown>;

/** The uniform error shape of the CLI's JSON output and the API: `{ error: { code, message, detail } }`. */
export interface ErrorShape<C extends string = string, D extends object = ErrorDetailRecord> {
  error: { code: C; message: string; detail: D };
}

/**
 * The one base of toolmark's typed errors — the core's, the database's, capture's, the providers', the
 * CLI's and the API's: a stable public `code`, a message for people, a `detail` that locates the problem,
 * the uniform JSON shape, and the exit code a command ends with when it stops on this error (2, the CLI's
 * error code, unless a subclass says otherwise). Pure: the CLI prints it, the API maps it to a status.
 */
export class ToolmarkError<C extends string = string, D extends object = ErrorDetailRecord> extends Error {
  override readonly name: string = 'ToolmarkError';
  constructor(
    readonly code: C,
    message: string,
    readonly detail: D = {} as D,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** The process exit code of a command that stops on this error. */
  get exitCode(): number {
    return 2;
  }

  /** The uniform error shape used by the CLI's JSON output and the API. */
  toJSON(): ErrorShape<C, D> {
    return { error: { code: this.code, message: this.message, detail: this.detail } };
  }
}

/** Where an input error is and what to fix: a JSON path, the key to change, the names involved. */
export interface ErrorDetail {
  path?: string;
  key?: string;
  names?: string[];
  limit?: number;
  actual?: number;
  [extra: string]: unknown;
}

/** Stable codes of input errors (a public contract, like finding codes). */
export type InputErrorCode =
  | 'invalid_json'
  | 'duplicate_key'
  | 'missing_tools'
  | 'invalid_tool'
  | 'missing_tool_name'
  | 'duplicate_tool_name'
  | 'invalid_input_schema'
  | 'payload_too_large'
  | 'nesting_too_deep'
  | 'tool_limit_exceeded'
  | 'unpaired_surrogate'
  | 'nul_character';

/** A typed error for bad input: every failure to read a surface ends in one of these, never a crash. */
export class InputError extends ToolmarkError<InputErrorCode, ErrorDetail> {
  override readonly name = 'InputError';
  constructor(code: InputErrorCode, message: string, detail: ErrorDetail = {}) {
    super(code, message, detail);
  }
}
