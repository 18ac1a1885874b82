// Kind `capture` (rules v3, issue 25 point 6): two ways to capture what a page or screen shows — an
// accessibility snapshot and a screenshot. Reason: "look at the page" fits both, and what each is good for
// (acting on elements vs seeing the layout) is what the maintainer must say.
import { CAPTURE_CORE } from './lexicon.js';
import type { Traits } from './traits.js';

/** Both capture a page or screen, by different captures. */
export function capturePair(a: Traits, b: Traits): { tool: string; words: string[] } | undefined {
  if (a.capture.size === 0 || b.capture.size === 0) return undefined;
  // What each name says it captures (`snapshot`, `screenshot`, `text`, `html`).
  const coreA = a.words.filter((w) => a.capture.has(w));
  const coreB = b.words.filter((w) => b.capture.has(w));
  if (coreA.length === 0 || coreB.length === 0) return undefined;
  // Two captures of the page's state (a snapshot, a screenshot), or two reads of its content (text, HTML):
  // a screenshot beside the page's text differs in what comes back, and the names say so.
  if (coreA.some((w) => CAPTURE_CORE.has(w)) !== coreB.some((w) => CAPTURE_CORE.has(w))) return undefined;
  const differ = coreA.some((w) => !coreB.includes(w)) || coreB.some((w) => !coreA.includes(w));
  return differ ? { tool: a.name, words: coreA } : undefined;
}
