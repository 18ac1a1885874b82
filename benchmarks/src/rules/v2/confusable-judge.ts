// Whether two tools are confusable (rules v2), decided by what differs between them: see judge below and
// the README's "Confusable pairs".
import type { PairKind } from './confusable.js';
import type { Profile } from './confusable-profile.js';
import { T } from './thresholds.js';

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

/**
 * A parameter of `a` does what `b` is for: the format its description gives has a slot for every parameter
 * of `b` that `a` does not have itself (two or more) — `emulate`'s `viewport` "'<width>x<height>x…'" and
 * `resize_page(pageId, width, height)`. Slots only (`<width>`, `{width}`, quoted): a word in prose ("the
 * target element", "[box=x,y,width,height]") is no value of that parameter. Parameters both tools have
 * (`pageId`, owner, repo) say nothing of what either is for.
 */
function covers(a: Profile, b: Profile): { tool: string; words: string[] } | undefined {
  if (a.slots.length === 0 || b.params.size < 2) return undefined;
  const own: string[] = [];
  for (const q of b.params) if (!a.params.has(q)) own.push(q);
  if (own.length < 2) return undefined;
  const p = a.slots.find((q) => own.every((name) => q.words.has(name)));
  return p === undefined ? undefined : { tool: a.name, words: [p.name] };
}

type Verdict = { kind: Exclude<PairKind, 'alias'>; adds?: { tool: string; words: string[] } } | undefined;

/** Dice of the descriptions' concepts; 0 when one has too few to compare. */
export function descSimilarity(a: Profile, b: Profile): number {
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

export function judge(a: Profile, b: Profile, actions: Set<number>): Verdict {
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

