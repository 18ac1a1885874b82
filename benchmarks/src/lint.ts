import type { Surface } from './contracts/tool.js';
import type { LintResult } from './contracts/lint-result.js';
import { surfaceHashesAsync } from './surface/hash.js';
import { loadTokenCounter } from './text/tokens.js';
import { ruleSets, type RuleSetId, LATEST_RULES } from './rules/registry.js';

/** Lint a parsed surface under one rules version (default: the latest). Loads the tokenizer once, lazily. */
export async function lintSurface(surface: Surface, rulesId: RuleSetId = LATEST_RULES): Promise<LintResult> {
  const [counter, hashes] = await Promise.all([loadTokenCounter(), surfaceHashesAsync(surface)]);
  return ruleSets[rulesId].lint(surface, { countTokens: counter, hashes });
}
