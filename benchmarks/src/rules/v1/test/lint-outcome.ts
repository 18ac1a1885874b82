// Shared by the robustness tests: run parse + rules v1 on any value and classify the outcome.
import { expect } from 'vitest';
import { LintResultSchema } from '../../../contracts/lint-result.js';
import { InputError, type InputErrorCode } from '../../../errors.js';
import { parseSurfaceValue } from '../../../surface/parse.js';
import type { TokenCounter } from '../../../text/tokens.js';
import { rulesV1 } from '../index.js';

/** Every input error code the parser may throw (the typed errors a run may end in). */
export const KNOWN_CODES = new Set<InputErrorCode>([
  'invalid_json',
  'missing_tools',
  'invalid_tool',
  'missing_tool_name',
  'duplicate_tool_name',
  'invalid_input_schema',
  'payload_too_large',
  'tool_limit_exceeded',
  'nesting_too_deep',
  'unpaired_surrogate',
]);

/** No single run may take longer than this. */
export const RUN_LIMIT_MS = 2000;

/** How one run ended. */
export type Outcome = { kind: 'result'; ms: number } | { kind: 'input_error'; code: InputErrorCode; ms: number };

/** Parse and lint one value; rethrow anything that is not a known InputError, or a result that does not validate. */
export function run(value: unknown, counter: TokenCounter, limits?: { maxBytes?: number }): Outcome {
  const t0 = performance.now();
  let surface;
  try {
    surface = parseSurfaceValue(value, limits);
  } catch (err) {
    if (err instanceof InputError && KNOWN_CODES.has(err.code)) return { kind: 'input_error', code: err.code, ms: performance.now() - t0 };
    throw err;
  }
  const result = rulesV1.lint(surface, { countTokens: counter });
  const ms = performance.now() - t0;
  const parsed = LintResultSchema.safeParse(result);
  if (!parsed.success) throw new Error(`result does not validate: ${parsed.error.message}`);
  if (result.surface.toolCount !== surface.tools.length) throw new Error('toolCount differs from the parsed tools');
  return { kind: 'result', ms };
}

/** Assert the outcome of one generated input and count it by kind (used inside fc.property so fast-check shrinks failures). */
export function check(value: unknown, counter: TokenCounter, seen: Record<string, number>): void {
  const out = run(value, counter);
  expect(out.ms, `one run took ${out.ms.toFixed(0)} ms`).toBeLessThan(RUN_LIMIT_MS);
  const key = out.kind === 'result' ? 'result' : out.code;
  seen[key] = (seen[key] ?? 0) + 1;
}
