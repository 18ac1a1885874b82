import type { RunReport } from '../contracts/eval.js';
import { shortHash } from '../report/format.js';
import { padEnd } from '../report/text-width.js';
import { visibleText } from '../report/visible.js';
import { formatRate, metricRows, PROVIDER_ERRORS_HEADING, providerErrorLines, runTitle, topConfusions } from './report-format.js';

/** The run report as terminal text (no colour codes; names shown with invisible characters made visible). */
export function renderRunTerminal(report: RunReport): string {
  const v = (s: string) => visibleText(s);
  const m = report.metrics;
  const lines: string[] = [];
  lines.push(`toolmark run — ${v(runTitle(report))}`);
  if (report.baseline) lines.push('  baseline: lexical router (BM25 over tool text), not a model');
  lines.push(`  surface ${report.surface.name ? `${v(report.surface.name)} ` : ''}${shortHash(report.surface.hash)} (${report.surface.toolCount} tools)`);
  if (report.distractors.length > 0) lines.push(`  distractors ${report.distractors.map((d) => `${v(d.name)} ${shortHash(d.hash)} (${d.toolCount})`).join(', ')}`);
  lines.push(`  cases ${report.caseSet.count} (${v(report.caseSet.source)}, ${shortHash(report.caseSet.hash)}) × ${report.conditions.repeats} repeat(s), seed ${report.conditions.seed}`);
  lines.push(`  trials ${m.trials}: ${m.scored} scored, ${m.truncated} truncated, ${m.errors} provider errors`);
  lines.push('');
  const rows = metricRows(report);
  const width = Math.max(...rows.map((r) => r.label.length));
  for (const r of rows) lines.push(`  ${padEnd(r.label, width)}  ${formatRate(r.rate)}${r.better === 'lower' ? '  (lower is better)' : ''}`);
  const tiers = Object.entries(m.byTier);
  if (tiers.length > 0) {
    lines.push('', '  per tier:');
    for (const [tier, r] of tiers) lines.push(`    ${padEnd(v(tier), 16)} ${formatRate(r)}`);
  }
  const mistakes = topConfusions(report);
  if (mistakes.length > 0) {
    lines.push('', '  most frequent mistakes (written for → called):');
    for (const c of mistakes) lines.push(`    ${v(c.expected)} → ${v(c.called)}  ×${c.count}`);
  }
  const errors = providerErrorLines(report);
  if (errors.length > 0) lines.push('', `  ${PROVIDER_ERRORS_HEADING}:`, ...errors.map((l) => `    ${v(l)}`));
  if (m.unreadableSchemas.length > 0) lines.push('', `  unreadable schemas (excluded from argValidity): ${m.unreadableSchemas.map((u) => v(u.tool)).join(', ')}`);
  if (report.unsupported.length > 0) lines.push(`  unsupported by the provider: ${report.unsupported.join(', ')}`);
  for (const w of report.warnings) lines.push(`  warning: ${v(w)}`);
  if (report.thresholds) {
    lines.push('', report.thresholds.ok ? '  thresholds: ok' : '  thresholds: FAILED');
    for (const f of report.thresholds.failures) lines.push(`    ${f.message}`);
  }
  return `${lines.join('\n')}\n`;
}
