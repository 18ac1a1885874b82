import type { RunDiff, RunReport } from '../contracts/eval.js';
import { formatRate } from './report-format.js';
import { renderRunBadge } from './report-badge.js';
import { renderRunHtml } from './report-html.js';
import { renderRunJunit } from './report-junit.js';
import { renderRunMarkdown } from './report-markdown.js';
import { renderRunTerminal } from './report-terminal.js';

/** Output formats of `toolmark run --format` and `toolmark report --format`. */
export const RUN_FORMATS = ['terminal', 'json', 'markdown', 'html', 'junit', 'badge'] as const;
/** An output format. */
export type RunFormat = (typeof RUN_FORMATS)[number];

/** Render a run report in one of the formats (pure string builders; `json` is the saved report itself). */
export function renderRunReport(report: RunReport, format: RunFormat): string {
  switch (format) {
    case 'terminal':
      return renderRunTerminal(report);
    case 'json':
      return `${JSON.stringify(report, null, 2)}\n`;
    case 'markdown':
      return renderRunMarkdown(report);
    case 'html':
      return renderRunHtml(report);
    case 'junit':
      return renderRunJunit(report);
    case 'badge':
      return renderRunBadge(report);
  }
}

/** A diff as plain text (terminal and Markdown read the same): metric deltas, the sign test, the verdict. */
export function renderDiffText(diff: RunDiff): string {
  const d = (x: number | null) => (x === null ? '—' : `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)} pt`);
  const lines = [
    `paired trials ${diff.pairs} (unpaired ${diff.unpaired}): ${diff.regressed} regressed, ${diff.improved} improved; sign test p = ${diff.pValue === null ? '—' : diff.pValue.toPrecision(3)}${diff.significant ? ' (distinguishable)' : ''}`,
    `selectionAcc  ${formatRate(diff.selectionAcc.base)} → ${formatRate(diff.selectionAcc.head)}  ${d(diff.selectionAcc.delta)}`,
    `argValidity   ${formatRate(diff.argValidity.base)} → ${formatRate(diff.argValidity.head)}  ${d(diff.argValidity.delta)}`,
    `falseCallRate ${formatRate(diff.falseCallRate.base)} → ${formatRate(diff.falseCallRate.head)}  ${d(diff.falseCallRate.delta)}`,
    `multi-calls   +${diff.multiCall.increased} / −${diff.multiCall.decreased}`,
    diff.regression ? `REGRESSION: ${diff.reasons.join('; ')}` : 'no distinguishable regression',
  ];
  return `${lines.join('\n')}\n`;
}
