// Concepts of confusable-pair detection (rules v2): a word, or its class in the lexicons; compounds,
// opposites, the concepts of a name and of a description. See confusable.ts for how pairs are judged.
import { isJapaneseFunctionWord, segmentWords, stem } from '../../text/words.js';
import type { ToolFacts } from './facts.js';
import { ACTION_CLASSES, COMPOUNDS, LIGHT_VERBS, NAME_STOP, NAME_WEAK, OPPOSITES, STOPWORDS, THING_CLASSES } from './lexicons.js';

const EN_CONCEPT = new Map<string, string>();
/** The ids of the action classes. */
export const ACTIONS: ReadonlySet<string> = new Set(Object.keys(ACTION_CLASSES));
/** Japanese lexicon words and their class id, longest first. */
export const JA_CONCEPT: [string, string][] = [];
for (const classes of [ACTION_CLASSES, THING_CLASSES]) {
  for (const [id, { en, ja }] of Object.entries(classes)) {
    for (const w of en.split(' ').filter(Boolean)) EN_CONCEPT.set(w, id);
    for (const w of ja.split(' ').filter(Boolean)) JA_CONCEPT.push([w, id]);
  }
}
// Longest first: "一覧表示" (list) before "表示" (get), "スクリーンショット" before its parts.
JA_CONCEPT.sort((a, b) => b[0].length - a[0].length);

/** The concept of one English word (lower case): its class, else its stem. */
export function concept(word: string): string {
  const direct = EN_CONCEPT.get(word);
  if (direct !== undefined) return direct;
  const stemmed = stem(word);
  return EN_CONCEPT.get(stemmed) ?? stemmed;
}

/**
 * COMPOUNDS by word: first word → second word → the two-word compound, and the three-word ones by their
 * third word. Looking words up in it builds no "a b c" string per word of a description ("to", "create"
 * and "add" start compounds and are everywhere).
 */
const COMPOUND_TREE = new Map<string, Map<string, { two?: string; three: Map<string, string> }>>();
for (const [key, id] of Object.entries(COMPOUNDS)) {
  const words = key.split(' ');
  if (words.length !== 2 && words.length !== 3) continue; // compoundAt tries three words, then two
  const seconds = COMPOUND_TREE.get(words[0]!) ?? COMPOUND_TREE.set(words[0]!, new Map()).get(words[0]!)!;
  const node = seconds.get(words[1]!) ?? seconds.set(words[1]!, { three: new Map() }).get(words[1]!)!;
  if (words.length === 2) node.two = id;
  else node.three.set(words[2]!, id);
}
/**
 * The compound starting at word k (three words tried before two) and how many words it takes: the entry
 * of COMPOUNDS named by the words joined by spaces. (Words never hold a space — segmentWords and
 * identifierTokens cut at spaces — and a word that did would be looked up by its joined name, as before.)
 */
function compoundAt(words: string[], k: number): [string, number] | undefined {
  const seconds = COMPOUND_TREE.get(words[k]!);
  if (seconds === undefined || k + 1 >= words.length) return undefined;
  if (words[k + 1]!.includes(' ') || (k + 2 < words.length && words[k + 2]!.includes(' '))) {
    const three = k + 2 < words.length ? COMPOUNDS[`${words[k]} ${words[k + 1]} ${words[k + 2]}`] : undefined;
    if (three !== undefined) return [three, 3];
    const two = COMPOUNDS[`${words[k]} ${words[k + 1]}`];
    return two === undefined ? undefined : [two, 2];
  }
  const node = seconds.get(words[k + 1]!);
  if (node === undefined) return undefined;
  const three = k + 2 < words.length ? node.three.get(words[k + 2]!) : undefined;
  if (three !== undefined) return [three, 3];
  return node.two === undefined ? undefined : [node.two, 2];
}

/** The concept of each word of a name, a compound's for each of its words. */
export function wordConcepts(words: string[]): string[] {
  const out: string[] = [];
  for (let k = 0; k < words.length; k++) {
    const joined = compoundAt(words, k);
    if (joined !== undefined) {
      const id = concept(joined[0]);
      for (let n = 0; n < joined[1]; n++) out.push(id);
      k += joined[1] - 1;
    } else out.push(concept(words[k]!));
  }
  return out;
}

