// The gaming transformations of rules v4's invariance suite: v3's (../../v3/test/gaming.ts, shared by import)
// plus the leak found after v3 was sealed, which is calibration material for v4 (README.md, "Tests").
import fc from 'fast-check';
import type { Surface, Tool } from '../../../contracts/tool.js';

export * from '../../v3/test/gaming.js';

const append = (t: Tool, text: string): string => (t.description === undefined || t.description.trim() === '' ? text : `${t.description.trim()} ${text}`);

/**
 * The leak (issue 25, second round): "Call it whenever it is needed (<tool name> <i>). It gives back the
 * <result|output|answer|outcome> (step N)." — the noun drawn per tool from words v3's synonym folding did
 * not all list, the tool's own name and a number beside the cue. Under v3 it bought up to +5.0 on a server's mean.
 */
const LEAK_NOUNS = ['result', 'output', 'answer', 'outcome'];
const LEAK_VERBS = ['needed', 'required', 'wanted'];
export const leakBoilerplate = fc.record({ seed: fc.nat(1000), step: fc.integer({ min: 1, max: 5 }) });
export function applyLeak(s: Surface, v: { seed: number; step: number }): Surface {
  return {
    tools: s.tools.map((t, i) => ({
      ...t,
      description: append(t, `Call it whenever it is ${LEAK_VERBS[(v.seed + i) % 3]} (${t.name} ${i + 1}). It gives back the ${LEAK_NOUNS[(v.seed + i * 3) % 4]} (step ${i + v.step}).`),
    })),
  };
}
