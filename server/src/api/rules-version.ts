import { LATEST_ALIAS, resolveRuleSetId, ruleSets, type RuleSetId } from '@toolmark/benchmarks';
import { ApiError } from './errors.js';

/**
 * The rules version a request names (an id, or `latest` for the latest published one), or the one answer
 * every route gives for an unknown id: 404
 * `unknown_rules` with the parameter (`key`) and the ids this build knows. Checked before any query.
 */
export function rulesOr404(id: string, key: 'rules' | 'id' = 'rules'): RuleSetId {
  const resolved = resolveRuleSetId(id);
  if (resolved !== undefined) return resolved;
  const known = Object.keys(ruleSets);
  throw new ApiError(404, 'unknown_rules', `no rules version ${id}; this build knows ${known.join(', ')} and ${LATEST_ALIAS} (GET /v1/rules)`, { key, rules: id, known });
}
