// The facts of rules v1 as the API, the database and the site read them: bands and category points from
// v1's code, the finding codes and category texts documented here. Not a hash input (docs/ is left out by
// scripts/rules-hash.ts): explaining v1 better never moves its published hash.
import { CATEGORIES_V1 } from '../index.js';
import { T } from '../thresholds.js';
import { categoryDocs, type RuleSetFacts } from '../../rule-set-facts.js';
import { FINDINGS_V1 } from './findings.js';

/** What earns full marks in each of v1's six categories (EN/JA); the points are the code's. */
const CATEGORY_TEXT_V1 = {
  purpose: { title: { en: 'Purpose', ja: '目的' }, fullMarks: { en: 'A description exists, says what the tool does (starting with a verb scores higher), is long enough and does not restate the name.', ja: '説明文があり、ツールが何をするかを書いている（動詞で始めると良い）。十分な長さがあり、名前の言い換えではない。' } },
  usage: { title: { en: 'Usage', ja: '使いどころ' }, fullMarks: { en: 'The description says when to use the tool, when not to, and what to use instead.', ja: 'いつ使うか、いつ使わないか、代わりに何を使うかを説明文に書いている。' } },
  parameters: { title: { en: 'Parameters', ja: '引数' }, fullMarks: { en: 'Every parameter is described; string parameters have a constraint or example; the schema has required and additionalProperties: false.', ja: 'すべての引数に説明がある。文字列の引数に制約か例がある。required があり、additionalProperties が false。' } },
  returns: { title: { en: 'Returns', ja: '戻り値' }, fullMarks: { en: 'An outputSchema exists, or the description says what comes back.', ja: 'outputSchema があるか、何を返すかを説明文に書いている。' } },
  constraints: { title: { en: 'Constraints and side effects', ja: '制約と副作用' }, fullMarks: { en: 'Annotations (readOnlyHint / destructiveHint / idempotentHint) are present and the description mentions limits, side effects, permissions, cost or rate limits.', ja: 'annotations（readOnlyHint、destructiveHint、idempotentHint）があり、上限・副作用・権限・費用・回数制限に触れている。' } },
  examples: { title: { en: 'Examples', ja: '例' }, fullMarks: { en: 'An example appears in the description or in the parameters.', ja: '説明文か引数に例がある。' } },
};

/** Rules v1's own facts. Its security codes are the documented ones (v1 counts them; they never change a score). */
export const FACTS_V1: RuleSetFacts = {
  bands: { sunny: T.bandSunny, cloudy: T.bandCloudy },
  categories: categoryDocs(CATEGORIES_V1, CATEGORY_TEXT_V1),
  findings: FINDINGS_V1,
  securityCodes: new Set(FINDINGS_V1.filter((f) => f.security).map((f) => f.code)),
};
