import { z } from 'zod';
import type { LintResult } from './lint-result.js';

/** One tool whose definition changed between two scored versions, with its score before and after. */
export const ToolChangeSchema = z.object({
  name: z.string(),
  scoreBefore: z.number(),
  scoreAfter: z.number(),
  delta: z.number(),
});

/** What changed between the previous scored version and this one (the API's `changes`). */
export const LintChangesSchema = z.object({
  /** The version compared against: its id and label as the adapter stored them. */
  previous: z.object({ versionId: z.string(), label: z.string().nullable(), surfaceHash: z.string() }),
  toolsAdded: z.array(z.object({ name: z.string(), score: z.number() })),
  toolsRemoved: z.array(z.object({ name: z.string(), score: z.number() })),
  toolsChanged: z.array(ToolChangeSchema),
  /** Server mean before and after, and the difference (one decimal); null where a side has no tools. */
  scoreBefore: z.number().nullable(),
  scoreAfter: z.number().nullable(),
  delta: z.number().nullable(),
});
/** What changed between two scored versions. */
export type LintChanges = z.infer<typeof LintChangesSchema>;

const oneDecimal = (n: number): number => Math.round(n * 10) / 10;

/**
 * Compare the lint results of two versions of a server: tools added, removed and changed (same name,
 * different tool hash), with score deltas. Both results must come from the same rules version; names are
 * sorted so the diff does not depend on tool order.
 */
export function diffLintResults(previous: LintResult, current: LintResult, previousVersion: LintChanges['previous']): LintChanges {
  const before = new Map(previous.tools.map((t) => [t.name, t]));
  const after = new Map(current.tools.map((t) => [t.name, t]));
  const byName = (a: { name: string }, b: { name: string }): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  const toolsAdded = current.tools.filter((t) => !before.has(t.name)).map((t) => ({ name: t.name, score: t.score }));
  const toolsRemoved = previous.tools.filter((t) => !after.has(t.name)).map((t) => ({ name: t.name, score: t.score }));
  const toolsChanged = current.tools.flatMap((t) => {
    const old = before.get(t.name);
    if (old === undefined || old.hash === t.hash) return [];
    return [{ name: t.name, scoreBefore: old.score, scoreAfter: t.score, delta: t.score - old.score }];
  });
  const delta = previous.score === null || current.score === null ? null : oneDecimal(current.score - previous.score);
  return {
    previous: previousVersion,
    toolsAdded: toolsAdded.sort(byName),
    toolsRemoved: toolsRemoved.sort(byName),
    toolsChanged: toolsChanged.sort(byName),
    scoreBefore: previous.score,
    scoreAfter: current.score,
    delta,
  };
}
