// The facts of rules v4 as the API, the database and the site read them: v3's texts until a v4 change needs
// its own. Not a hash input (docs/ is left out by scripts/rules-hash.ts): explaining v4 never moves its hash.
import { categoryDocs, type RuleSetFacts } from '../../rule-set-facts.js';
import { CATEGORY_TEXT_V3 } from '../../v3/docs/index.js';
import { FINDINGS_V3 } from '../../v3/docs/findings.js';
import { T3 } from '../../v3/thresholds.js';
import { CATEGORIES_V4, SECURITY_CODES_V4, SECURITY_RISK } from '../index.js';

/** Rules v4's own facts. */
export const FACTS_V4: RuleSetFacts = {
  bands: { sunny: T3.bandSunny, cloudy: T3.bandCloudy },
  categories: categoryDocs(CATEGORIES_V4, CATEGORY_TEXT_V3),
  findings: FINDINGS_V3,
  securityCodes: new Set([...SECURITY_CODES_V4, SECURITY_RISK]),
};
