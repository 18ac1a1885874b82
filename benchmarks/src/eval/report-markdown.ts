import type { RunReport } from '../contracts/eval.js';
import { shortHash } from '../report/format.js';
import { escapeMarkdown } from '../report/markdown.js';
import { formatRate, metricRows, PROVIDER_ERRORS_HEADING, providerErrorLines, runTitle, topConfusions } from './report-format.js';

/** The run report as GitHub-flavoured Markdown (every name from the surface escaped). */
export function renderRunMarkdown(report: RunReport): string {
  const e = (s: string) => escapeMarkdown(s);
  const m = report.metrics;
  const out: string[] = [];
  out.push(`## toolmark run — ${e(runTitle(report))}`, '');
  if (report.baseline) out.push('> **baseline**: the lexical router (BM25 over tool text), not a model.', '');
  out.push(
    `Surface ${report.surface.name ? `**${e(report.surface.name)}** ` : ''}\`${shortHash(report.surface.hash)}\` (${report.surface.toolCount} tools)` +
      (report.distractors.length > 0 ? `; distractors ${report.distractors.map((d) => `${e(d.name)} \`${shortHash(d.hash)}\``).join(', ')}` : '') +
      `. ${report.caseSet.count} cases × ${report.conditions.repeats} repeat(s), seed ${report.conditions.seed}; ${m.trials} trials, ${m.scored} scored, ${m.truncated} truncated, ${m.errors} provider errors.`,
    '',
  );
  out.push('| metric | value |', '|---|---|');
  for (const r of metricRows(report)) out.push(`| ${r.label}${r.better === 'lower' ? ' (lower is better)' : ''} | ${formatRate(r.rate)} |`);
  const tiers = Object.entries(m.byTier);
  if (tiers.length > 0) {
    out.push('', '| tier | passed |', '|---|---|');
    for (const [tier, r] of tiers) out.push(`| ${e(tier)} | ${formatRate(r)} |`);
  }
  const mistakes = topConfusions(report);
  if (mistakes.length > 0) {
    out.push('', '| written for | called | trials |', '|---|---|---|');
    for (const c of mistakes) out.push(`| ${e(c.expected)} | ${e(c.called)} | ${c.count} |`);
  }
  const errors = providerErrorLines(report);
  if (errors.length > 0) out.push('', `**${PROVIDER_ERRORS_HEADING}**:`, ...errors.map((l) => `- ${e(l)}`));
  if (m.unreadableSchemas.length > 0) out.push('', `Unreadable schemas (excluded from argValidity): ${m.unreadableSchemas.map((u) => e(u.tool)).join(', ')}.`);
  for (const w of report.warnings) out.push('', `> ⚠ ${e(w)}`);
  if (report.thresholds && !report.thresholds.ok) out.push('', '**Thresholds failed**:', ...report.thresholds.failures.map((f) => `- ${e(f.message)}`));
  return `${out.join('\n')}\n`;
}
