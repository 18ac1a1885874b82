import type { ConfusablePair } from '../../contracts/lint-result.js';
import { isJapaneseFunctionWord, segmentWords, stem } from '../../text/words.js';
import type { SurfaceFacts, ToolFacts } from './facts.js';
import { mentionedSiblings } from './signals.js';
import {
  ACTION_CLASSES,
  ALIAS,
  AMBIGUOUS_ACTIONS,
  ALIAS_OTHER_IS_OLD,
  COMPOUNDS,
  LIGHT_VERBS,
  matchesAffirmed,
  matchesLexicon,
  NAME_STOP,
  NAME_WEAK,
  OPPOSITES,
  STOPWORDS,
  THING_CLASSES,
} from './lexicons.js';
import { T } from './thresholds.js';

/**
 * Why two tools are confusable:
 * - `alias`: one says it is a deprecated alias (or a compatibility stand-in) of the other;
 * - `synonym`: their names say the same once synonyms are one word (`stop_job` / `cancel_job`);
 * - `variant`: one name adds only what the other tool's description already covers
 *   (`take_screenshot` / `capture_page`, when the screenshot is "of the current page");
 * - `narrower`: one name names a kind of the other's thing, so the other fits its requests too
 *   (`delete_merge_request_discussion_note` / `delete_merge_request_note`: a discussion note is a note);
 * - `parameters`: one tool's parameter does what the other tool is for — it names every parameter of
 *   the other (`emulate`'s `viewport`, "<width>x<height>…", and `resize_page(width, height)`);
 * - `opening`: one description opens with the other's whole name (`fill` "Type text into …" / `type_text`);
 * - `description`: their names share nothing and their descriptions say the same.
 */
export type PairKind = 'alias' | 'synonym' | 'variant' | 'narrower' | 'opening' | 'parameters' | 'description';

/** A confusable pair with what rules v2 knows about it (the result carries only the ConfusablePair fields). */
export interface PairFacts extends ConfusablePair {
  kind: PairKind;
  /** For an alias: the tool that is the deprecated one. */
  deprecated?: string;
  /** Words of each name (in the order of `tools`) that the other name does not have, lower case. */
  differs: [string[], string[]];
  /** For a variant or a narrower tool: the tool whose name adds words, and those words. */
  adds?: { tool: string; words: string[] };
}

/** Sørensen–Dice coefficient of two sorted arrays of distinct ids (linear merge). */
export function dice(a: Int32Array, b: Int32Array): number {
  if (a.length + b.length === 0) return 0;
  let i = 0;
  let j = 0;
  let common = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      common++;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return (2 * common) / (a.length + b.length);
}

const round3 = (x: number): number => Math.round(x * 1000) / 1000;

// ── Concepts: a word, or its class in the lexicon ─────────────────────────────────────────────────────

const EN_CONCEPT = new Map<string, string>();
const ACTIONS = new Set(Object.keys(ACTION_CLASSES));
const JA_CONCEPT: [string, string][] = [];
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
  return EN_CONCEPT.get(word) ?? EN_CONCEPT.get(stem(word)) ?? stem(word);
}

const COMPOUND_FIRST = new Set(Object.keys(COMPOUNDS).map((c) => c.split(' ')[0]!));
/** The compound starting at word k (three words tried before two) and how many words it takes. */
function compoundAt(words: string[], k: number): [string, number] | undefined {
  if (!COMPOUND_FIRST.has(words[k]!) || k + 1 >= words.length) return undefined;
  const three = k + 2 < words.length ? COMPOUNDS[`${words[k]} ${words[k + 1]} ${words[k + 2]}`] : undefined;
  if (three !== undefined) return [three, 3];
  const two = COMPOUNDS[`${words[k]} ${words[k + 1]}`];
  return two === undefined ? undefined : [two, 2];
}

