// The finding codes of rules v3 as people read them. Codes v3 shares with v2 keep v2's documentation
// (rules/v2/docs), with the trigger rewritten where v3 decides differently; `no_specific_text` is v3's own.
// Not a hash input (docs/ is left out by rules-hash.ts).
import type { FindingDoc } from '../../../contracts/api/rules.js';
import { findingDoc, withMessages } from '../../rule-set-facts.js';
import { msg } from '../../v1/docs/messages.js';
import { FINDINGS_V2 } from '../../v2/docs/findings.js';
import { FINDING_CODES_V3 } from '../index.js';
import { T3 } from '../thresholds.js';

const NEW: FindingDoc[] = withMessages(
  [
    findingDoc('no_specific_text', 'tool', ['required', 'minor'], ['Text that says nothing about the tool', 'ツールについて何も言っていない文'],
      [
        `Clauses of the description that earn no points: the same wording as at least ${T3.nearDuplicateShare * 100} % of the server's tools once numbers, tool and parameter names, synonyms and nonsense words are masked (near-duplicate); cue words or nonsense with nothing about the tool (content-free); or only the tool's own name (name-only). Required when no clause is about the tool.`,
        `点にならない文です。数字・ツール名・引数名・同義語・無意味な語を伏せると、サーバーのツールの ${T3.nearDuplicateShare * 100} % 以上と同じ文面になるもの（near-duplicate）、ツールについての語がなく合図の言葉や無意味な語だけのもの（content-free）、ツール自身の名前しか含まないもの（name-only）。ツールについての文が一つもなければ required です。`,
      ],
      [
        'Say what is specific to this tool: the objects it acts on, its parameters, the conditions to call it in, and what comes back.',
        'このツールに固有のこと（対象、引数、呼ぶべき条件、返るもの）を書きます。',
      ],
      '2 clauses say nothing about this tool: "Call it whenever it is needed (tool 3)" (content-free); …',
      '{"name": "list_pods", "description": "Lists pods. Call it whenever it is needed (tool 3). It gives back the result (tool 3)."}',
      '{"name": "list_pods", "description": "Lists the pods of a namespace with their phase and restart count. Reach for it before get_pod_logs, to find the failing pod."}'),
  ],
  {
    no_specific_text: [
      msg('no_specific_text', 'nothing in the description is about this tool: "{excerpts[0]}"', '説明文にこのツールについての文がありません:「{excerpts[0]}」', { id: 'all', when: ['all'] }),
      msg('no_specific_text', '{clauses} clauses say nothing about this tool: "{excerpts[0]}"', '{clauses} 個の文がこのツールについて何も言っていません:「{excerpts[0]}」'),
    ],
  },
);

/** v3's changes to the trigger of a code it shares with v2 (EN/JA). */
const TRIGGERS: Record<string, [string, string]> = {
  destructive_hint_false: [
    `A destructive-looking tool is declared destructiveHint: false. In v3 the hint earns no points and costs ${T3.dishonestHintPenalty} points of the tool's score.`,
    `破壊的に見えるツールが destructiveHint: false と宣言しています。v3 ではこの注釈は点にならず、ツールの点から ${T3.dishonestHintPenalty} 点を引きます。`,
  ],
  readonly_hint_on_write: [
    `A write-like name is marked readOnlyHint: true. In v3 the hint earns no points and costs ${T3.dishonestHintPenalty} points of the tool's score.`,
    `書き込みに見える名前なのに readOnlyHint: true です。v3 ではこの注釈は点にならず、ツールの点から ${T3.dishonestHintPenalty} 点を引きます。`,
  ],
  param_no_description: [
    "Parameters a model cannot fill from their name (v3 adds process ids, SQL, paging, sorting, time-outs), enum, nested schema (a wrapper of evident fields, an empty object) or the tool's description (it names the parameter and says what it takes), with no description of their own, or with the tool's description pasted in. The message says what a model cannot know about each.",
    '名前（v3 ではプロセス ID、SQL、ページング、並べ替え、タイムアウトも）、列挙値、入れ子のスキーマ（自明なフィールドだけのラッパー、空のオブジェクト）、ツールの説明文（引数名と受け取る値を書いている）のどれからも埋められず、自身の説明もない引数、またはツールの説明文をそのまま貼った引数です。メッセージは各引数についてモデルが知り得ないことを示します。',
  ],
  no_return_info: [
    'Nothing about the tool says what comes back: no clause about it says so, and no outputSchema property says what it holds (an empty {"type":"object"} says nothing).',
    'ツールについての文が戻り値に触れておらず、outputSchema にも中身を示すプロパティがありません（空の {"type":"object"} は何も示しません）。',
  ],
  no_usage_context: [
    'Nothing about the tool says when to use it or not, and it names no tool of the server that overlaps it (a bare "instead" or an unrelated tool is no guidance).',
    'いつ使うか・使わないかがツールについての文に書かれておらず、重なりのある別のツールも挙げていません（「代わりに」だけや無関係なツール名は手がかりになりません）。',
  ],
};

/** Every finding code of rules v3, in report order. */
export const FINDINGS_V3: FindingDoc[] = FINDING_CODES_V3.map((code) => {
  const doc = NEW.find((f) => f.code === code) ?? FINDINGS_V2.find((f) => f.code === code);
  if (doc === undefined) throw new Error(`v3 finding ${code} has no documentation`);
  const trigger = TRIGGERS[code];
  return trigger === undefined ? doc : { ...doc, trigger: { en: trigger[0], ja: trigger[1] } };
});
