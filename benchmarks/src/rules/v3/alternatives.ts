import { identifierTokens, stem } from '../../text/words.js';
import { STOPWORDS, VERBS } from '../v2/lexicons.js';
import type { SurfaceFactsV3, ToolFactsV3 } from './facts.js';
import { T3 } from './thresholds.js';

// A pointer to an alternative earns only when the tool it names exists on the server and overlaps this one
// (issue 25, class 2: "use X instead" naming an unrelated sibling bought +11 to +16). Why: a model reads
// "use X instead" to choose between two tools that could both serve a request; naming a tool that could not
// tells it nothing it did not know. Two tools overlap when
// - the pair detection finds them confusable (./confusable/index.ts), or
// - their names share a word about the thing acted on: not a leading verb (`get_`, `list_`), not a word
//   on at least half of the names (a namespace such as `browser_`), not a stopword; or
// - their information texts' content words are at least `alternativeOverlap` alike (Sørensen–Dice).

const IDENTIFIER = /[A-Za-z0-9_.-]+/g;

/** The words of a name about its object: stemmed, without a leading verb, namespace words or stopwords. */
function objectWords(name: string, namespace: Set<string>): Set<string> {
  const tokens = identifierTokens(name);
  const out = new Set<string>();
  tokens.forEach((tok, i) => {
    if ((i === 0 && VERBS.has(tok)) || namespace.has(tok) || STOPWORDS.has(tok) || tok.length < 3) return;
    out.add(stem(tok));
  });
  return out;
}

function diceOf(a: Set<string>, b: Set<string>): number {
  if (a.size + b.size === 0) return 0;
  let common = 0;
  for (const w of a) if (b.has(w)) common++;
  return (2 * common) / (a.size + b.size);
}

/** The other tools a text names (names of 4+ characters; a trailing "." or "-" is punctuation, "'s" is dropped). */
export function namedTools(text: string, self: string, names: Set<string>): string[] {
  const out = new Set<string>();
  IDENTIFIER.lastIndex = 0;
  for (let m = IDENTIFIER.exec(text); m !== null; m = IDENTIFIER.exec(text)) {
    let token = m[0];
    if (token.length < 4) continue;
    const last = token.charCodeAt(token.length - 1);
    if (last === 46 || last === 45) token = token.replace(/[.-]+$/, '');
    if (token !== self && names.has(token)) out.add(token);
  }
  return [...out].sort();
}

/** For each tool: the tools its own text names, and those that overlap it. `textOf` gives the text to read (security sentences left out). */
export function alternativesOf(s: SurfaceFactsV3, textOf: (t: ToolFactsV3) => string): { named: string[]; overlapping: string[] }[] {
  const n = s.tools.length;
  const tokenCount = new Map<string, number>();
  for (const t of s.tools) for (const tok of new Set(identifierTokens(t.name))) tokenCount.set(tok, (tokenCount.get(tok) ?? 0) + 1);
  const namespace = new Set(n >= 4 ? [...tokenCount].filter(([, c]) => c >= n / 2).map(([tok]) => tok) : []);
  const byName = new Map(s.tools.map((t) => [t.name, t]));
  const paired = new Set(s.pairs.map((p) => `${p.tools[0]}\0${p.tools[1]}`));
  const objects = new Map<string, Set<string>>();
  const objectsOf = (name: string): Set<string> => {
    let o = objects.get(name);
    if (o === undefined) objects.set(name, (o = objectWords(name, namespace)));
    return o;
  };
  const overlaps = (a: ToolFactsV3, b: ToolFactsV3): boolean => {
    if (paired.has(`${a.name}\0${b.name}`) || paired.has(`${b.name}\0${a.name}`)) return true;
    const oa = objectsOf(a.name);
    for (const w of objectsOf(b.name)) if (oa.has(w)) return true;
    return diceOf(a.contentWords, b.contentWords) >= T3.alternativeOverlap;
  };
  const byLower = new Map(s.tools.map((t) => [t.name.toLowerCase(), t.name]));
  return s.tools.map((t) => {
    // The names the information text found while reading the own text; a text with a flagged security
    // sentence is read again without it (a sentence that shadows a tool names no alternative).
    const named =
      t.ownText === ''
        ? []
        : t.security.flaggedSentences.length > 0
          ? namedTools(textOf(t), t.name, s.names)
          : t.info.named.map((n) => byLower.get(n)!).filter((n) => n !== t.name && n.length >= 4 && s.names.has(n)).sort();
    return { named, overlapping: named.filter((x) => overlaps(t, byName.get(x)!)) };
  });
}
