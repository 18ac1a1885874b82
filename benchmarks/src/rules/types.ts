import type { CategoryId, CategoryScore, Finding, LintResult, Severity } from '../contracts/lint-result.js';
import type { Surface } from '../contracts/tool.js';
import type { Sha256Hex } from '../surface/hash.js';
import type { TokenCounter } from '../text/tokens.js';
import type { LintCache } from '../lint-cache.js';

/** What a rule set needs from outside: a token counter, optionally a native sha256 (the core stays free of I/O). */
export interface LintDeps {
  countTokens: TokenCounter;
  /** Hex sha256 of a string; the pure-JS one when absent. Results are the same either way. */
  sha256Hex?: Sha256Hex;
  /** A memo kept across lints (see LintCache); results are the same with or without it. */
  cache?: LintCache;
}

/** A versioned rule set: an id, a content hash of its code and thresholds, and its lint function. */
export interface RuleSet {
  id: string;
  hash: string;
  lint(surface: Surface, deps: LintDeps): LintResult;
}

/** A scoring category: points out of `max` for one tool. */
export interface Category<T, C> {
  id: CategoryId;
  max: number;
  score(tool: T, surface: C): CategoryScore;
}

/** A per-tool finding rule: one public code (or a family of codes) per file. */
export interface ToolRule<T, C> {
  code: string;
  check(tool: T, surface: C): Finding[];
}

/** A server-wide finding rule. */
export interface ServerRule<C> {
  code: string;
  check(surface: C): Finding[];
}

/** Build a finding; `data` carries the facts behind the message so any UI can phrase it. */
export function finding(
  code: string,
  severity: Severity,
  message: string,
  opts: { tool?: string; fields?: string[]; data?: Record<string, unknown> } = {},
): Finding {
  return {
    code,
    severity,
    ...(opts.tool !== undefined ? { tool: opts.tool } : {}),
    message,
    fields: opts.fields ?? [],
    data: opts.data ?? {},
  };
}
