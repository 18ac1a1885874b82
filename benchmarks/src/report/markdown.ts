import type { Finding, LintResult, ToolResult } from '../contracts/lint-result.js';
import { CATEGORY_ORDER } from './order.js';
import { bandLabel } from './band.js';
import { formatMean, formatSimilarity, groupBySeverity, REPORT_TOP_PAIRS, SEVERITY_ORDER, shortHash } from './format.js';
import { visibleText } from './visible.js';

/**
 * Markdown-inert text: invisible characters made visible (`<U+202E>`), then every ASCII punctuation
 * character backslash-escaped (CommonMark allows escaping any of them), so no input can open a link, an
 * HTML tag, emphasis, a table cell, a heading or a math span. Line breaks were already made visible.
 */
export function escapeMarkdown(text: string, options: { name?: boolean } = {}): string {
  return visibleText(text, { spaces: options.name === true }).replace(/[!-/:-@[-`{-~]/g, '\\$&');
}

/** A code span for identifiers we control (finding codes, hashes); anything else falls back to escaped text. */
function code(text: string): string {
  return /^[\w.:-]+$/.test(text) ? `\`${text}\`` : escapeMarkdown(text);
}

const toolName = (name: string): string => escapeMarkdown(name, { name: true });
const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

function findingList(findings: readonly Finding[]): string[] {
  const out: string[] = [];
  for (const group of groupBySeverity(findings)) {
    out.push(`**${capital(group.severity)}** (${group.findings.length})`, '');
    for (const f of group.findings) out.push(`- ${code(f.code)} — ${escapeMarkdown(f.message)}`);
    out.push('');
  }
  return out;
}

function toolSection(tool: ToolResult): string[] {
  const out = [`### ${toolName(tool.name)} — ${tool.score}/100 ${bandLabel(tool.band)}`, ''];
  const cats = CATEGORY_ORDER.flatMap((id) => {
    const c = tool.categories[id];
    return c === undefined ? [] : [`${id} ${c.points}/${c.max}`];
  });
  out.push([...cats, `${tool.tokens} tokens`, `language ${escapeMarkdown(tool.language)}`].join(' · '), '');
  if (tool.confusableWith.length > 0) out.push(`Confusable with: ${tool.confusableWith.map(toolName).join(', ')}`, '');
  out.push(...findingList(tool.findings));
  return out;
}

/** Render a lint result as Markdown (for pull-request comments and CI summaries); hostile input stays inert. */
export function renderMarkdown(result: LintResult): string {
  const out: string[] = ['## toolmark lint', ''];
  const mean =
    result.score === null || result.band === null
      ? '**Server mean: –** (no tools to score)'
      : `**Server mean: ${formatMean(result.score)}/100 ${bandLabel(result.band)}**`;
  out.push(
    `${mean} · ${result.surface.toolCount} tools · ${result.tokens.total} tokens (${escapeMarkdown(result.tokens.tokenizer)})`,
    '',
    `Findings: ${SEVERITY_ORDER.map((s) => `${result.counts[s]} ${s}`).join(' · ')} · rules ${escapeMarkdown(result.rules.id)} ${code(shortHash(result.rules.hash))} · surface ${code(shortHash(result.surface.hash))}`,
    '',
  );

  if (result.tools.length > 0) {
    out.push('| Tool | Score | Band | Critical | Required | Minor |', '|---|---:|---|---:|---:|---:|');
    for (const tool of result.tools) {
      const n = (s: string): number => tool.findings.filter((f) => f.severity === s).length;
      out.push(`| ${toolName(tool.name)} | ${tool.score} | ${bandLabel(tool.band)} | ${n('critical')} | ${n('required')} | ${n('minor')} |`);
    }
    out.push('');
  }

  if (result.findings.length > 0) out.push('### Server-wide findings', '', ...findingList(result.findings));

  const pairs = result.confusablePairs;
  out.push('### Confusable pairs', '');
  if (pairs.total === 0) out.push('None.', '');
  else {
    const top = pairs.top.slice(0, REPORT_TOP_PAIRS);
    out.push(top.length < pairs.total ? `${pairs.total} in all; the ${top.length} most similar:` : `${pairs.total} in all:`, '');
    out.push('| Tools | Similarity |', '|---|---:|');
    for (const p of top) out.push(`| ${toolName(p.tools[0])} ↔ ${toolName(p.tools[1])} | ${formatSimilarity(p.similarity)} |`);
    out.push('');
  }

  for (const tool of result.tools) out.push(...toolSection(tool));
  return `${out.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`;
}
