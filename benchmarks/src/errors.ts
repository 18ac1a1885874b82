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
  | 'tool_limit_exceeded';

/** A typed error for bad input: every failure to read a surface ends in one of these, never a crash. */
export class InputError extends Error {
  override readonly name = 'InputError';
  constructor(
    readonly code: InputErrorCode,
    message: string,
    readonly detail: ErrorDetail = {},
  ) {
    super(message);
  }

  /** The uniform error shape used by the CLI's JSON output and the API. */
  toJSON(): { error: { code: InputErrorCode; message: string; detail: ErrorDetail } } {
    return { error: { code: this.code, message: this.message, detail: this.detail } };
  }
}
