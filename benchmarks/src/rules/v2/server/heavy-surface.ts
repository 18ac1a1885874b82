import { finding, type ServerRule } from '../../types.js';
import type { SurfaceFacts } from '../facts.js';
import { T } from '../thresholds.js';

/** `heavy_surface` (minor above 10 000 tokens, required above 25 000): the whole surface's cost in every request. */
export const heavySurface: ServerRule<SurfaceFacts> = {
  code: 'heavy_surface',
  check: (s) => {
    if (s.totalTokens <= T.heavySurfaceTokensMinor) return [];
    const severity = s.totalTokens > T.heavySurfaceTokensRequired ? 'required' : 'minor';
    return [
      finding('heavy_surface', severity, `the tools cost ${s.totalTokens} tokens (${s.tokenizer}) in every request`, {
        fields: ['description', 'inputSchema'],
        data: { tokens: s.totalTokens, tokenizer: s.tokenizer, minor: T.heavySurfaceTokensMinor, required: T.heavySurfaceTokensRequired },
      }),
    ];
  },
};
