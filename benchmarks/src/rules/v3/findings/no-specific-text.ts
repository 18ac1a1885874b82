import { finding, type ToolRule } from '../../types.js';
import type { ContextV3, ToolFactsV3 } from '../facts.js';

/** At most this many clauses are quoted in the finding. */
const QUOTED = 5;

/**
 * `no_specific_text` (required / minor): clauses of the description that earn nothing because they say
 * nothing about this tool (info-text.ts): the same wording as most other tools once numbers, names and
 * synonyms are masked (`near-duplicate`), cue words or nonsense with nothing to act on (`content-free`), or
 * only the tool's own name (`name-only`). Required when no clause of the tool's own text is about it (a
 * model has only the name to choose by); minor otherwise. Why: the finding says where the points went.
 */
export const noSpecificText: ToolRule<ToolFactsV3, ContextV3> = {
  code: 'no_specific_text',
  check: (t) => {
    // Name-only clauses are restates_name's (when nothing else is left) or harmless beside text about the tool.
    const dropped = t.info.dropped.filter((d) => d.why !== 'name-only');
    if (dropped.length === 0 || !t.hasDescription) return [];
    const none = t.info.info === '';
    const kinds = [...new Set(dropped.map((d) => d.why))].sort();
    const quoted = dropped.slice(0, QUOTED).map((d) => `"${d.text.length > 80 ? `${d.text.slice(0, 77)}…` : d.text}" (${d.why})`);
    return [
      finding(
        'no_specific_text',
        none ? 'required' : 'minor',
        `${none ? 'nothing in the description is about this tool' : `${dropped.length} clause${dropped.length === 1 ? ' says' : 's say'} nothing about this tool`}: ${quoted.join('; ')}${dropped.length > QUOTED ? '; …' : ''}`,
        { tool: t.name, fields: ['description'], data: { clauses: dropped.length, kinds, excerpts: dropped.slice(0, QUOTED).map((d) => d.text), all: none } },
      ),
    ];
  },
};
