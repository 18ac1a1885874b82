import type { Surface } from './contracts/tool.js';
import type { LintResult } from './contracts/lint-result.js';
import type { Sha256Hex } from './surface/hash.js';
import type { LintCache } from './lint-cache.js';
import { loadTokenCounter } from './text/tokens.js';
import { ruleSets, type RuleSetId, LATEST_RULES } from './rules/registry.js';

/** Options of {@link lintSurface}. */
export interface LintOptions {
  /** The platform's native sha256 (e.g. node:crypto in an adapter); the pure-JS one otherwise. Same results. */
  sha256Hex?: Sha256Hex;
  /** A memo kept across lints: tools seen before (same canonical hash) are not analysed again. Same results. */
  cache?: LintCache;
}

/** Lint a parsed surface under one rules version (default: the latest). Loads the tokenizer once, lazily. */
export async function lintSurface(surface: Surface, rulesId: RuleSetId = LATEST_RULES, options: LintOptions = {}): Promise<LintResult> {
  const counter = await loadTokenCounter();
  return ruleSets[rulesId].lint(surface, {
    countTokens: counter,
    ...(options.sha256Hex ? { sha256Hex: options.sha256Hex } : {}),
    ...(options.cache ? { cache: options.cache } : {}),
  });
}
