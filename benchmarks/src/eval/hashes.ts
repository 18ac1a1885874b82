import type { EvalCase } from '../contracts/eval.js';
import type { Surface } from '../contracts/tool.js';
import { canonicalJson } from '../surface/canonical.js';
import { sha256Hex, surfaceHash, type Sha256Hex } from '../surface/hash.js';

/** Hash of a case set: sha256 of the canonical JSON of its cases sorted by id (order of generation does not matter). */
export function caseSetHash(cases: readonly EvalCase[], hash: Sha256Hex = sha256Hex): string {
  const sorted = cases.slice().sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return `sha256:${hash(canonicalJson(sorted))}`;
}

/** Hash of everything a model is shown: the server's and the distractor sets' tools together (order-free). */
export function shownSurfaceHash(server: Surface, distractors: readonly Surface[], hash: Sha256Hex = sha256Hex): string {
  return surfaceHash({ tools: [...server.tools, ...distractors.flatMap((d) => d.tools)] }, hash);
}

/** Hash of a text (the system prompt) in the same `sha256:` form. */
export function textHash(text: string, hash: Sha256Hex = sha256Hex): string {
  return `sha256:${hash(text)}`;
}