/** The concept of each word of a name, a compound's for each of its words. */
function wordConcepts(words: string[]): string[] {
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
function oppositesOf(word: string): string[] {
  const out = [...(OPPOSITE_OF.get(word) ?? [])];
  if (word.length >= 3) out.push(`un${word}`, `dis${word}`, `de${word}`);
  for (const prefix of ['un', 'dis', 'de']) if (word.startsWith(prefix) && word.length - prefix.length >= 3) out.push(word.slice(prefix.length));
  return out;
}

/** Two words (or concepts) name opposite actions: a listed pair, or one is the other with un-, dis- or de-. */
export function opposite(a: string, b: string): boolean {
  return oppositesOf(a).includes(b);
}

/** What of a tool takes part in comparing: concepts of its name and of its own description. */
interface Profile {
  name: string;
  /** Name words as written (lower case), for the message, and the concept id of each. */
  raw: string[];
  rawIds: number[];
  /** Name concepts without the surface's boilerplate, as sorted ids. */
  nameIds: Int32Array;
  /**
   * Concepts of the own description's first sentence, boilerplate included: what the tool says it is
   * (to ask "does it say X"). Later sentences are where per-class templates go ("…choose the corresponding
   * list or search tool…"), and they would cover every word.
   */
  purpose: Set<number>;
  /** Concepts of the own description without boilerplate, as sorted ids (for Dice). */
  descIds: Int32Array;
  /** The thing the name is about, the words right before it, and those after "with" (see nameConcepts). */
  head: number | undefined;
  headPlural: boolean;
  before: number[];
  attributes: number[];
  /** The action of the name (its first action word), of the description (its leading verb). */
  nameVerb: number | undefined;
  descVerb: number | undefined;
  /** Every action the name's verb may mean (`read`: get or list, AMBIGUOUS_ACTIONS), else just nameVerb. */
  verbMeanings: number[];
  /** Name concepts in the name's order (weak and joining words dropped), and the description's first concepts. */
  nameOrder: number[];
  opening: number[];
  /**
   * One thing or many, when name and description agree: `many` — the head is plural and the first sentence
   * says it lists ("Returns list of issues"); `one` — the head is singular and the first sentence lists
   * nothing ("Returns information about a specific issue"); undefined otherwise.
   */
  count: 'one' | 'many' | undefined;
  /** Top-level parameter names (lower case), and the described ones with their description (lower case). */
  params: string[];
  paramTexts: { name: string; text: string }[];
  /** The stems of the name words and of the description's first word, and the words opposite to them ("lock" / "unlock"). */
  stems: string[];
  lead: string | undefined;
  oppositeStems: Set<string>;
  oppositeLead: Set<string>;
  /** Sibling tools named in the own description. */
  mentions: Set<string>;
  /** Siblings it says it is an alias or a deprecated stand-in of (true: it says it replaces that one). */
  aliasWith: Map<string, boolean>;
  /** It says it is deprecated (in its title or first sentence). */
  deprecated: boolean;
}

const NAME_LIKE = /[A-Za-z0-9_.-]+/g;

/** Sibling names in a text (4+ characters, a trailing "." or "-" is punctuation), as mentionedSiblings does. */
function siblingsIn(text: string, self: string, names: Set<string>): Set<string> {
  const out = new Set<string>();
  for (const raw of text.match(NAME_LIKE) ?? []) {
    const token = raw.replace(/[.-]+$/, '');
    if (token.length >= 4 && token !== self && names.has(token)) out.add(token);
  }
  return out;
}

/**
 * Concepts of a name, in order: compounds joined, joining and weak words dropped, a light verb before a
 * noun dropped. Its `head` is the last word that is not an action, before any "with"/"including" (the
 * thing the tool is about: `note` in `delete_merge_request_discussion_note`, `directory` in
 * `list_directory_with_sizes`); `before` are the words right before the head back to an action, which
 * qualify it, and `attributes` whatever follows "with".
 */
function nameConcepts(tokens: string[]): {
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

const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff66-\uff9f]/;

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
function descriptionConcepts(t: ToolFacts, concept: (w: string) => string): { ids: Set<string>; purpose: Set<string>; verb: string | undefined; opening: string[] } {
  const firstCount = t.firstSentence === t.ownDescription ? t.words.length : segmentWords(t.firstSentence).length;
  const collect = (words: string[], text: string): Set<string> => {
    const ids = new Set<string>();
    const japanese = japaneseConcepts(text, ids);
    const parts = new Map<string, boolean>();
    const partOfEntry = (w: string) => parts.get(w) ?? (parts.set(w, [...japanese].some((j) => j.includes(w))), parts.get(w)!);
    for (const w of joinCompounds(words)) {
      if (STOPWORDS.has(w) || /^\d+$/.test(w) || isJapaneseFunctionWord(w)) continue;
      if (japanese.size > 0 && CJK.test(w) && partOfEntry(w)) continue; // a part of a lexicon word found above
      ids.add(concept(w));
    }
    return ids;
  };
  const lower = t.words.map((w) => w.toLowerCase());
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

/** Interns concept strings as integer ids and drops boilerplate (on ≥ 90 % of the tools of a server with ≥ 8). */
function interned(sets: string[][], intern: (s: string) => number): { ids: Int32Array[]; all: Set<number>[] } {
  const df = new Map<number, number>();
  const all = sets.map((set) => {
    const ids = new Set(set.map(intern));
    for (const id of ids) df.set(id, (df.get(id) ?? 0) + 1);
    return ids;
  });
  const n = sets.length;
  const boilerplate = (id: number) => n >= T.boilerplateMinTools && df.get(id)! >= T.boilerplateShare * n;
  return { ids: all.map((s) => Int32Array.from([...s].filter((id) => !boilerplate(id))).sort()), all };
}

const SENTENCE = /[^.!?。！？\n]+(?:[.!?](?=\s|$)|[。！？\n]|$)/gu;

/**
 * What a tool says about being an alias: a deprecation or alias cue in its title or first sentence makes
 * it deprecated, and an alias of every sibling it names ("Deprecated compatibility entry point. Use
 * firecrawl_scrape …"); a cue elsewhere counts for the siblings named in the same sentence ("… as text.
 * DEPRECATED: use read_text_file instead."), so that "the `q` parameter is deprecated" beside "use list_x to
 * list" joins nothing.
 */
function aliasOf(t: ToolFacts, names: Set<string>, mentions: Set<string>): { aliasWith: Map<string, boolean>; deprecated: boolean } {
  const aliasWith = new Map<string, boolean>();
  const title = [t.tool.title, t.annotations.title].filter((x): x is string => typeof x === 'string').join('\n');
  if (!matchesLexicon(`${title}\n${t.ownDescription}`, ALIAS)) return { aliasWith, deprecated: false };
  const sentences = t.ownDescription.match(SENTENCE) ?? [];
  const deprecated = (title !== '' && matchesAffirmed(title, ALIAS)) || (sentences[0] !== undefined && matchesAffirmed(sentences[0], ALIAS));
  if (deprecated) for (const m of mentions) aliasWith.set(m, ALIAS_OTHER_IS_OLD.test(t.ownDescription.toLowerCase()));
  for (const sentence of sentences) {
    if (!matchesAffirmed(sentence, ALIAS)) continue;
    for (const m of siblingsIn(sentence, t.name, names)) aliasWith.set(m, ALIAS_OTHER_IS_OLD.test(sentence.toLowerCase()));
  }
  return { aliasWith, deprecated: deprecated && !ALIAS_OTHER_IS_OLD.test(`${title}\n${sentences[0] ?? ''}`.toLowerCase()) };
}

function profiles(s: SurfaceFacts): { profiles: Profile[]; actions: Set<number> } {
  const table = new Map<string, number>();
  const intern = (c: string): number => table.get(c) ?? (table.set(c, table.size), table.size - 1);
  const actions = new Set([...ACTIONS].map(intern));
  const listId = intern('list');
  // Words repeat across a surface: each word's concept is looked up once per lint.
  const memo = new Map<string, string>();
  const conceptOf = (w: string): string => memo.get(w) ?? (memo.set(w, concept(w)), memo.get(w)!);
  const names = s.tools.map((t) => nameConcepts(t.nameTokens));
  const descs = s.tools.map((t) => descriptionConcepts(t, conceptOf));
  const n = interned(
    names.map((x) => x.ids),
    intern,
  );
  const d = interned(
    descs.map((x) => [...x.ids]),
    intern,
  );
  const list = s.tools.map((t, i) => {
    const mentions = new Set(mentionedSiblings(t, s));
    const first = t.words[0]?.toLowerCase();
    const nm = names[i]!;
    const purpose = new Set([...descs[i]!.purpose].map(intern));
    const nameVerb = nm.verb === undefined ? undefined : intern(nm.verb);
    const verbWord = nm.verbWord === undefined ? undefined : AMBIGUOUS_ACTIONS[nm.verbWord];
    const lists = purpose.has(listId);
    return {
      name: t.name,
      raw: t.nameTokens,
      rawIds: wordConcepts(t.nameTokens).map(intern),
      nameIds: n.ids[i]!,
      purpose,
      descIds: d.ids[i]!,
      head: names[i]!.head === undefined ? undefined : intern(names[i]!.head!),
      headPlural: names[i]!.plural,
      before: names[i]!.before.map(intern),
      attributes: names[i]!.attributes.map(intern),
      nameVerb,
      descVerb: descs[i]!.verb === undefined ? undefined : intern(descs[i]!.verb!),
      verbMeanings: verbWord !== undefined ? verbWord.map(intern) : nameVerb === undefined ? [] : [nameVerb],
      nameOrder: nm.ids.map(intern),
      opening: descs[i]!.opening.map(intern),
      count: (nm.head === undefined ? undefined : nm.plural && lists ? 'many' : !nm.plural && !lists ? 'one' : undefined) as Profile['count'],
      params: t.params.map((q) => q.name.toLowerCase()),
      paramTexts: t.params.filter((q) => q.description !== undefined).map((q) => ({ name: q.name, text: q.description!.toLowerCase() })),
      stems: t.nameTokens.map(stem),
      lead: first === undefined ? undefined : stem(first),
      oppositeStems: new Set(t.nameTokens.flatMap((w) => oppositesOf(stem(w)))),
      oppositeLead: new Set(first === undefined ? [] : oppositesOf(stem(first))),
      mentions,
      ...aliasOf(t, s.names, mentions),
    };
  });
  return { profiles: list, actions };
}

/** How many ids two sorted arrays share. */
function common(a: Int32Array, b: Int32Array): number {
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      n++;
      i++;
      j++;
    } else if (a[i]! < b[j]!) i++;
    else j++;
  }
  return n;
}

