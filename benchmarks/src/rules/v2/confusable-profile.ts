// What of a tool takes part in comparing it with its siblings (rules v2, confusable pairs): the concepts of
// its name and own description as interned ids, its verbs, number, parameters, mentions and alias cues.
import { stem } from '../../text/words.js';
import { ACTIONS, concept, descriptionConcepts, nameConcepts, oppositesOf, wordConcepts } from './confusable-concepts.js';
import type { SurfaceFacts, ToolFacts } from './facts.js';
import { ALIAS, ALIAS_OTHER_IS_OLD, AMBIGUOUS_ACTIONS, matchesAffirmed, matchesLexicon } from './lexicons.js';
import { mentionedSiblings } from './signals.js';
import { T } from './thresholds.js';

/** What of a tool takes part in comparing: concepts of its name and of its own description. */
export interface Profile {
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
  params: Set<string>;
  /** The parameters whose description gives slots (`<width>`, `{id}`, quoted words), with the slot words (lower case). */
  slots: { name: string; words: Set<string> }[];
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

/** Interns concept strings as integer ids and drops boilerplate (on ≥ 90 % of the tools of a server with ≥ 8). */
function interned(sets: Iterable<string>[], intern: (s: string) => number): { ids: Int32Array[]; all: Set<number>[] } {
  const all = sets.map((set) => {
    const ids = new Set<number>();
    for (const c of set) ids.add(intern(c));
    return ids;
  });
  const n = sets.length;
  // A server with fewer tools has no boilerplate: its document frequencies are not needed.
  const df = n >= T.boilerplateMinTools ? new Map<number, number>() : undefined;
  if (df !== undefined) for (const ids of all) for (const id of ids) df.set(id, (df.get(id) ?? 0) + 1);
  const kept = (id: number) => df === undefined || df.get(id)! < T.boilerplateShare * n;
  const sorted = (s: Set<number>): Int32Array => {
    let size = 0;
    for (const id of s) if (kept(id)) size++;
    const out = new Int32Array(size);
    let k = 0;
    for (const id of s) if (kept(id)) out[k++] = id;
    return out.sort();
  };
  return { ids: all.map(sorted), all };
}

function internAll(set: Iterable<string>, intern: (s: string) => number): Set<number> {
  const out = new Set<number>();
  for (const c of set) out.add(intern(c));
  return out;
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

// A slot of a value's format in a parameter description: `<width>`, `{width}`, `'width'`, "`width`".
const SLOT = /[<{\x60'"]([a-z][a-z0-9_.-]{0,40})[>}\x60'"]/g;

/** The described parameters whose description gives two or more slots, and the slot words. */
function slotsOf(t: ToolFacts): { name: string; words: Set<string> }[] {
  const out: { name: string; words: Set<string> }[] = [];
  for (const q of t.params) {
    if (q.description === undefined || !/[<{\x60'"]/.test(q.description)) continue;
    const words = new Set<string>();
    for (const m of q.description.toLowerCase().matchAll(SLOT)) words.add(m[1]!);
    if (words.size >= 2) out.push({ name: q.name, words });
  }
  return out;
}

export function profiles(s: SurfaceFacts): { profiles: Profile[]; actions: Set<number> } {
  const table = new Map<string, number>();
  const intern = (c: string): number => table.get(c) ?? (table.set(c, table.size), table.size - 1);
  const actions = new Set([...ACTIONS].map(intern));
  const listId = intern('list');
  // Words repeat across a surface: each word's concept is looked up once per lint.
  const memo = new Map<string, string>();
  const conceptOf = (w: string): string => memo.get(w) ?? (memo.set(w, concept(w)), memo.get(w)!);
  const stems = new Map<string, string>();
  const stemOf = (w: string): string => stems.get(w) ?? (stems.set(w, stem(w)), stems.get(w)!);
  const opposites = new Map<string, string[]>();
  const oppositesOfStem = (w: string): string[] => opposites.get(w) ?? (opposites.set(w, oppositesOf(stemOf(w))), opposites.get(w)!);
  const names = s.tools.map((t) => nameConcepts(t.nameTokens));
  const wordMemo = new Map<string, string | null>();
  const lowerCase = new Map<string, string>();
  const descs = s.tools.map((t) => descriptionConcepts(t, conceptOf, wordMemo, lowerCase));
  const n = interned(
    names.map((x) => x.ids),
    intern,
  );
  const d = interned(
    descs.map((x) => x.ids),
    intern,
  );
  const list = s.tools.map((t, i) => {
    const mentions = new Set(mentionedSiblings(t, s));
    const first = t.words[0]?.toLowerCase();
    const nm = names[i]!;
    // The first sentence's concepts are often the description's own set (one sentence): interned once.
    const purpose = descs[i]!.purpose === descs[i]!.ids ? d.all[i]! : internAll(descs[i]!.purpose, intern);
    const nameVerb = nm.verb === undefined ? undefined : intern(nm.verb);
    const verbWord = nm.verbWord === undefined ? undefined : AMBIGUOUS_ACTIONS[nm.verbWord];
    const lists = purpose.has(listId);
    // (Loops, not flatMap and a spread: this runs for every tool of every lint.)
    const params = new Set<string>();
    for (const q of t.params) params.add(q.name.toLowerCase());
    const oppositeStems = new Set<string>();
    for (const token of t.nameTokens) for (const o of oppositesOfStem(token)) oppositeStems.add(o);
    const alias = aliasOf(t, s.names, mentions);
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
      params,
      slots: slotsOf(t),
      stems: t.nameTokens.map(stemOf),
      lead: first === undefined ? undefined : stemOf(first),
      oppositeStems,
      oppositeLead: new Set(first === undefined ? [] : oppositesOfStem(first)),
      mentions,
      aliasWith: alias.aliasWith,
      deprecated: alias.deprecated,
    };
  });
  return { profiles: list, actions };
}

