import type { LintComparison, ToolDelta } from '../baseline/compare.js';
import type { Regression } from '../baseline/gate.js';
import { bandLabel } from './band.js';
import { escapeMarkdown } from './markdown.js';
import { formatMean } from './format.js';

/** GitHub's limit on a pull-request comment, in characters. */
export const GITHUB_COMMENT_LIMIT = 65_536;

/** What the PR report knows besides the comparison. */
export interface PrMarkdownOptions {
  /** How the baseline is named (a file name or an instance URL). */
  baseline: string;
  /** The server's page on the instance, linked when known. */
  serverUrl?: string;
  /** Maximum length of the report (default: GitHub's comment limit). */
  limit?: number;
}

const signed = (n: number, digits = 0): string => `${n > 0 ? '+' : n < 0 ? '−' : '±'}${Math.abs(n).toFixed(digits)}`;
const name = (s: string): string => escapeMarkdown(s, { name: true });

function side(s: ToolDelta['before']): string {
  return s === null ? '–' : `${s.score} ${bandLabel(s.band)}`;
}

function toolRow(t: ToolDelta): string {
  const change = t.before === null ? 'added' : t.after === null ? 'removed' : `${signed(t.delta ?? 0)}${t.bandDown ? ' ⚠ band down' : ''}`;
  return `| ${name(t.name)} | ${side(t.before)} | ${side(t.after)} | ${change} |`;
}

function findingRow(change: LintComparison['newFindings'][number]): string {
  const f = change.finding;
  const where = f.tool === undefined ? 'server' : name(f.tool);
  return `| ${where} | \`${f.code.replace(/[^\w.:-]/g, '')}\`${change.security ? ' (security)' : ''} | ${f.severity} | ${escapeMarkdown(f.message)} |`;
}

/**
 * A pull-request comment: the verdict, the server mean and band before and after, tools that moved, new and
 * fixed findings. Kept under `limit` characters (GitHub's 65 536 by default): past it, whole lines are
 * dropped from the end and a note says how many. Hostile names and messages stay inert.
 */
export function renderPrMarkdown(comparison: LintComparison, found: readonly Regression[], options: PrMarkdownOptions): string {
  const limit = options.limit ?? GITHUB_COMMENT_LIMIT;
  const c = comparison;
  const verdict = found.length === 0 ? '✅ no regression' : `❌ ${found.length} regression${found.length === 1 ? '' : 's'}`;
  const head = ['## toolmark lint — change against the baseline', '', `**${verdict}** against ${escapeMarkdown(options.baseline)} (rules ${escapeMarkdown(c.rules)})`, ''];
  if (options.serverUrl !== undefined && /^https?:\/\/[^\s()<>]+$/.test(options.serverUrl)) head.push(`[Server page](${options.serverUrl})`, '');
  const band = (b: LintComparison['bandBefore']): string => (b === null ? '–' : bandLabel(b));
  const body: string[] = [
    '| | Baseline | Now | Change |',
    '|---|---:|---:|---:|',
    `| Server mean | ${formatMean(c.scoreBefore)} | ${formatMean(c.scoreAfter)} | ${c.delta === null ? '–' : signed(c.delta, 1)} |`,
    `| Band | ${band(c.bandBefore)} | ${band(c.bandAfter)} | |`,
    '',
  ];
  if (found.length > 0) {
    body.push('### Regressions', '');
    for (const r of found) body.push(`- ${r.tool === undefined ? '' : `**${name(r.tool)}**: `}${escapeMarkdown(r.message)}`);
    body.push('');
  }
  body.push(`### Tools (${c.tools.length} changed, ${c.unchanged} unchanged)`, '');
  if (c.tools.length > 0) body.push('| Tool | Baseline | Now | Change |', '|---|---:|---:|---:|', ...c.tools.map(toolRow), '');
  for (const [title, list] of [
    ['New findings', c.newFindings],
    ['Fixed findings', c.fixedFindings],
  ] as const) {
    body.push(`### ${title} (${list.length})`, '');
    if (list.length > 0) body.push('| Tool | Code | Severity | Message |', '|---|---|---|---|', ...list.map(findingRow), '');
  }
  return fit([...head, ...body], limit);
}

/** Whole lines up to `limit` characters, with a note of what was left out when some were. */
function fit(lines: string[], limit: number): string {
  const all = `${lines.join('\n')}\n`;
  if (all.length <= limit) return all;
  const kept: string[] = [];
  let size = 0;
  const reserve = 200;
  for (const line of lines) {
    if (size + line.length + 1 > limit - reserve) break;
    kept.push(line);
    size += line.length + 1;
  }
  const left = lines.length - kept.length;
  return `${kept.join('\n')}\n\n_… ${left} more lines left out to stay under the ${limit}-character comment limit; run \`toolmark lint --baseline\` for the full list._\n`;
}
