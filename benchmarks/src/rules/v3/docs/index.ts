// The facts of rules v3 as the API, the database and the site read them. Not a hash input (docs/ is left out
// by scripts/rules-hash.ts): explaining v3 never moves its hash.
import { categoryDocs, type RuleSetFacts } from '../../rule-set-facts.js';
import { CATEGORIES_V3, SECURITY_CODES_V3, SECURITY_RISK } from '../index.js';
import { T3 } from '../thresholds.js';
import { FINDINGS_V3 } from './findings.js';

/** What earns full marks in each of v3's six categories (EN/JA); the points are the code's. */
export const CATEGORY_TEXT_V3 = {
  purpose: {
    title: { en: 'Purpose', ja: '目的' },
    fullMarks: {
      en: "The tool's information text — its own text without clauses most tools share (even reworded), content-free or nonsense clauses — says what the tool does, starting with its verb, is long enough and does not restate the name.",
      ja: 'ツールの情報文（多くのツールに共通する文（言い換えも含む）、中身のない文、無意味な語の文を除いたもの）が、ツールが何をするかを動詞から書き、十分な長さがあり、名前の言い換えではない。',
    },
  },
  usage: {
    title: { en: 'Usage', ja: '使いどころ' },
    fullMarks: {
      en: 'A clause about the tool says when to use it and when not to, and the description names a tool of the server that overlaps it as the alternative.',
      ja: 'ツールについての文が、いつ使うか・いつ使わないかを書き、重なりのあるサーバー内の別のツールを代わりとして挙げている。',
    },
  },
  parameters: {
    title: { en: 'Parameters', ja: '引数' },
    fullMarks: {
      en: "Every parameter is described, evident or explained in the tool's description; string parameters have a constraint or a real (non-placeholder) example; parameters that look required are listed; additionalProperties: false.",
      ja: 'すべての引数に説明があるか、自明か、ツールの説明文で説明されている。文字列の引数に制約か実際の（仮置きでない）例がある。必須に見える引数が required にある。additionalProperties が false。',
    },
  },
  returns: {
    title: { en: 'Returns', ja: '戻り値' },
    fullMarks: {
      en: 'A clause about the tool says what comes back, or every property of the outputSchema says what it holds (an empty outputSchema earns nothing).',
      ja: 'ツールについての文が何を返すかを書いているか、outputSchema のすべてのプロパティが中身を示している（空の outputSchema は点になりません）。',
    },
  },
  constraints: {
    title: { en: 'Constraints and side effects', ja: '制約と副作用' },
    fullMarks: {
      en: `Boolean annotations that do not contradict the tool (a false one costs ${T3.dishonestHintPenalty} points) and a clause about the tool on limits, side effects, permissions, cost or rate limits.`,
      ja: `ツールと矛盾しない真偽値の annotations（偽りの注釈は ${T3.dishonestHintPenalty} 点減点）と、上限・副作用・権限・費用・回数制限についてのツール固有の文。`,
    },
  },
  examples: {
    title: { en: 'Examples', ja: '例' },
    fullMarks: {
      en: 'A real example in a clause about the tool, or a parameter example that is a valid, non-placeholder value.',
      ja: 'ツールについての文に実際の例があるか、引数の例が有効で仮置きでない値である。',
    },
  },
};

/** Rules v3's own facts. */
export const FACTS_V3: RuleSetFacts = {
  bands: { sunny: T3.bandSunny, cloudy: T3.bandCloudy },
  categories: categoryDocs(CATEGORIES_V3, CATEGORY_TEXT_V3),
  findings: FINDINGS_V3,
  securityCodes: new Set([...SECURITY_CODES_V3, SECURITY_RISK]),
};