/** Ids of `a` not in `b` (both sorted). */
function minus(a: Int32Array, b: Int32Array): number[] {
  const out: number[] = [];
  let j = 0;
  for (const x of a) {
    while (j < b.length && b[j]! < x) j++;
    if (j >= b.length || b[j] !== x) out.push(x);
  }
  return out;
}

/**
 * Their actions differ: two known actions of different classes, by name or by the descriptions' leading
 * verbs; or opposite words in the names or as the descriptions' first words ("lock" / "unlock").
 */
function actionsDiffer(a: Profile, b: Profile): boolean {
  const differ = (x: number | undefined, y: number | undefined) => x !== undefined && y !== undefined && x !== y;
  if (differ(a.nameVerb, b.nameVerb) && !sameAction(a, b)) return true;
  if (differ(a.descVerb, b.descVerb)) return true;
  if (b.lead !== undefined && a.oppositeLead.has(b.lead)) return true;
  for (const y of b.stems) if (a.oppositeStems.has(y)) return true;
  return false;
}

/**
 * Whether two tools a model would mix up, decided by what differs between them, not by what they share:
 * - names that share a concept and both add something of their own (`create_invoice` / `create_customer`,
 *   `start_recording` / `stop_recording`, `get` / `delete` against one resource) are told apart by exactly
 *   that word: not confusable, however much template text the descriptions share;
 * - names equal once synonyms are one word are confusable, unless the descriptions lead with different
 *   actions ("Retrieve a user" / "List all users");
 * - a name that only adds words is confusable when the other tool's description already covers them
 *   and no action differs;
 * - names that share nothing leave it to the descriptions: confusable when they are alike (Dice ≥ 0.6) and
 *   each name is covered by the other tool's text, with no action differing.
 */