/** Join the names of one thing or action written in two or three words ("merge request" → mr). */
export function joinCompounds(words: string[]): string[] {
  const out: string[] = [];
  for (let k = 0; k < words.length; k++) {
    const joined = compoundAt(words, k);
    if (joined !== undefined) {
      out.push(joined[0]);
      k += joined[1] - 1;
    } else out.push(words[k]!);
  }
  return out;
}

const OPPOSITE_OF = new Map<string, string[]>();
for (const [a, b] of OPPOSITES) {
  OPPOSITE_OF.set(a, [...(OPPOSITE_OF.get(a) ?? []), b]);
  OPPOSITE_OF.set(b, [...(OPPOSITE_OF.get(b) ?? []), a]);
}

/** The words opposite to a word: listed ones, the word with un-, dis- or de-, and without them. */
export function oppositesOf(word: string): string[] {
  const out = [...(OPPOSITE_OF.get(word) ?? [])];
  if (word.length >= 3) out.push(`un${word}`, `dis${word}`, `de${word}`);
  for (const prefix of ['un', 'dis', 'de']) if (word.startsWith(prefix) && word.length - prefix.length >= 3) out.push(word.slice(prefix.length));
  return out;
}

/** Two words (or concepts) name opposite actions: a listed pair, or one is the other with un-, dis- or de-. */
export function opposite(a: string, b: string): boolean {
  return oppositesOf(a).includes(b);
}

/**
 * Concepts of a name, in order: compounds joined, joining and weak words dropped, a light verb before a
 * noun dropped. Its `head` is the last word that is not an action, before any "with"/"including" (the
 * thing the tool is about: `note` in `delete_merge_request_discussion_note`, `directory` in
 * `list_directory_with_sizes`); `before` are the words right before the head back to an action, which
 * qualify it, and `attributes` whatever follows "with".
 */
export function nameConcepts(tokens: string[]): {
  ids: string[];
  verb: string | undefined;
  /** The name word that gave the verb, as written (lower case). */
  verbWord: string | undefined;
  head: string | undefined;
  plural: boolean;
  before: string[];
  attributes: string[];
} {
  const joined = joinCompounds(tokens);
  const cut = joined.findIndex((w) => w === 'with' || w === 'including');
  const ids: string[] = [];
  let verb: string | undefined;
  let verbWord: string | undefined;
  const kept = (words: string[]) => words.filter((w) => !NAME_STOP.has(w) && !NAME_WEAK.test(w)).filter((w, k, all) => !(LIGHT_VERBS.has(w) && k < all.length - 1));
  const concepts = (words: string[]) => kept(words).map(concept);
  const mainWords = kept(cut === -1 ? joined : joined.slice(0, cut));
  const main = mainWords.map(concept);
  const attributes = cut === -1 ? [] : concepts(joined.slice(cut + 1));
  main.forEach((id, k) => {
    if (verb === undefined && ACTIONS.has(id)) {
      verb = id;
      verbWord = mainWords[k];
    }
    ids.push(id);
  });
  for (const id of attributes) {
    if (verb === undefined && ACTIONS.has(id)) verb = id;
    ids.push(id);
  }
  let h = main.length - 1;
  while (h >= 0 && ACTIONS.has(main[h]!)) h--;
  const before: string[] = [];
  for (let k = h - 1; k >= 0 && !ACTIONS.has(main[k]!); k--) before.unshift(main[k]!);
  const headWord = h >= 0 ? mainWords[h]! : '';
  return { ids, verb, verbWord, head: h >= 0 ? main[h] : undefined, plural: headWord.endsWith('s') && stem(headWord) !== headWord, before, attributes };
}

export const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff66-\uff9f]/;

