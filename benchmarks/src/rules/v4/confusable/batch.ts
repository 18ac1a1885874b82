// Kind `batch` under rules v4: v3's rule (../../v3/confusable/batch.ts, imported unchanged) and one more
// shape of it — a bare action (`browser_type` "Type text into editable element") beside a tool of the same
// action class on many items (`browser_fill_form` "Fill multiple form fields"). Reason: the bare name says
// the action on whatever the request names, one field or several, so a request for two fields fits both;
// only the maintainer's text can say when to batch (settled.ts drops the pair when it does).
import { batchPair as batchPairV3 } from '../../v3/confusable/batch.js';
import { ACTION_CLASSES } from './lexicon.js';
import type { Traits } from './traits.js';

const job = (t: Traits): string[] => t.words.filter((w) => !t.product.includes(w));
const classOf = (t: Traits): string | undefined => {
  for (const w of job(t)) if (ACTION_CLASSES.has(w)) return ACTION_CLASSES.get(w);
  return undefined;
};

/** v3's batch pair, or a bare action beside a batch of the same action class. */
export function batchPair(a: Traits, b: Traits): { tool: string; words: string[] } | undefined {
  const v3 = batchPairV3(a, b);
  if (v3 !== undefined || a.many === b.many) return v3;
  const [many, one] = a.many ? [a, b] : [b, a];
  const bare = job(one);
  if (bare.length !== 1 || !ACTION_CLASSES.has(bare[0]!)) return undefined;
  const cls = classOf(many);
  return cls !== undefined && cls === ACTION_CLASSES.get(bare[0]!) ? { tool: many.name, words: [bare[0]!] } : undefined;
}
