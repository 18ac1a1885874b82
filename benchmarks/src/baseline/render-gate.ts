import { visibleText } from '../report/visible.js';
import type { Regression } from './gate.js';

/**
 * The regressions as plain text, grouped tool by tool (server-level ones first), every name and message
 * made visible (no control characters or bidi overrides from a hostile surface reach the terminal).
 * Empty input gives a one-line all-clear.
 */
export function renderRegressions(list: readonly Regression[], baselineName: string): string {
  const from = visibleText(baselineName);
  if (list.length === 0) return `no regression against the baseline ${from}\n`;
  const lines = [`${list.length} regression${list.length === 1 ? '' : 's'} against the baseline ${from}:`];
  let current: string | undefined;
  for (const r of list) {
    if (r.tool === undefined) {
      lines.push(`  ${visibleText(r.message)}`);
      continue;
    }
    if (r.tool !== current) {
      current = r.tool;
      lines.push(`  ${visibleText(r.tool, { spaces: true })}:`);
    }
    lines.push(`    - ${visibleText(r.message)}`);
  }
  return `${lines.join('\n')}\n`;
}