/** Concepts of Japanese lexicon words found in a text (longest first), and which words they were. */
function japaneseConcepts(text: string, ids: Set<string>): Set<string> {
  const found = new Set<string>();
  if (!CJK.test(text)) return found;
  // Longest entries first; a place taken by one is not read again by a shorter one ("一覧表示" is not also "表示").
  const taken = new Uint8Array(text.length);
  for (const [w, id] of JA_CONCEPT) {
    for (let at = text.indexOf(w); at !== -1; at = text.indexOf(w, at + w.length)) {
      if (taken[at] === 1 || taken[at + w.length - 1] === 1) continue;
      taken.fill(1, at, at + w.length);
      ids.add(id);
      found.add(w);
    }
  }
  return found;
}

/**
 * Concepts of a description (its own text) and of its first sentence, and its leading verb: the first word
 * in English (after a light verb, its noun: "Takes a screenshot" is a capture), in Japanese the action
 * nearest the end of the first sentence, where the predicate is ("…をキャンセルします").
 */
export function descriptionConcepts(
  t: ToolFacts,
  concept: (w: string) => string,
  /** Word → its concept, or null for a word that is not a content word: words repeat across a surface. */
  memo: Map<string, string | null> = new Map(),
  /** Word as written → lower case, for the same reason. */
  lowerCase: Map<string, string> = new Map(),
): { ids: Set<string>; purpose: Set<string>; verb: string | undefined; opening: string[] } {
  const firstCount = t.firstSentence === t.ownDescription ? t.words.length : segmentWords(t.firstSentence).length;
  const collect = (words: string[], text: string): Set<string> => {
    const ids = new Set<string>();
    const japanese = japaneseConcepts(text, ids);
    // (Only text with a Japanese lexicon word needs the part test: most descriptions skip the map.)
    const parts = japanese.size > 0 ? new Map<string, boolean>() : undefined;
    const partOfEntry = (w: string) => parts!.get(w) ?? (parts!.set(w, [...japanese].some((j) => j.includes(w))), parts!.get(w)!);
    for (const w of joinCompounds(words)) {
      let c = memo.get(w);
      if (c === undefined) {
        c = STOPWORDS.has(w) || /^\d+$/.test(w) || isJapaneseFunctionWord(w) ? null : concept(w);
        memo.set(w, c);
      }
      if (c === null) continue;
      if (japanese.size > 0 && CJK.test(w) && partOfEntry(w)) continue; // a part of a lexicon word found above
      ids.add(c);
    }
    return ids;
  };
  // Lower case through the memo's keys too: a surface repeats its words, and each toLowerCase allocates.
  const lower = t.words.map((w) => lowerCase.get(w) ?? (lowerCase.set(w, w.toLowerCase()), lowerCase.get(w)!));
  const ids = collect(lower, t.ownDescription);
  const purpose = firstCount === lower.length ? ids : collect(lower.slice(0, firstCount), t.firstSentence);
  let verb: string | undefined;
  if (t.language === 'ja') {
    const first = t.firstSentence;
    let best = -1;
    for (const [w, id] of JA_CONCEPT) {
      if (!ACTIONS.has(id)) continue;
      const at = first.lastIndexOf(w);
      if (at !== -1 && at + w.length > best) {
        best = at + w.length;
        verb = id;
      }
    }
  } else {
    let k = 0;
    if (lower[0] !== undefined && LIGHT_VERBS.has(lower[0])) for (k = 1; k < lower.length && STOPWORDS.has(lower[k]!); k++);
    // "Create or update a file" leads with one action, an upsert.
    const lead = joinCompounds(lower.slice(k, k + 3))[0];
    const id = lead === undefined ? undefined : concept(lead);
    if (id !== undefined && ACTIONS.has(id)) verb = id;
  }
  // The first words of the description as concepts, in order (what it opens with: "Type text into …").
  const opening = joinCompounds(lower.slice(0, OPENING_WORDS))
    .filter((w) => !STOPWORDS.has(w))
    .map(concept);
  return { ids, purpose, verb, opening };
}

/** How many words of a description's opening are compared with a sibling's name. */
const OPENING_WORDS = 6;