/**
 * The specific name names a kind of the general one's thing: the same head, and the added words qualify it
 * right before it or after "with" — a "discussion note" is a note, a "protected branch" a branch, a
 * "directory with sizes" a directory listing — so a request for the narrower thing fits both tools (unless
 * the narrower name is plural and the other singular: many allowed directories are not one directory). Words
 * added further from the head change whose thing it is ("merge request note emoji reactions" are not a
 * kind of "merge request emoji reactions"), and a different head is a different thing (`get_page` /
 * `get_page_property`).
 */
function narrower(general: Profile, specific: Profile, extra: number[], actions: Set<number>): boolean {
  if (general.head === undefined || general.head !== specific.head || extra.some((id) => actions.has(id))) return false;
  // Many of a narrower thing are not a kind of one thing: list_allowed_directories is no list_directory.
  if (specific.headPlural && !general.headPlural) return false;
  const inBefore = extra.filter((id) => specific.before.includes(id));
  if (!extra.every((id) => inBefore.includes(id) || specific.attributes.includes(id))) return false;
  const tail = specific.before.slice(specific.before.length - inBefore.length);
  return inBefore.every((id) => tail.includes(id));
}

/** The names' verbs may mean the same action: one of them names several (`read`: get or list). */
function sameAction(a: Profile, b: Profile): boolean {
  return (b.nameVerb !== undefined && a.verbMeanings.includes(b.nameVerb)) || (a.nameVerb !== undefined && b.verbMeanings.includes(a.nameVerb));
}

