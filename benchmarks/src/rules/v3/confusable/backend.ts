// Kind `backend` (rules v3, issue 25 point 6, "two tools of one product for one job that differ in depth or
// cost"): the same tool twice over another engine — names equal but for one qualifying word that is no
// English word (a vendor or model: `openai_computer_use_agent` / `claude_computer_use_agent`), and the same
// parameters. Reason: a request fits both, since the job and its inputs are the same; what differs (depth,
// speed, cost of the engine) is what the maintainer must say, and a brand name says none of it. A differing
// English word names another thing or action (`issue_comment` / `review_comment`), which tells them apart.
import { isEnglishWord } from '../english-words.js';
import type { Traits } from './traits.js';

/** The two engine words, when the tools are one job on two engines. */
export function backendPair(a: Traits, b: Traits): { tool: string; words: string[] } | undefined {
  const n = a.words.length;
  if (n < 2 || n !== b.words.length || a.words[n - 1] !== b.words[n - 1] || a.params.length === 0 || a.params.length !== b.params.length) return undefined;
  let at = -1;
  for (let k = 0; k < n - 1; k++) {
    if (a.words[k] === b.words[k]) continue;
    if (at >= 0) return undefined;
    at = k;
  }
  if (at < 0) return undefined;
  for (const p of a.params) if (!b.params.includes(p)) return undefined;
  const [x, y] = [a.words[at]!, b.words[at]!];
  if (isEnglishWord(x) || isEnglishWord(y)) return undefined;
  return { tool: a.name, words: [x, y] };
}
