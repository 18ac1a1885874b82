// Near-duplicate keys and shared clause ends across the tools of a surface (info-text.ts reads them; split from it).
import type { Clause } from './info-clauses.js';

/** The longest shared clause end read (words): a product name, "in Datadog", "for the Jira Cloud API". */
const SHARED_END_WORDS = 4;

/** A masked key's slot-tolerant forms (below), kept across lints: keys repeat across tools and surfaces. */
const SLOT_KEYS = new Map<string, string[]>();

/**
 * v4: a clause's near-duplicate keys — its masked key, and the key with one word (two in a key of six to
 * twelve tokens) replaced by a wildcard, as long as at least two (three) words of its own stay. Why: v3
 * compared exact masked keys after folding the synonyms it listed, so a template with one slot filled from
 * a pool of words it did not list ("It gives back the outcome (step 6)", "… the answer …") was unique per
 * tool and earned returns and purpose points (+5 on a server's mean). A clause whose wording is shared by
 * half the tools with one or two words swapped is the same template, whatever the swapped words are; no word
 * list can be complete, a slot can. The words a real template varies per tool are usually its object, which
 * is the tool's own name and already masked; the tools this moved at rest are counted in CHANGELOG.md.
 */
export function slotKeys(key: string): string[] {
  if (key === '') return [];
  let out = SLOT_KEYS.get(key);
  if (out !== undefined) return out;
  out = [key];
  const tokens = key.split(' ');
  const m = tokens.length;
  const isWorded = (t: string): boolean => t !== '@' && t !== '~' && t !== '#';
  const words = tokens.filter(isWorded).length;
  const slot = (skip: number[]): string => tokens.map((t, i) => (skip.includes(i) ? '*' : t)).join(' ');
  const left = (skip: number[]): number => words - skip.filter((i) => isWorded(tokens[i]!)).length;
  if (m >= 3) for (let j = 0; j < m; j++) if (left([j]) >= 2) out.push(slot([j]));
  if (m >= 6 && m <= 12) for (let a = 0; a < m; a++) for (let b = a + 1; b < m; b++) if (left([a, b]) >= 3) out.push(slot([a, b]));
  if (SLOT_KEYS.size > 50_000) SLOT_KEYS.clear();
  SLOT_KEYS.set(key, out);
  return out;
}

/** The run of a clause's last `k` words from a capitalised word inside it (not its first word), or undefined. */
function endRun(c: Clause, k: number): string | undefined {
  const from = c.words.length - k;
  if (from < 1 || !c.words[from]!.title) return undefined;
  return c.words.slice(from).map((w) => w.lower).join(' ');
}

/**
 * Shared clause ends: the end of a clause, from a capitalised word inside it, that the clauses of at least
 * `needed` tools end with ("Get an incident from Datadog", "Mute a host in Datadog") says nothing about one
 * tool: its words count as nothing. v2's shared text cuts such a run only at the end of the whole
 * description, so text appended after it (a gamer's boilerplate or template) brought "Datadog" back as a
 * word about every tool (+13 on datadog's tools whose text only restated their names). Read per clause, the
 * run is found wherever it sits. As in v2, a run that starts in the middle of a sentence with a lower-case
 * word ("…by its ID", "…on the page") is a template's wording and stays. Linear: at most SHARED_END_WORDS
 * runs per clause.
 */
export function discountSharedEnds(clauses: Clause[][], needed: number): void {
  const df = new Map<string, number>();
  for (const cs of clauses) {
    const seen = new Set<string>();
    for (const c of cs) for (let k = 1; k <= SHARED_END_WORDS; k++) {
      const run = endRun(c, k);
      if (run !== undefined) seen.add(run);
    }
    for (const run of seen) df.set(run, (df.get(run) ?? 0) + 1);
  }
  for (const cs of clauses) for (const c of cs) {
    let longest = 0;
    for (let k = 1; k <= SHARED_END_WORDS; k++) {
      const run = endRun(c, k);
      if (run !== undefined && (df.get(run) ?? 0) >= needed) longest = k;
    }
    for (const w of c.words.slice(c.words.length - longest)) {
      if (w.anchored) {
        w.anchored = false;
        c.anchored--;
      }
      if (w.kind === 'spec') c.spec--;
      else if (w.kind === 'nonsense') c.nonsense--;
      else if (w.kind === 'name') continue;
      w.kind = 'none';
    }
  }
}
