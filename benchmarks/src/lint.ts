import type { Surface } from './contracts/tool.js';
import type { LintResult } from './contracts/lint-result.js';
import type { Sha256Hex } from './surface/hash.js';
import type { LintCache } from './lint-cache.js';
import { loadTokenCounter, type TokenCounter } from './text/tokens.js';
import { ruleSets, type RuleSetId, LATEST_RULES } from './rules/registry.js';

/** Options of {@link lintSurface}. */
export interface LintOptions {
  /** The platform's native sha256 (e.g. node:crypto in an adapter); the pure-JS one otherwise. Same results. */
  sha256Hex?: Sha256Hex;
  /** A memo kept across lints: tools seen before (same canonical hash) are not analysed again. Same results. */
  cache?: LintCache;
  /** An o200k counter to use instead of loading gpt-tokenizer's (e.g. `tableTokenCounter` in a CLI). Same counts. */
  tokens?: TokenCounter;
}

/** Lint a parsed surface under one rules version (default: the latest). Loads the tokenizer once, lazily, unless given one. */
export async function lintSurface(surface: Surface, rulesId: RuleSetId = LATEST_RULES, options: LintOptions = {}): Promise<LintResult> {
  const counter = options.tokens ?? (await loadTokenCounter());
  return ruleSets[rulesId].lint(surface, {
    countTokens: counter,
    ...(options.sha256Hex ? { sha256Hex: options.sha256Hex } : {}),
    ...(options.cache ? { cache: options.cache } : {}),
  });
}
