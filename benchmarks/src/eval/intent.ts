import type { Tool } from '../contracts/tool.js';
import { identifierTokens, stem } from '../text/words.js';

// What a tool is for, said without its name: the offline generator's source of utterances. A tool's name
// is the answer of a case, so an utterance that repeats it ("Could you api create a data source…") tests
// string matching, not tool selection. The intent comes from the description's first sentence, turned
// into a request; where the name's words appear in the name's order they are broken up (a synonym, the
// other article, "source of the data" for "data source"); a tool without a description gets its intent
// from its name's words, reordered the same way.

/**
 * Base-form synonyms of the words tool names are made of (verbs, a few modifiers). Used to vary requests
 * and to break a name phrase; the first is the plainest.
 */
const SYNONYMS: Record<string, readonly string[]> = {
  add: ['put in', 'include'],
  analyze: ['examine'],
  append: ['add'],
  capture: ['take'],
  check: ['verify', 'look at'],
  click: ['press on'],
  close: ['shut'],
  complete: ['whole'],
  crawl: ['walk through'],
  create: ['make', 'set up', 'add'],
  delete: ['remove', 'erase'],
  detailed: ['thorough'],
  drag: ['pull'],
  edit: ['change', 'modify'],
  emulate: ['simulate'],
  evaluate: ['run'],
  extract: ['pull out'],
  fetch: ['download', 'pull'],
  fill: ['complete'],
  find: ['locate', 'look for'],
  get: ['fetch', 'look up'],
  handle: ['deal with'],
  hover: ['move the pointer over'],
  inspect: ['examine'],
  list: ['show', 'enumerate'],
  map: ['chart'],
  move: ['relocate', 'shift'],
  multiple: ['several'],
  navigate: ['go'],
  new: ['fresh'],
  open: ['bring up', 'show'],
  parse: ['analyse'],
  patch: ['change', 'modify'],
  perform: ['do'],
  post: ['send', 'submit'],
  press: ['hit'],
  query: ['look up', 'ask about'],
  read: ['open', 'load'],
  remove: ['delete', 'take out'],
  rename: ['give a new name to'],
  resize: ['change the size of'],
  resolve: ['look up', 'map'],
  retrieve: ['fetch', 'pull up'],
  return: ['give', 'show'],
  run: ['execute', 'start'],
  scrape: ['pull the content of'],
  search: ['look for', 'find'],
  select: ['pick', 'choose'],
  send: ['deliver', 'submit'],
  set: ['change', 'adjust'],
  show: ['display'],
  specific: ['particular'],
  start: ['begin', 'launch'],
  stop: ['halt', 'end'],
  take: ['grab', 'capture'],
  type: ['enter', 'key in'],
  update: ['change', 'modify'],
  upload: ['send up'],
  view: ['look at'],
  wait: ['hold on'],
  write: ['save', 'store'],
};

const ARTICLES: Record<string, string> = { a: 'the', an: 'the', the: 'a' };

/** Lower-case word tokens of a text, each an identifier split and stemmed ("read_file" → read, file). */
function stems(text: string): string[] {
  return (text.match(/[\p{L}\p{N}_-]+/gu) ?? []).flatMap((w) => identifierTokens(w)).map(stem);
}

/** The name's tokens (stemmed), less the surface's namespace tokens ("firecrawl", "browser", "API"). */
export function nameStems(name: string): string[] {
  return identifierTokens(name).map(stem);
}

/**
 * Where a text says a tool's name: two or more of its tokens next to each other in the name's order, the
 * name run together ("readfile"), or for a one-token name the token itself — unless that token is a word of
 * the description's first sentence (then it is the intent's own word, e.g. "search" for a tool `search`
 * described "Search the web"). Returns the offending words, or null.
 */
export function namePhrase(text: string, name: string, intentText = ''): string | null {
  return namePhraseOf(name, intentText)(text);
}

/**
 * {@link namePhrase} for one name and intent, over many texts: the name's tokens and the intent's words are
 * worked out once (the offline generator checks every candidate utterance of a tool, hundreds per tool).
 */
