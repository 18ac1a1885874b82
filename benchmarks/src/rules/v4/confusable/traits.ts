// What rules v4 reads of a tool to find the kinds of confusable pair v2 misses (issue 25, point 6): computed
// once per tool and lint from v2's facts (name words, own description, mentions of siblings). A copy of v3's
// traits.ts with, for v4: the languages a runner names anywhere in its own text (not only its first
// sentence: "Run a Playwright code snippet. Unsafe: executes arbitrary JavaScript …"), the values of its
// action parameter (dispatch.ts), and a comparison with every other tool ("slower than other tools": settled.ts).
import { stem } from '../../../text/words.js';
import type { SurfaceFacts, ToolFacts } from '../../v2/facts.js';
import { VERBS } from '../../v2/lexicons-verbs.js';
import { STOPWORDS } from '../../v2/lexicons-words.js';
import { isEnglishWord } from '../../v3/english-words.js';
import { T } from '../../v2/thresholds.js';
import { ACTION_PARAMS, ANY_WORDS, CAPTURE_HEADS, SETTLING, SETTLING_ALL, CAPTURE_OBJECTS, DEEP_WORDS, LANGUAGES, MANY_WORDS, RUN_VERBS, RUNNABLE, SCHEMA_CHANGE, SEARCH_VERBS } from './lexicon.js';

export interface Traits {
  name: string;
  /** Name words (lower case) without the surface's boilerplate (a word on ≥ 90 % of the names of a server with ≥ 8 tools). */
  words: string[];
  /** Name words on fewer than 60 % of the tools' names (a product prefix on most tools is no family). */
  family: string[];
  /** Stems of those words, and the same in the name's order (claims.ts, qualified.ts). */
  stems: Set<string>;
  stemList: string[];
  /** Words of the first sentence of the own description (lower case). */
  first: Set<string>;
  /** The own description, lower case. */
  own: string;
  /** It runs what it is given: a command, statement or code of any kind (`kubectl_generic`, `execute_sql`, `browser_evaluate`). */
  generic: boolean;
  /** The languages its name or first sentence names (javascript, sql, kubectl …). */
  languages: Set<string>;
  /** It changes a schema by a migration (`apply_migration`, `migrate_schema`). */
  migration: boolean;
  /** It searches (name verb or leading description verb), and whether it says it goes deep. */
  search: boolean;
  deep: boolean;
  /** It captures a page or screen: the capture words of its name and first sentence ("snapshot", "screenshot", "html"). */
  capture: Set<string>;
  /** It acts on many items ("multiple", "batch" in the name or the first sentence). */
  many: boolean;
  /** Its parameters' names, lower case (batch.ts: `origin` / `origins`). */
  params: string[];
  /** The own description compares the tool with another ("prefer", "instead", "better than": settled.ts). */
  settling: boolean;
  /** The own description compares the tool with all its siblings ("significantly slower than other tools"): settled.ts. */
  settlesAll: boolean;
  /** The string values of an action parameter (`action: list | new | close | select`), lower case: dispatch.ts. */
  actions: Set<string>;
  /** Name words that are the server's product (on ≥ 60 % of the names) or its boilerplate: what a name says beyond them is its job. */
  product: string[];
  /** v4: its required parameters (lower case) that are not on half the tools or more (`project_id` of every tool identifies nothing) nor wrapper objects. */
  required: string[];
  /** v4: its parameters (lower case) that are not on half the tools or more. */
  ownParams: string[];
  /**
   * v4: the stems of the English content words of its own text that are on few of the surface's texts (at
   * most `DISTINCT_SHARE` of the tools, or two): the words that can tell it from its siblings. A surface's
   * template ("Use this for a known resource …" on every tool) and filler made unique per tool (numbers,
   * nonsense, names) are not among them.
   */
  distinct: Set<string>;
  /**
   * v4: the opening of its first sentence, stemmed: the verb and the words after it up to the first
   * stopword (four at most) — "Retrieves debugging data from …" → retriev debug data (restated.ts).
   */
  opening: string[];
  /** v4: how many tools of the surface open the same way (itself included). */
  openingShared: number;
  /** v4: the opening starts with a verb ("Retrieves", "Get"). */
  openingVerb: boolean;
  /** The own description's words (lower case), computed on first use. */
  ownWords: () => string[];
  /** Whether the own description has a word of this stem (covers.ts; the stems are computed on first use). */
  ownHasStem: (stemmed: string) => boolean;
}