/** One lists many things, the other is about one (`get_issues` "Returns list of issues" / `get_issue`): the number tells them apart. */
const countsDiffer = (a: Profile, b: Profile): boolean => a.count !== undefined && b.count !== undefined && a.count !== b.count;

/** `seq` starts with the whole of `prefix` (2 concepts or more). */
function startsWith(seq: number[], prefix: number[]): boolean {
  if (prefix.length < 2 || prefix.length > seq.length) return false;
  for (let k = 0; k < prefix.length; k++) if (seq[k] !== prefix[k]) return false;
  return true;
}

const slotRe = new Map<string, RegExp>();
/** `name` as a slot of a value's format: `<width>`, `{width}`, `'width'`, "`width`" (lower case). */
const asSlot = (w: string): RegExp =>
  slotRe.get(w) ?? (slotRe.set(w, new RegExp(`[<{\x60'"]${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[>}\x60'"]`)), slotRe.get(w)!);

/**
 * A parameter of `a` does what `b` is for: the format its description gives has a slot for every parameter
 * of `b` that `a` does not have itself (two or more) — `emulate`'s `viewport` "'<width>x<height>x…'" and
 * `resize_page(pageId, width, height)`. Slots only (`<width>`, `{width}`, quoted): a word in prose ("the
 * target element", "[box=x,y,width,height]") is no value of that parameter. Parameters both tools have
 * (`pageId`, owner, repo) say nothing of what either is for.
 */
function covers(a: Profile, b: Profile): { tool: string; words: string[] } | undefined {
  if (b.params.length < 2 || a.paramTexts.length === 0) return undefined;
  const own = b.params.filter((q) => !a.params.includes(q));
  if (own.length < 2) return undefined;
  const p = a.paramTexts.find((q) => own.every((name) => asSlot(name).test(q.text)));
  return p === undefined ? undefined : { tool: a.name, words: [p.name] };
}