export function namePhraseOf(name: string, intentText = ''): (text: string) => string | null {
  const tokens = nameStems(name);
  if (tokens.length === 0) return () => null;
  const joined = tokens.join('');
  const runTogether = stem(identifierTokens(name).join(''));
  if (tokens.length === 1) {
    const only = tokens[0]!;
    if (stems(intentText).includes(only)) return () => null;
    return (text) => (stems(text).includes(only) ? only : null);
  }
  return (text) => {
    const words = stems(text);
    for (let i = 0; i < words.length; i++) {
      if (words[i] === joined || words[i] === runTogether) return words[i]!;
      for (let j = 0; j + 1 < tokens.length; j++) if (words[i] === tokens[j] && words[i + 1] === tokens[j + 1]) return `${words[i]} ${words[i + 1]}`;
    }
    return null;
  };
}

/** A description's first sentence, without a vendor label ("Notion | "), code spans and tool names. */
export function intentSentence(description: string | undefined, otherNames: readonly string[] = []): string {
  if (!description) return '';
  // The first line: descriptions put the intent first and details ("Error Responses:", parameters) on later lines.
  let t = description.trim().split(/\n/)[0]!.replace(/\s+/g, ' ');
  t = t.replace(/^[^|]{1,40}\|\s*/, '');
  const m = /^(.{8,220}?[.!?。])(\s|$)/u.exec(t);
  t = (m ? m[1]! : t.slice(0, 180)).trim();
  t = t.replace(/`[^`]*`/g, '').replace(/\([^)]*\)/g, '');
  for (const n of otherNames) if (n.length > 2) t = t.split(n).join('');
  return t.replace(/\s+([,.;:!?])/g, '$1').replace(/\s{2,}/g, ' ').trim();
}

/** "Returns" → "return", "Retrieves" → "retrieve", "Queries" → "query" (only words the table knows as verbs, or any first word). */
function baseForm(word: string, first: boolean): string {
  const w = word.toLowerCase();
  const candidates = w.endsWith('ies') ? [`${w.slice(0, -3)}y`] : w.endsWith('es') ? [w.slice(0, -2), w.slice(0, -1)] : w.endsWith('s') && !w.endsWith('ss') ? [w.slice(0, -1)] : [];
  for (const c of candidates) if (c in SYNONYMS) return c;
  if (first && candidates.length > 0 && !/(ss|us|is)$/.test(w)) return candidates[candidates.length - 1]!;
  return w;
}

/**
 * The description's intent as a request in the base form, lower-case first word, no final stop:
 * "Resolves a package name and returns matching libraries." → "resolve a package name and return matching libraries".
 * "Use this to …", "This tool …" leads are dropped. Empty when there is no English sentence to work with.
 */
export function requestFromDescription(sentence: string): string {
  if (sentence === '' || /[\u3040-\u30ff\u3400-\u9fff]/u.test(sentence)) return '';
  let s = sentence.replace(/[.!?]+$/u, '').replace(/^(?:use this(?: tool)? to|this tool|a tool (?:that|to)|tool (?:that|to)|allows you to|lets you)\s+/i, '');
  const words = s.split(' ');
  if (words.length === 0 || !/^[A-Za-z]/.test(words[0]!)) return '';
  words[0] = baseForm(words[0]!, true);
  for (let i = 1; i < words.length; i++) if ((words[i - 1] === 'and' || words[i - 1] === 'or') && /s$/.test(words[i]!)) {
    const b = baseForm(words[i]!, false);
    if (b in SYNONYMS) words[i] = b;
  }
  // The first clause, at most 14 words: the intent, not the description's details (which a lexical
  // matcher would find verbatim in the tool it indexes).
  s = words.join(' ');
  const cut = /[:;]|\s[—–-]\s|,\s/.exec(s);
  if (cut && s.slice(0, cut.index).split(' ').length >= 3) s = s.slice(0, cut.index);
  const kept = s.split(' ');
  return kept.length > 14 ? kept.slice(0, 14).join(' ').replace(/\s+(?:a|an|the|of|to|and|or|in|on|for|with|from|by|as)$/i, '') : s;
}

/** A request from the name's words alone (no description): a verb the table knows, then the rest as "the c of the b". */
export function requestFromName(name: string, namespace: ReadonlySet<string>): string {
  const tokens = identifierTokens(name).filter((t) => !namespace.has(t));
  if (tokens.length === 0) return '';
  const [head, ...rest] = tokens;
  const verb = head! in SYNONYMS ? head! : undefined;
  const nouns = verb ? rest : tokens;
  const object = nouns.length === 0 ? 'it' : `the ${nouns.slice().reverse().join(' of the ')}`;
  return verb ? `${verb} ${object}` : `use ${object}`;
}

/**
 * Break every place where a request says the tool's name: swap an article, use a synonym of either word,
 * or turn the compound "data source" into "source of the data". Null when it cannot be fixed in a few steps.
 * `pick` chooses among synonyms (seeded by the caller).
 */
export function breakNamePhrases(request: string, name: string, intentText: string, pick: (options: readonly string[]) => string): string | null {
  let text = request;
  for (let round = 0; round < 6; round++) {
    const phrase = namePhrase(text, name, intentText);
    if (phrase === null) return text;
    const words = text.split(' ');
    const parts = phrase.split(' ');
    const at = words.findIndex((w, i) => stem(w.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '')) === parts[0] && (parts.length === 1 || stem((words[i + 1] ?? '').toLowerCase().replace(/[^\p{L}\p{N}]/gu, '')) === parts[1]));
    if (at < 0) return null;
    const span = parts.length === 1 ? [at] : [at, at + 1];
    const article = span.find((i) => words[i]!.toLowerCase() in ARTICLES);
    // A synonym only where a verb stands (first, or after "and"/"or"): "check" in "one monitor check" is a noun.
    const verbAt = (i: number) => i === 0 || /^(?:and|or|then|to)$/i.test(words[i - 1] ?? '');
    const synonym = span.find((i) => words[i]!.toLowerCase() in SYNONYMS && (verbAt(i) || span.length === 1));
    if (article !== undefined) words[article] = ARTICLES[words[article]!.toLowerCase()]!;
    else if (synonym !== undefined) words[synonym] = pick(SYNONYMS[words[synonym]!.toLowerCase()]!);
    else if (span.length === 2) words.splice(at, 2, `${words[at + 1]!.replace(/[,.;:]$/, '')} of the ${words[at]}${/[,.;:]$/.test(words[at + 1]!) ? words[at + 1]!.slice(-1) : ''}`);
    else return null;
    text = words.join(' ');
  }
  return namePhrase(text, name, intentText) === null ? text : null;
}

/** Variants of a request with its verbs replaced by synonyms (the request itself first), each free of the name. */
export function requestVariants(request: string, tool: Pick<Tool, 'name' | 'description'>, intentText: string, pick: (options: readonly string[]) => string): string[] {
  if (request === '') return [];
  const out = new Set<string>();
  const add = (r: string | null) => {
    if (r !== null && r !== '') out.add(r);
  };
  const words = request.split(' ');
  const first = words[0]!.toLowerCase();
  // The description's own verb only when the table has no other word for it: a verb that is also a word
  // of the name ("search", "create") is the strongest hint a string matcher gets.
  const own = nameStems(tool.name).includes(stem(first)) && (SYNONYMS[first]?.length ?? 0) > 0;
  if (!own) add(breakNamePhrases(request, tool.name, intentText, pick));
  for (const alt of SYNONYMS[first] ?? []) add(breakNamePhrases([alt, ...words.slice(1)].join(' '), tool.name, intentText, pick));
  return [...out];
}

/** Tokens that begin at least 3 tools and at least half of them: a namespace ("firecrawl", "browser", "api"), not an intent. */
export function namespaceTokens(names: readonly string[]): Set<string> {
  const counts = new Map<string, number>();
  for (const n of names) {
    const first = identifierTokens(n)[0];
    if (first !== undefined) counts.set(first, (counts.get(first) ?? 0) + 1);
  }
  return new Set([...counts].filter(([, c]) => c >= 3 && c >= names.length / 2).map(([t]) => t));
}
