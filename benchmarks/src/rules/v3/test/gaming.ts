// The score-buying transformations of issue 25 ("Gaming invariance suite"), each a function of a surface and
// the choices fast-check draws. Each is written as a gamer would apply it to every tool of a real server.
import fc from 'fast-check';
import type { Surface, Tool } from '../../../contracts/tool.js';
import { identifierTokens } from '../../../text/words.js';
import { isEnglishWord } from '../english-words.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const append = (t: Tool, text: string): string => (t.description === undefined || t.description.trim() === '' ? text : `${t.description.trim()} ${text}`);

/** Content-free sentences made unique per tool: a number, the tool's name or a synonym swapped in. */
const BOILERPLATE: ((v: { i: number; name: string; syn: number }) => string)[] = [
  ({ i, syn }) => `${['Call', 'Invoke', 'Use', 'Trigger'][syn % 4]} it whenever it is ${['needed', 'required', 'wanted'][syn % 3]} (tool ${i}).`,
  ({ i, syn }) => `It ${['gives back', 'returns', 'hands back', 'provides'][syn % 4]} the ${['result', 'output', 'response', 'data'][(syn >> 2) % 4]} (tool ${i}).`,
  ({ name, syn }) => `Use ${name} when it is ${['needed', 'appropriate', 'relevant'][syn % 3]}; do not use it otherwise.`,
  ({ i }) => `Limits may apply (${i}). Example: example ${i}.`,
  ({ name, syn }) => `This ${['tool', 'function', 'endpoint'][syn % 3]} is ${['useful', 'helpful', 'handy'][(syn >> 1) % 3]} for the ${identifierTokens(name).join(' ')} ${['task', 'operation', 'action'][syn % 3]}.`,
];

/** Per-tool varied boilerplate: two to four of the sentences above, each with its own synonyms. */
export const variedBoilerplate = fc.record({ picks: fc.array(fc.integer({ min: 0, max: BOILERPLATE.length - 1 }), { minLength: 2, maxLength: 4 }), seed: fc.nat(1000) });
export function applyBoilerplate(s: Surface, v: { picks: number[]; seed: number }): Surface {
  return { tools: s.tools.map((t, i) => ({ ...t, description: append(t, v.picks.map((p, k) => BOILERPLATE[p]!({ i: i + 1, name: t.name, syn: v.seed + i * 7 + k })).join(' ')) })) };
}

const SYLLABLES = ['vor', 'snar', 'quib', 'blim', 'zak', 'plon', 'fex', 'grum', 'tob', 'wix', 'drel', 'moop', 'jank', 'trov', 'flib', 'skree'];
/** A nonsense word: two or three syllables that are not an English word. */
export const nonsenseWord = fc
  .array(fc.constantFrom(...SYLLABLES), { minLength: 2, maxLength: 3 })
  .map((parts) => parts.join('') + 'p')
  .filter((w) => !isEnglishWord(w));
/** The nonsense template, new nonsense words for every tool. */
export const nonsenseTemplate = fc.array(fc.tuple(nonsenseWord, nonsenseWord, nonsenseWord, nonsenseWord), { minLength: 1, maxLength: 200 });
export function applyNonsense(s: Surface, words: [string, string, string, string][]): Surface {
  return {
    tools: s.tools.map((t, i) => {
      const [a, b, c, d] = words[i % words.length]!;
      return { ...t, description: append(t, `Use this when you need to ${a} the ${b}; do not use it for the ${c}. It returns the ${d}. Example: ${a} ${d}.`) };
    }),
  };
}

/** An empty output schema on every tool. */
export function applyEmptyOutputSchemas(s: Surface): Surface {
  return { tools: s.tools.map((t) => ({ ...t, outputSchema: { type: 'object' } })) };
}

/** Placeholder examples on every string parameter: the type name, "example", "foo", a slot, the parameter's own name. */
export const placeholderKind = fc.integer({ min: 0, max: 4 });
export function applyPlaceholderExamples(s: Surface, kind: number): Surface {
  const value = (name: string): string => ['string', 'example', 'foo', '<value>', name][kind]!;
  return {
    tools: s.tools.map((t) => {
      if (!isObject(t.inputSchema) || !isObject(t.inputSchema.properties)) return t;
      const props: Json = {};
      for (const [k, p] of Object.entries(t.inputSchema.properties)) props[k] = isObject(p) && (p.type === 'string' || p.type === undefined) ? { ...p, examples: [value(k)] } : p;
      return { ...t, inputSchema: { ...t.inputSchema, properties: props } };
    }),
  };
}

const descWords = (t: Tool): Set<string> => new Set((t.description ?? '').toLowerCase().match(/[a-z]{4,}/g) ?? []);
const dice = (a: Set<string>, b: Set<string>): number => {
  let common = 0;
  for (const w of a) if (b.has(w)) common++;
  return a.size + b.size === 0 ? 0 : (2 * common) / (a.size + b.size);
};

/**
 * An unrelated sibling: it shares no name word with the tool (besides words on half the names and a leading
 * verb) and its description shares few words with the tool's (Sørensen–Dice of words of 4+ letters < 0.15);
 * `offset` picks one among them. Undefined when the tool has none.
 */
export function unrelatedSibling(s: Surface, t: Tool, offset: number): string | undefined {
  const count = new Map<string, number>();
  for (const x of s.tools) for (const w of new Set(identifierTokens(x.name))) count.set(w, (count.get(w) ?? 0) + 1);
  const words = (name: string) => new Set(identifierTokens(name).filter((w, i) => i > 0 && (count.get(w) ?? 0) < s.tools.length / 2));
  const own = words(t.name);
  const mine = descWords(t);
  const others = s.tools.filter((x) => x.name !== t.name && ![...words(x.name)].some((w) => own.has(w)) && dice(mine, descWords(x)) < 0.15);
  return others.length === 0 ? undefined : others[offset % others.length]!.name;
}

/** "Use X instead." naming an unrelated sibling, on every tool that has one. */
export function applyUnrelatedAlternatives(s: Surface, offset: number): Surface {
  return {
    tools: s.tools.map((t) => {
      const x = unrelatedSibling(s, t, offset);
      return x === undefined ? t : { ...t, description: append(t, `Use ${x} instead.`) };
    }),
  };
}

const DESTRUCTIVE = /(?:^|[_-])(?:delete|remove|drop|destroy|purge|erase|clear|kill|terminate|reset)(?:[_-]|$)/i;
const WRITING = /(?:^|[_-])(?:create|update|write|add|set|edit|move|push|post|patch|insert|upload|send|merge|fork)(?:[_-]|$)/i;
/** Hints that lie: destructive tools marked destructiveHint false, writing tools marked readOnlyHint true. */
export function applyFalseAnnotations(s: Surface): Surface {
  return {
    tools: s.tools.map((t) => {
      const a = isObject(t.annotations) ? t.annotations : {};
      if (DESTRUCTIVE.test(t.name)) return { ...t, annotations: { ...a, destructiveHint: false } };
      if (WRITING.test(t.name)) return { ...t, annotations: { ...a, readOnlyHint: true } };
      return t;
    }),
  };
}

/** The surface has a tool the false annotations change. */
export const hasLiableTools = (s: Surface): boolean => s.tools.some((t) => DESTRUCTIVE.test(t.name) || WRITING.test(t.name));
