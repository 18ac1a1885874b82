import { finding, type ServerRule } from '../../types.js';
import type { SurfaceFacts } from '../facts.js';
import { T } from '../thresholds.js';

/** `many_tools` (minor): more than 25 tools (and at most 40: above that `too_many_tools` applies). */
export const manyTools: ServerRule<SurfaceFacts> = {
  code: 'many_tools',
  check: (s) =>
    s.tools.length > T.manyTools && s.tools.length <= T.tooManyTools
      ? [
          finding('many_tools', 'minor', `${s.tools.length} tools: above ${T.manyTools}, models start to struggle to tell them apart`, {
            data: { tools: s.tools.length, maximum: T.manyTools },
          }),
        ]
      : [],
};