type Verdict = { kind: Exclude<PairKind, 'alias'>; adds?: { tool: string; words: string[] } } | undefined;

/** Dice of the descriptions' concepts; 0 when one has too few to compare. */
function descSimilarity(a: Profile, b: Profile): number {
  return a.descIds.length >= T.confusableMinContentWords && b.descIds.length >= T.confusableMinContentWords ? dice(a.descIds, b.descIds) : 0;
}

/**
 * Both names add a word of their own, which tells the tools apart (`create_invoice` / `create_customer`,
 * `start_recording` / `stop_recording`) — unless the added words are one action each and one name's verb
 * also means the other's (`read_room_messages` / `list_room_messages`: to read messages is to list them).
 * (One tool calling its own thing by the other's word is no exception: "review comments" beside
 * `get_pull_request_reviews` reads exactly like "issue resolutions" beside `get_issues`.)
 */
function bothAdd(a: Profile, b: Profile, actions: Set<number>): Verdict {
  const onlyA = minus(a.nameIds, b.nameIds);
  const onlyB = minus(b.nameIds, a.nameIds);
  if (onlyA.length !== 1 || onlyB.length !== 1 || !actions.has(onlyA[0]!) || !actions.has(onlyB[0]!)) return undefined;
  return sameAction(a, b) && !actionsDiffer(a, b) ? { kind: 'synonym' } : undefined;
}

function judge(a: Profile, b: Profile, actions: Set<number>): Verdict {
  const shared = common(a.nameIds, b.nameIds);
  if (shared > 0) {
    if (countsDiffer(a, b)) return undefined;
    // Most pairs of a template surface end here, without an allocation.
    if (shared < a.nameIds.length && shared < b.nameIds.length) return a.verbMeanings.length > 1 || b.verbMeanings.length > 1 ? bothAdd(a, b, actions) : undefined;
    const onlyA = minus(a.nameIds, b.nameIds);
    const onlyB = minus(b.nameIds, a.nameIds);
    if (onlyA.length === 0 && onlyB.length === 0) return actionsDiffer(a, b) ? undefined : { kind: 'synonym' };
    const [general, specific, extra] = onlyA.length > 0 ? [b, a, onlyA] : [a, b, onlyB];
    const adds = { tool: specific.name, words: specific.raw.filter((_, k) => extra.includes(specific.rawIds[k]!)) };
    if (!extra.every((id) => general.purpose.has(id))) {
      // A narrower name is a pair only when the descriptions are alike too: a description that says what
      // sets the tool apart (read_media_file: "as a base64-encoded content block with its MIME type")
      // settles it.
      if (descSimilarity(a, b) < T.confusableNarrowerDescription) return undefined;
      return narrower(general, specific, extra, actions) && !actionsDiffer(a, b) ? { kind: 'narrower', adds } : undefined;
    }
    // An added action against the other's action ("job" that starts one, "stop_job"): they differ.
    const added = extra.find((id) => id === specific.nameVerb);
    const other = general.nameVerb ?? general.descVerb;
    if (added !== undefined && other !== undefined && added !== other) return undefined;
    if (actionsDiffer(a, b)) return undefined;
    return { kind: 'variant', adds };
  }
  // A description that opens with a sibling's whole name says it does what that name says: `fill` "Type
  // text into an input …" and `type_text`.
  if (startsWith(a.opening, b.nameOrder) || startsWith(b.opening, a.nameOrder)) {
    if (actionsDiffer(a, b)) return undefined;
    const [opener, named] = startsWith(a.opening, b.nameOrder) ? [a, b] : [b, a];
    return { kind: 'opening', adds: { tool: opener.name, words: named.raw } };
  }
  const cover = covers(a, b) ?? covers(b, a);
  if (cover !== undefined) return actionsDiffer(a, b) ? undefined : { kind: 'parameters', adds: cover };
  if (descSimilarity(a, b) < T.confusableDescription) return undefined;
  // Each name must be said by the other tool too: a name with a word the other never says is told apart by it.
  const uncovered = (x: Profile, y: Profile) => {
    for (const id of x.nameIds) if (!y.purpose.has(id) && !y.nameIds.includes(id)) return true;
    return false;
  };
  if (uncovered(a, b) || uncovered(b, a)) return undefined;
  return actionsDiffer(a, b) ? undefined : { kind: 'description' };
}

