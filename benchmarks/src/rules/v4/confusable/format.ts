// Kind `format` (rules v4, issue 25 pairs, second round): one thing in two formats, both named —
// `fetch_html` / `fetch_markdown`, drawio's `open_drawio_xml` / `open_drawio_mermaid`. Reason: a request for
// the thing ("get me that page", "draw this flow") fits both; which format serves which purpose is what the
// maintainer must say (RUBRIC.md, capture: "page text vs page HTML when neither says which to take for
// what"). The names must be the same job but for one format word each, of one class (FORMAT_CLASSES): a
// diagram from CSV data is built from a table, not written in another syntax (`open_drawio_csv` stays apart).
// `representation.ts` takes the case of one format beside none.
import { FORMAT_CLASSES, NAME_FILLER } from './lexicon.js';
import type { Traits } from './traits.js';

/** What a name says beyond the fillers (a product word, `fetch_` on every tool, is the same on both). */
const job = (t: Traits): string[] => t.words.filter((w) => !NAME_FILLER.has(w));

export function formatPair(a: Traits, b: Traits): { tool: string; words: string[] } | undefined {
  const [ja, jb] = [job(a), job(b)];
  if (ja.length !== jb.length || ja.length < 2) return undefined;
  const onlyA = ja.filter((w) => !jb.includes(w));
  const onlyB = jb.filter((w) => !ja.includes(w));
  if (onlyA.length !== 1 || onlyB.length !== 1) return undefined;
  const [ca, cb] = [FORMAT_CLASSES.get(onlyA[0]!), FORMAT_CLASSES.get(onlyB[0]!)];
  if (ca === undefined || ca !== cb) return undefined;
  return { tool: a.name, words: [onlyA[0]!, onlyB[0]!] };
}
