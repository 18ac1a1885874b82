import type { Category } from '../../types.js';
import type { ToolContext, ToolFacts } from '../facts.js';

/** Examples (10): an example in the description, a parameter's `examples`/`example`, or one in a parameter's description. */
export const examples: Category<ToolFacts, ToolContext> = {
  id: 'examples',
  max: 10,
  score(t) {
    if (t.cues.examples) return { points: 10, max: 10, notes: ['example in the description (+10)'] };
    const param = t.params.find((p) => p.hasExample || p.exampleInDescription);
    if (param) return { points: 10, max: 10, notes: [`example on parameter ${param.name} (+10)`] };
    return { points: 0, max: 10, notes: ['no example (+0)'] };
  },
};
