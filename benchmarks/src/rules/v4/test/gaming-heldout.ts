// Held-out gaming variants for rules v4 (issue 25, second round). Written and committed BEFORE the v4 fix
// for the varied-boilerplate leak, and read once after it: the rules are never tuned on these. Every
// sentence here is content-free (it says nothing a model could use to pick or call the tool) and made
// unique per tool with verbs, nouns, numbering schemes, languages and product names the calibration
// variants (test/gaming.ts, v3's test/gaming.ts) do not use.
import fc from 'fast-check';
import type { Surface, Tool } from '../../../contracts/tool.js';
import { identifierTokens } from '../../../text/words.js';

const append = (t: Tool, text: string): string => (t.description === undefined || t.description.trim() === '' ? text : `${t.description.trim()} ${text}`);

const ROMAN: [number, string][] = [[1000, 'M'], [900, 'CM'], [500, 'D'], [400, 'CD'], [100, 'C'], [90, 'XC'], [50, 'L'], [40, 'XL'], [10, 'X'], [9, 'IX'], [5, 'V'], [4, 'IV'], [1, 'I']];
const roman = (n: number): string => {
  let out = '';
  for (const [v, r] of ROMAN) {
    while (n >= v) {
      out += r;
      n -= v;
    }
  }
  return out;
};
const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'eleventh', 'twelfth'];
const pick = <T>(xs: T[], s: number): T => xs[((s % xs.length) + xs.length) % xs.length]!;

interface Slot {
  /** 1-based position of the tool on its surface. */
  i: number;
  n: number;
  name: string;
  s: number;
}

/** Numbering schemes the calibration variants do not use. */
const NUMBERING: ((v: Slot) => string)[] = [
  ({ i }) => `[${roman(i)}]`,
  ({ i }) => `(no. ${i})`,
  ({ i, n }) => `(${i}/${n})`,
  ({ i }) => `#${String(i).padStart(3, '0')}`,
  ({ i }) => `(${pick(ORDINALS, i - 1)} of its kind)`,
  ({ i }) => `[TM-${(i * 7919).toString(16)}]`,
  ({ i }) => `(v${i}.${i % 3}.0)`,
];
const num = (v: Slot): string => pick(NUMBERING, v.s >> 3)(v);
const spaced = (name: string): string => identifierTokens(name).join(' ');