const words = (text: string): string[] => text.toLowerCase().match(/[a-z][a-z0-9-]*/g) ?? [];

/** The traits of every tool of the surface, in order. */
export function traitsOf(s: SurfaceFacts): Traits[] {
  const n = s.tools.length;
  const df = new Map<string, number>();
  for (const t of s.tools) for (const w of new Set(t.nameTokens.map((x) => x.toLowerCase()))) df.set(w, (df.get(w) ?? 0) + 1);
  const boilerplate = (w: string): boolean => n >= T.boilerplateMinTools && df.get(w)! >= T.boilerplateShare * n;
  const family = (w: string): boolean => df.get(w)! >= 2 && df.get(w)! < FAMILY_SHARE * n;
  // A product word: on the share of names that makes no family, and on three names at least (two of three
  // tools sharing a verb is no product).
  const product = (w: string): boolean => boilerplate(w) || (df.get(w)! >= 3 && df.get(w)! >= FAMILY_SHARE * n);
  const paramDf = new Map<string, number>();
  for (const t of s.tools) for (const q of new Set(t.params.map((x) => x.name.toLowerCase()))) paramDf.set(q, (paramDf.get(q) ?? 0) + 1);
  const everywhere = (q: string): boolean => n >= 3 && paramDf.get(q)! >= 0.5 * n;
  const texts = s.tools.map((t) => textStems(t.ownDescription));
  const textDf = new Map<string, number>();
  for (const ws of texts) for (const w of ws) textDf.set(w, (textDf.get(w) ?? 0) + 1);
  const rare = Math.max(2, DISTINCT_SHARE * n);
  const openings = s.tools.map((t) => openingOf(t.firstSentence));
  const openingDf = new Map<string, number>();
  for (const o of openings) if (o.length > 0) openingDf.set(o.join(' '), (openingDf.get(o.join(' ')) ?? 0) + 1);
  return s.tools.map((t, i) => {
    const out = traits(t, boilerplate, family, product);
    out.opening = openings[i]!;
    out.openingShared = openings[i]!.length > 0 ? openingDf.get(openings[i]!.join(' '))! : 0;
    const lead = /^[a-z]+/.exec(t.firstSentence.toLowerCase())?.[0] ?? '';
    out.openingVerb = [lead, lead.replace(/e?s$/, ''), lead.replace(/s$/, '')].some((w) => VERBS.has(w));
    out.ownParams = out.params.filter((q) => !everywhere(q));
    // A wrapper object (`body`, `query` holding the real fields) identifies nothing by its name.
    const wrappers = new Set(t.params.filter((q) => (q.schema as { type?: unknown }).type === 'object').map((q) => q.name));
    out.required = (t.required ?? []).filter((q) => !wrappers.has(q)).map((q) => q.toLowerCase()).filter((q) => !everywhere(q));
    out.distinct = new Set([...texts[i]!].filter((w) => textDf.get(w)! <= rare));
    return out;
  });
}

/** v4: a word on more than this share of a surface's texts tells no two of its tools apart (`distinct`). */
const DISTINCT_SHARE = 0.2;

/** The verb and the words after it up to the first stopword (four at most), stemmed. */
function openingOf(sentence: string): string[] {
  const out: string[] = [];
  for (const w of sentence.toLowerCase().match(/[a-z][a-z-]*/g) ?? []) {
    if (STOPWORDS.has(w) || out.length === 4) break;
    out.push(stem(w));
  }
  return out;
}