/**
 * Every confusable pair of the surface: deprecated aliases first, then most similar first, ties by name.
 * Compared are the tools' own text (shared text left out, see shared-text.ts) and concepts (synonyms as one
 * word); a word on nearly every tool of a larger server ("Notion | …", `browser_…`) is boilerplate and
 * ignored. Two tools whose descriptions name each other are told apart by the server already — unless
 * one says it is a deprecated alias of the other. Each of the n(n−1)/2 comparisons is a few merges of
 * short sorted integer arrays (200 tools: ~20 000 comparisons, a few ms).
 */
export function confusablePairs(s: SurfaceFacts): PairFacts[] {
  const { profiles: p, actions } = profiles(s);
  const pairs: PairFacts[] = [];
  for (let i = 0; i < p.length; i++) {
    for (let j = i + 1; j < p.length; j++) {
      const a = p[i]!;
      const b = p[j]!;
      let kind: PairKind | undefined;
      let deprecated: string | undefined;
      let adds: { tool: string; words: string[] } | undefined;
      // (Sizes first: most tools name no sibling, and most pairs end in judge without an allocation.)
      const aNamesB = a.aliasWith.size > 0 && a.aliasWith.has(b.name);
      if (aNamesB || (b.aliasWith.size > 0 && b.aliasWith.has(a.name))) {
        kind = 'alias';
        const [teller, other] = aNamesB ? [a, b] : [b, a];
        deprecated = teller.aliasWith.get(other.name) ? other.name : teller.name;
      } else if ((a.mentions.size > 0 && a.mentions.has(b.name)) || (b.mentions.size > 0 && b.mentions.has(a.name))) {
        continue; // the server already tells them apart
      } else {
        const verdict = judge(a, b, actions);
        if (verdict === undefined) continue;
        ({ kind, adds } = verdict);
        // A tool marked deprecated that names no replacement: its look-alike is what it stands in for.
        const lone = [a, b].find((x) => x.deprecated && x.mentions.size === 0);
        if (lone !== undefined) {
          kind = 'alias';
          deprecated = lone.name;
        }
      }
      const nameSimilarity = dice(a.nameIds, b.nameIds);
      const descriptionSimilarity = descSimilarity(a, b);
      const swap = a.name > b.name;
      const [x, y] = swap ? [b, a] : [a, b];
      pairs.push({
        tools: [x.name, y.name],
        similarity: round3(Math.max(descriptionSimilarity, (nameSimilarity + descriptionSimilarity) / 2)),
        descriptionSimilarity: round3(descriptionSimilarity),
        nameSimilarity: round3(nameSimilarity),
        kind,
        ...(deprecated !== undefined ? { deprecated } : {}),
        ...(adds !== undefined && kind !== 'alias' && kind !== 'synonym' && kind !== 'description' ? { adds } : {}),
        differs: [x.raw.filter((w) => !y.raw.includes(w)), y.raw.filter((w) => !x.raw.includes(w))],
      });
    }
  }
  const name = (q: PairFacts) => `${q.tools[0]}\u0000${q.tools[1]}`;
  return pairs.sort(
    (q, r) => Number(r.kind === 'alias') - Number(q.kind === 'alias') || r.similarity - q.similarity || (name(q) < name(r) ? -1 : name(q) > name(r) ? 1 : 0),
  );
}

/** The contract's shape of a pair (the result carries only these fields). */
export function toConfusablePair(p: PairFacts): ConfusablePair {
  return { tools: p.tools, similarity: p.similarity, descriptionSimilarity: p.descriptionSimilarity, nameSimilarity: p.nameSimilarity };
}
