import { finding, type ServerRule } from '../../types.js';
import type { SurfaceFacts } from '../facts.js';
import { T } from '../thresholds.js';

/** `too_many_tools` (required): more than 40 tools; selection accuracy drops. */
export const tooManyTools: ServerRule<SurfaceFacts> = {
  code: 'too_many_tools',
  check: (s) =>
    s.tools.length > T.tooManyTools
      ? [
          finding('too_many_tools', 'required', `${s.tools.length} tools: above ${T.tooManyTools}, models select less accurately`, {
            data: { tools: s.tools.length, maximum: T.tooManyTools },
          }),
        ]
      : [],
};
