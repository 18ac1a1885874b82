// The messages of rules v1's findings as templates in English and Japanese, rendered from each finding's
// `data` (report/finding-message.ts explains the placeholders). v1's code is frozen (hashed), so the
// templates read only what its findings carry; the English finding `message` in the JSON stays as printed.
// A test renders every code from real lint output in both languages (docs/messages.test.ts).
import type { MessageTemplate } from '../../../contracts/api/rules.js';

/** A code's template; `variant` names one of several (`code.variant`), chosen by `when`. */
export const msg = (code: string, en: string, ja: string, variant?: { id: string; when: string[] }): MessageTemplate =>
  variant ? { id: `${code}.${variant.id}`, when: variant.when, en, ja } : { id: code, en, ja };

/** Every finding code of rules v1 with its templates. */
export const MESSAGES_V1: Record<string, MessageTemplate[]> = {
  no_description: [msg('no_description', 'no description', '説明文がありません')],
  hidden_instructions: [
    msg('hidden_instructions', 'text addressed to the model, not describing the tool: {patterns} ("{hits[0].excerpt}")', 'ツールの説明ではなく、モデルに向けた文があります: {patterns}（「{hits[0].excerpt}」）'),
  ],
  invisible_characters: [
    msg('invisible_characters', 'invisible or direction-changing characters ({characters}) in {$fields}', '見えない文字、または文字の向きを変える文字（{characters}）が {$fields} にあります'),
  ],
  x_mcp_header_invalid: [
    msg('x_mcp_header_invalid', 'invalid x-mcp-header on {problems[].path} ({problems[].reason}); conforming clients drop this tool', 'x-mcp-header が不正です（{problems[].path}: {problems[].reason}）。準拠したクライアントはこのツールを捨てます'),
  ],
  restates_name: [msg('restates_name', 'description only restates the name ({words} words)', '説明文が名前の言い換えだけです（{words} 語）')],
  too_short: [msg('too_short', 'description is too short ({words} words)', '説明文が短すぎます（{words} 語。{minimum} 語以上が目安）')],
  no_usage_context: [msg('no_usage_context', 'nothing says when to use or not use this tool', 'いつ使うか、いつ使わないかが書かれていません')],
  destructive_unmarked: [msg('destructive_unmarked', 'looks destructive ("{verb}") but has no destructiveHint', '破壊的に見えます（「{verb}」）が、destructiveHint がありません')],
  destructive_hint_false: [msg('destructive_hint_false', 'looks destructive ("{verb}") but destructiveHint is false', '破壊的に見えます（「{verb}」）が、destructiveHint が false です')],
  annotation_conflict: [msg('annotation_conflict', 'readOnlyHint and destructiveHint are both true', 'readOnlyHint と destructiveHint が両方 true です')],
  readonly_hint_on_write: [msg('readonly_hint_on_write', 'name says "{verb}" but readOnlyHint is true', '名前は「{verb}」（書き込み）なのに readOnlyHint が true です')],
  tool_shadowing: [msg('tool_shadowing', 'description steers how other tools are used ("{excerpt}")', '説明文がほかのツールの使い方を指示しています（「{excerpt}」）')],
  generic_name: [msg('generic_name', 'name "{$tool}" is made only of generic words ({words})', '名前「{$tool}」は一般的な語だけでできています（{words}）')],
  bad_name_chars: [msg('bad_name_chars', 'name has characters other than letters, digits, _, - and .: {characters}', '名前に英字・数字・_・-・. 以外の文字があります: {characters}')],
  param_no_description: [msg('param_no_description', 'parameters without description ({missing} of {total}): {parameters}', '説明のない引数があります（{total} 個中 {missing} 個）: {parameters}')],
  too_long: [msg('too_long', 'description is long ({words} words): it may select better but costs more tokens', '説明文が長めです（{words} 語）。選ばれやすくなる一方、トークンを多く使います')],
  loose_string_param: [msg('loose_string_param', 'string parameters with no constraint or example: {parameters}', '制約も例もない文字列の引数: {parameters}')],
  no_required: [msg('no_required', 'no "required" list (or an empty one), so all {parameters} arguments are optional', '"required" がない（または空な）ので、{parameters} 個の引数がすべて省略可能です')],
  params_not_in_description: [
    msg('params_not_in_description', '{parameters|count} parameters and the description mentions none of them ({parameters})', '引数が {parameters|count} 個ありますが、説明文はどれにも触れていません（{parameters}）'),
  ],
  vague_boolean: [msg('vague_boolean', 'the meaning of boolean parameters is unclear: {parameters}', '真偽値の引数の意味がはっきりしません: {parameters}')],
  no_return_info: [msg('no_return_info', 'nothing says what comes back', '何が返るかが書かれていません')],
  no_constraints: [msg('no_constraints', 'no annotations and no word of limits, side effects, auth or rate limits', 'annotations がなく、上限・副作用・認証・回数制限にも触れていません')],
  long_name: [msg('long_name', 'name is too long ({length} characters; at most {maximum})', '名前が長すぎます（{length} 文字。{maximum} 文字まで）')],
  heavy_tool: [msg('heavy_tool', 'tool costs {tokens} tokens ({tokenizer}) in every request', 'このツールはリクエストのたびに {tokens} トークン（{tokenizer}）を使います')],
  identical_description: [msg('identical_description', 'these tools have exactly the same description: {tools}', 'これらのツールの説明文はまったく同じです: {tools}')],
  too_many_tools: [msg('too_many_tools', '{tools} tools: above {maximum}, models select less accurately', 'ツールが {tools} 個あります。{maximum} 個を超えると、モデルが選ぶ精度が下がります')],
  many_tools: [msg('many_tools', '{tools} tools: above {maximum}, models start to struggle to tell them apart', 'ツールが {tools} 個あります。{maximum} 個を超えると、モデルが見分けにくくなり始めます')],
  confusable_pair: [msg('confusable_pair', '{tools[0]} and {tools[1]} are easy to confuse (similarity {similarity|fixed2})', '{tools[0]} と {tools[1]} は取り違えやすい組です（類似度 {similarity|fixed2}）')],
  confusable_pair_total: [
    msg('confusable_pair_total', '1 confusable pair in all (top {shown} shown)', '取り違えやすい組が全部で 1 組あります（上位 {shown} 組を表示）', { id: 'one', when: ['total=1'] }),
    msg('confusable_pair_total', '{total} confusable pairs in all (top {shown} shown)', '取り違えやすい組が全部で {total} 組あります（上位 {shown} 組を表示）'),
  ],
  heavy_surface: [msg('heavy_surface', 'the tools cost {tokens} tokens ({tokenizer}) in every request', 'ツール全体で、リクエストのたびに {tokens} トークン（{tokenizer}）を使います')],
};