/** The stems of the English content words of a text (three letters or more, no stopwords). */
function textStems(text: string): Set<string> {
  const out = new Set<string>();
  for (const w of text.toLowerCase().match(/[a-z]{3,}/g) ?? []) if (!STOPWORDS.has(w) && isEnglishWord(w)) out.add(stem(w));
  return out;
}

/** A name word on this share of the tools or more names the product, not a family of commands. */
const FAMILY_SHARE = 0.6;

function traits(t: ToolFacts, boilerplate: (w: string) => boolean, family: (w: string) => boolean, product: (w: string) => boolean): Traits {
  const all = t.nameTokens.map((x) => x.toLowerCase());
  const name = all.filter((w) => !boilerplate(w));
  const own = t.ownDescription.toLowerCase();
  const stemList = name.map(stem);
  const first = new Set(words(t.firstSentence));
  const lead = words(t.firstSentence)[0];
  const nameSet = new Set(all);
  let ownStems: Set<string> | undefined;
  let ownList: string[] | undefined;
  const search = all.some((w) => SEARCH_VERBS.has(w)) || (lead !== undefined && SEARCH_VERBS.has(lead));
  const runs = all.some((w) => RUN_VERBS.has(w)) || (lead !== undefined && RUN_VERBS.has(lead));
  const runnable = all.some((w) => RUNNABLE.has(w)) || [...first].some((w) => RUNNABLE.has(w));
  const anyWord = all.some((w) => ANY_WORDS.has(w)) || [...first].some((w) => ANY_WORDS.has(w));
  // `kubectl_generic` names no verb: "generic" in the name with a runnable thing said is enough.
  const generic = (runs && runnable) || (nameSet.has('generic') && runnable) || (anyWord && runnable && runs);
  // v4: a runner's language may be said after its first sentence ("Run a Playwright code snippet. Unsafe:
  // executes arbitrary JavaScript …"); only a runner's languages are ever compared (generic.ts).
  const languages = new Set([...all, ...first, ...(generic ? words(own) : [])].filter((w) => LANGUAGES.has(w)));
  const captureWords = new Set([...all, ...first].filter((w) => CAPTURE_HEADS.has(w)));
  // The name says the capture (`take_snapshot`, `browser_screenshot`; not `take_heapsnapshot`), the name or
  // the first sentence what it is of.
  const captures = all.some((w) => CAPTURE_HEADS.has(w)) && [...all, ...first].some((w) => CAPTURE_OBJECTS.has(w));
  return {
    name: t.name,
    words: name,
    family: name.filter(family),
    stems: new Set(stemList),
    stemList,
    first,
    own,
    generic,
    languages,
    migration: all.some((w) => SCHEMA_CHANGE.has(w)),
    search,
    deep: all.some((w) => DEEP_WORDS.has(w)) || [...first].some((w) => DEEP_WORDS.has(w)),
    capture: captures ? captureWords : new Set(),
    many: all.some((w) => MANY_WORDS.has(w)) || [...first].some((w) => MANY_WORDS.has(w)),
    params: t.params.map((q) => q.name.toLowerCase()),
    settling: SETTLING.test(own),
    settlesAll: SETTLING_ALL.test(own),
    actions: actionValues(t),
    product: all.filter(product),
    required: [],
    ownParams: [],
    distinct: new Set(),
    opening: [],
    openingShared: 0,
    openingVerb: false,
    ownWords: () => (ownList ??= words(own)),
    ownHasStem: (stemmed) => (ownStems ??= new Set((ownList ??= words(own)).map(stem))).has(stemmed),
  };
}

/** The string values of the tool's action parameter (`action`, `operation`, `mode` …), lower case. */
function actionValues(t: ToolFacts): Set<string> {
  const out = new Set<string>();
  for (const q of t.params) {
    if (!ACTION_PARAMS.has(q.name.toLowerCase())) continue;
    const values = (q.schema as { enum?: unknown }).enum;
    if (Array.isArray(values)) for (const v of values) if (typeof v === 'string') out.add(v.toLowerCase());
  }
  return out;
}
