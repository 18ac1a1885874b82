import { isRuleSetId, ruleSets, type RuleSetId } from '@toolmark/benchmarks';
import { ApiError } from './errors.js';

/**
 * The rules version a request names, or the one answer every route gives for an unknown id: 404
 * `unknown_rules` with the parameter (`key`) and the ids this build knows. Checked before any query.
 */
export function rulesOr404(id: string, key: 'rules' | 'id' = 'rules'): RuleSetId {
  if (isRuleSetId(id)) return id;
  const known = Object.keys(ruleSets);
  throw new ApiError(404, 'unknown_rules', `no rules version ${id}; this build knows ${known.join(', ')} (GET /v1/rules)`, { key, rules: id, known });
}
