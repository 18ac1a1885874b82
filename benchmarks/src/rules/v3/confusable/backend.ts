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
  if (a.words.length < 2 || a.words.length !== b.words.length || a.params.length === 0 || a.params.length !== b.params.length) return undefined;
  if (!a.params.every((p) => b.params.includes(p))) return undefined;
  const differ = a.words.flatMap((w, k) => (w === b.words[k] ? [] : [k]));
  if (differ.length !== 1 || differ[0] === a.words.length - 1) return undefined;
  const [x, y] = [a.words[differ[0]!]!, b.words[differ[0]!]!];
  if (isEnglishWord(x) || isEnglishWord(y)) return undefined;
  return { tool: a.name, words: [x, y] };
}
