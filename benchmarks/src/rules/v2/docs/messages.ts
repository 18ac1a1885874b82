// The messages of rules v2's findings as templates in English and Japanese, rendered from each finding's
// `data` (report/finding-message.ts explains the placeholders). Codes whose findings carry the same facts
// as in v1 keep v1's templates; the others are v2's own. A test renders every code from real lint output
// in both languages (rules/messages.test.ts).
import type { MessageTemplate } from '../../../contracts/api/rules.js';
import { MESSAGES_V1, msg } from '../../v1/docs/messages.js';
import { SECURITY_CODES_V2 } from '../index.js';

const SIMILARITY = { en: ' (similarity {similarity|fixed2})', ja: '（類似度 {similarity|fixed2}）' };
/** A confusable pair's message by its kind (`data.kind`), with the similarity after it. */
const pair = (variant: string, when: string[], en: string, ja: string) => msg('confusable_pair', en + SIMILARITY.en, ja + SIMILARITY.ja, { id: variant, when });

/** A security finding caps its tool's score and says so (`data.score`): each template once with that said, once without. */
const CAPPED = { en: ' — the tool’s score is capped ({score.points} points → {score.score})', ja: '（このツールの点は {score.points} 点から {score.score} 点に下げています）' };
const capped = (templates: MessageTemplate[]): MessageTemplate[] => [
  ...templates.map((t) => ({ ...t, id: `${t.id}.capped`, when: [...(t.when ?? []), 'score'], en: t.en + CAPPED.en, ja: t.ja + CAPPED.ja })),
  ...templates,
];

/** Every finding code of rules v2 with its templates, before the security codes get their capped forms. */
const TEMPLATES_V2: Record<string, MessageTemplate[]> = {
  ...MESSAGES_V1,
  no_description: [
    msg('no_description', 'no description of its own: only text that most tools of this server share', '固有の説明文がありません。このサーバーのほとんどのツールが共有する文だけです', { id: 'shared_only', when: ['sharedOnly'] }),
    ...MESSAGES_V1.no_description!,
  ],
  hidden_instructions: [
    msg('hidden_instructions', 'text addressed to the model, not describing the tool: {patterns} ("{hits[0].excerpt}" in {hits[0].path})', 'ツールの説明ではなく、モデルに向けた文があります: {patterns}（{hits[0].path} の「{hits[0].excerpt}」）'),
  ],
  invisible_characters: [
    msg('invisible_characters', 'invisible or direction-changing characters ({characters}) in {paths}', '見えない文字、または文字の向きを変える文字（{characters}）が {paths} にあります'),
  ],
  malformed_input_schema: [msg('malformed_input_schema', 'input schema is malformed: {problems[].problem}', '入力スキーマの形が不正です（{problems[].field}）: {problems[].problem}')],
  no_usage_context: [
    msg('no_usage_context', 'nothing says when to use this tool rather than {namesakes}, whose names are close to its own', '名前の近い {namesakes} ではなく、このツールを使う場面が書かれていません', { id: 'namesakes', when: ['namesakes'] }),
    ...MESSAGES_V1.no_usage_context!,
  ],
  destructive_hint_on_read: [msg('destructive_hint_on_read', 'name says "{verb}" (reads) but destructiveHint is true', '名前は「{verb}」（読み取り）なのに destructiveHint が true です')],
  annotation_not_boolean: [msg('annotation_not_boolean', 'behaviour hints that are not booleans (counted as absent): {hints[].key}', '真偽値でない動作ヒントがあります（ないものとして数えます）: {hints[].key}')],
  tool_shadowing: [msg('tool_shadowing', 'steers how other tools are used ("{excerpt}" in {path})', 'ほかのツールの使い方を指示しています（{path} の「{excerpt}」）')],
  no_required: [msg('no_required', 'no "required" list (or an empty one), but {parameters} look required', '"required" がない（または空な）のに、{parameters} は必須に見えます')],
  security_risk: [
    msg('security_risk', '{tools|count} tools carry security findings ({codes}): {tools|first5}; the server score is capped at {cap} (mean {mean})', 'セキュリティの指摘があるツールが {tools|count} 個あります（{codes}）: {tools|first5}。サーバーの点数は {cap} 点が上限です（平均 {mean}）'),
  ],
  confusable_pair: [
    pair('alias', ['kind=alias'], '{deprecated} is a deprecated alias of the other of {tools}: a model may still call it', '{deprecated} は {tools} のもう一方の非推奨の別名です。モデルがまだ呼ぶおそれがあります'),
    pair('synonym_words', ['kind=synonym', 'differs[][]'], '{tools[0]} and {tools[1]} are easy to confuse: their names say the same ("{differs[0]|words}" ≈ "{differs[1]|words}")', '{tools[0]} と {tools[1]} は取り違えやすい組です。名前が同じことを言っています（「{differs[0]|words}」≈「{differs[1]|words}」）'),
    pair('synonym', ['kind=synonym'], '{tools[0]} and {tools[1]} are easy to confuse: their names are the same words', '{tools[0]} と {tools[1]} は取り違えやすい組です。名前が同じ語でできています'),
    pair('variant', ['kind=variant'], '{tools[0]} and {tools[1]} are easy to confuse: {adds.tool} only adds "{adds.words|words}", which the other one’s description already says', '{tools[0]} と {tools[1]} は取り違えやすい組です。{adds.tool} は「{adds.words|words}」を足しただけで、それはもう一方の説明文に書かれています'),
    pair('narrower', ['kind=narrower'], '{tools[0]} and {tools[1]} are easy to confuse: {adds.tool} narrows what the other one does ("{adds.words|words}"), and the other fits its requests too', '{tools[0]} と {tools[1]} は取り違えやすい組です。{adds.tool} はもう一方の対象を絞ったもの（「{adds.words|words}」）で、もう一方もその依頼に合います'),
    pair('description', ['kind=description'], '{tools[0]} and {tools[1]} are easy to confuse: their descriptions say the same thing', '{tools[0]} と {tools[1]} は取り違えやすい組です。説明文が同じことを言っています'),
    ...MESSAGES_V1.confusable_pair!,
  ],
  confusable_pair_total: [
    msg('confusable_pair_total', '{total} confusable pairs in all, {aliases} of them deprecated aliases (top {shown} shown)', '取り違えやすい組が全部で {total} 組あり、うち {aliases} 組は非推奨の別名です（上位 {shown} 組を表示）', { id: 'aliases', when: ['aliases'] }),
    ...MESSAGES_V1.confusable_pair_total!,
  ],
};

/** Every finding code of rules v2 with its templates. */
export const MESSAGES_V2: Record<string, MessageTemplate[]> = Object.fromEntries(
  Object.entries(TEMPLATES_V2).map(([code, templates]) => [code, SECURITY_CODES_V2.has(code) ? capped(templates) : templates]),
);
