// The facts of rules v2 as the API, the database and the site read them: bands, category points and
// security codes from v2's code, the texts documented here. Not a hash input (docs/ is left out by
// scripts/rules-hash.ts): explaining v2 never moves its hash.
import { categoryDocs, type RuleSetFacts } from '../../rule-set-facts.js';
import { CATEGORIES_V2, SECURITY_CODES_V2, SECURITY_RISK } from '../index.js';
import { T } from '../thresholds.js';
import { FINDINGS_V2 } from './findings.js';

/** What earns full marks in each of v2's six categories (EN/JA); the points are the code's. */
const CATEGORY_TEXT_V2 = {
  purpose: {
    title: { en: 'Purpose', ja: '目的' },
    fullMarks: {
      en: "The tool's own text (what most tools share does not count) says what the tool does, starting with its verb (a label, an opener or an adverb may come first), is long enough and does not restate the name.",
      ja: 'ツール自身の説明（多くのツールに共通する文を除く）が、ツールが何をするかを動詞から書いている（ラベルや前置き、副詞が先にあってもよい）。十分な長さがあり、名前の言い換えではない。',
    },
  },
  usage: {
    title: { en: 'Usage', ja: '使いどころ' },
    fullMarks: {
      en: 'The description says when to use the tool, when not to, and what to use instead ("Use X instead for …", "Prefer X when …", DEPRECATED notes count; a sentence with a security finding earns nothing).',
      ja: 'いつ使うか、いつ使わないか、代わりに何を使うかを説明文に書いている（「〜には代わりに X を使う」「〜のときは X」や DEPRECATED の注記も数える。セキュリティの指摘がある文は数えない）。',
    },
  },
  parameters: {
    title: { en: 'Parameters', ja: '引数' },
    fullMarks: {
      en: 'Every parameter is described (through $ref and allOf/anyOf/oneOf too); string parameters have a constraint or example; parameters that look required are listed in required; additionalProperties: false. A malformed schema scores 0.',
      ja: 'すべての引数に説明がある（$ref や allOf／anyOf／oneOf の中も読む）。文字列の引数に制約か例がある。必須に見える引数が required にある。additionalProperties が false。壊れたスキーマは 0 点。',
    },
  },
  returns: {
    title: { en: 'Returns', ja: '戻り値' },
    fullMarks: { en: 'An outputSchema exists, or the description says what comes back.', ja: 'outputSchema があるか、何を返すかを説明文に書いている。' },
  },
  constraints: {
    title: { en: 'Constraints and side effects', ja: '制約と副作用' },
    fullMarks: {
      en: 'Boolean annotations (readOnlyHint / destructiveHint / idempotentHint; a string hint counts as absent) are present and the description mentions limits, side effects, permissions, cost or rate limits.',
      ja: '真偽値の annotations（readOnlyHint、destructiveHint、idempotentHint。文字列はないものとみなす）があり、上限・副作用・権限・費用・回数制限に触れている。',
    },
  },
  examples: {
    title: { en: 'Examples', ja: '例' },
    fullMarks: { en: 'An example appears in the description or in the parameters.', ja: '説明文か引数に例がある。' },
  },
};

/** Rules v2's own facts. The server-wide security_risk is a security code too (it is counted and never hidden). */
export const FACTS_V2: RuleSetFacts = {
  bands: { sunny: T.bandSunny, cloudy: T.bandCloudy },
  categories: categoryDocs(CATEGORIES_V2, CATEGORY_TEXT_V2),
  findings: FINDINGS_V2,
  securityCodes: new Set([...SECURITY_CODES_V2, SECURITY_RISK]),
};
