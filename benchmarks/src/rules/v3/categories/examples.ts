import type { Category } from '../../types.js';
import type { ContextV3, ToolFactsV3 } from '../facts.js';
import { goodExample, schemaRoot } from '../values.js';

/**
 * Examples (10): an example in a clause about the tool ("e.g. `useEffect lang:ts`"; "Example: example" is
 * content-free and earns nothing), a parameter's `examples`/`example` that is a valid, non-placeholder value
 * (values.ts: not the type name, "foo", `<owner>`), or an example in a parameter's description.
 */
export const examples: Category<ToolFactsV3, ContextV3> = {
  id: 'examples',
  max: 10,
  score(t) {
    if (t.cues.examples) return { points: 10, max: 10, notes: ['example in the description (+10)'] };
    const root = schemaRoot(t.tool.inputSchema);
    const param = t.params.find((p) => goodExample(p, root) !== undefined || p.exampleInDescription);
    if (param) return { points: 10, max: 10, notes: [`example on parameter ${param.name} (+10)`] };
    const placeholders = t.params.filter((p) => p.hasExample).map((p) => p.name);
    if (placeholders.length > 0) return { points: 0, max: 10, notes: [`examples of ${placeholders.join(', ')} are placeholders or invalid (+0)`] };
    return { points: 0, max: 10, notes: ['no example (+0)'] };
  },
};