/** Content-free sentences: new verbs and nouns, other languages' filler, product-name filler. */
const HELD_OUT: ((v: Slot) => string)[] = [
  // New verbs and nouns for "use it when needed" / "it returns the result".
  (v) => `${pick(['Employ', 'Utilise', 'Make use of', 'Fire off', 'Execute', 'Launch'], v.s)} this ${pick(['utility', 'helper', 'capability', 'routine', 'feature', 'facility'], v.s >> 1)} as ${pick(['necessary', 'desired', 'you see fit', 'the need arises', 'warranted'], v.s >> 2)} ${num(v)}.`,
  (v) => `${pick(['Yields', 'Delivers', 'Emits', 'Reports', 'Supplies', 'Outputs'], v.s)} the ${pick(['outcome', 'payload', 'reply', 'feedback', 'findings', 'product', 'upshot', 'return value'], v.s >> 1)} of the ${pick(['call', 'invocation', 'execution', 'request', 'run'], v.s >> 2)} ${num(v)}.`,
  // Numbered steps around the tool's own name.
  (v) => `Step ${pick(ORDINALS, v.i - 1)}: ${pick(['invoke', 'call', 'run', 'trigger'], v.s)} ${v.name} and ${pick(['read', 'check', 'inspect', 'review'], v.s >> 1)} what it ${pick(['gives', 'hands', 'passes', 'sends'], v.s >> 2)} back.`,
  // Marketing filler.
  (v) => `${pick(['Fast, reliable and easy to use', 'Simple, powerful and flexible', 'Robust, efficient and intuitive', 'Lightweight, secure and seamless'], v.s)} ${num(v)}.`,
  (v) => `${pick(['Designed', 'Built', 'Crafted', 'Engineered'], v.s)} to ${pick(['streamline', 'simplify', 'enhance', 'optimise', 'empower'], v.s >> 1)} your ${pick(['workflow', 'productivity', 'experience', 'process'], v.s >> 2)} ${num(v)}.`,
  // Product-name filler.
  (v) => `Part of the ${pick(['Acme', 'Contoso', 'Globex', 'Initech', 'Umbrella'], v.s)} ${pick(['Suite', 'Platform', 'Cloud', 'Toolkit'], v.s >> 1)} ${v.i}.x; works with ${pick(['Claude Desktop', 'Cursor', 'Windsurf', 'VS Code', 'Zed'], v.s >> 2)}.`,
  (v) => `Compatible with ${pick(['ChatGPT', 'Claude', 'Gemini', 'Copilot'], v.s)} and ${pick(['Cursor', 'Cline', 'Continue', 'Goose'], v.s >> 1)} ${num(v)}.`,
  // Japanese boilerplate.
  (v) => `${pick(['必要に応じて', '必要なときに', 'いつでも'], v.s)}${v.name}を${pick(['呼び出してください', '使ってください', 'ご利用ください'], v.s >> 1)}（No.${v.i}）。${pick(['処理結果', '実行結果', '出力'], v.s >> 2)}を返します。`,
  (v) => `このツールは${pick(['便利', '簡単', '高速'], v.s)}です（${v.i}番）。`,
  // Chinese, Spanish, German, French filler.
  (v) => `${pick(['在需要时调用此工具', '需要时请使用本工具', '可随时调用'], v.s)}（工具${v.i}）。${pick(['返回结果', '返回输出', '返回响应'], v.s >> 1)}。`,
  (v) => `${pick(['Úsala cuando sea necesario', 'Utilízala cuando haga falta', 'Llámala si lo necesitas'], v.s)} (herramienta ${v.i}). ${pick(['Devuelve el resultado', 'Entrega la respuesta', 'Devuelve la salida'], v.s >> 1)}.`,
  (v) => `${pick(['Bei Bedarf aufrufen', 'Nach Bedarf verwenden', 'Jederzeit nutzbar'], v.s)} (Werkzeug ${v.i}); ${pick(['liefert das Ergebnis', 'gibt die Antwort zurück', 'liefert die Ausgabe'], v.s >> 1)}.`,
  (v) => `${pick(['Utilisez-le au besoin', 'À appeler si nécessaire', 'Appelez-le quand il le faut'], v.s)} (outil ${v.i}). ${pick(['Renvoie le résultat', 'Retourne la réponse'], v.s >> 1)}.`,
  // The tool's own name, spelled out, with a number and cue words.
  (v) => `The ${spaced(v.name)} ${pick(['capability', 'facility', 'feature'], v.s)} ${num(v)}: ${pick(['invoke', 'use', 'call'], v.s >> 1)} ${v.name} for ${spaced(v.name)}.`,
];

/** Held-out varied boilerplate: two to four of the sentences above per tool, each with its own variants. */
export const heldOutBoilerplate = fc.record({ picks: fc.array(fc.integer({ min: 0, max: HELD_OUT.length - 1 }), { minLength: 2, maxLength: 4 }), seed: fc.nat(1000) });

export function applyHeldOut(s: Surface, v: { picks: number[]; seed: number }): Surface {
  const n = s.tools.length;
  return { tools: s.tools.map((t, i) => ({ ...t, description: append(t, v.picks.map((p, k) => HELD_OUT[p]!({ i: i + 1, n, name: t.name, s: v.seed + i * 11 + k * 5 })).join(' ')) })) };
}

/** Each held-out sentence alone, on every tool (the table's per-template rows). */
export const HELD_OUT_COUNT = HELD_OUT.length;
export function applyHeldOutOne(s: Surface, template: number, seed: number): Surface {
  const n = s.tools.length;
  return { tools: s.tools.map((t, i) => ({ ...t, description: append(t, HELD_OUT[template]!({ i: i + 1, n, name: t.name, s: seed + i * 11 })) })) };
}
