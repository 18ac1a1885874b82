import type { RunReport } from '../contracts/eval.js';
import { shortHash } from '../report/format.js';
import { formatRate, metricRows, PROVIDER_ERRORS_HEADING, providerErrorLines, runTitle, BASELINE_LABEL } from './report-format.js';

/** Escape text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** The run report as one self-contained HTML page (no scripts, no external resources; all text escaped). */
export function renderRunHtml(report: RunReport): string {
  const h = escapeHtml;
  const m = report.metrics;
  const rows = metricRows(report)
    .map((r) => `<tr><th scope="row">${h(r.label)}${r.better === 'lower' ? ' <small>(lower is better)</small>' : ''}</th><td>${h(formatRate(r.rate))}</td></tr>`)
    .join('\n');
  const tiers = Object.entries(m.byTier)
    .map(([t, r]) => `<tr><th scope="row">${h(t)}</th><td>${h(formatRate(r))}</td></tr>`)
    .join('\n');
  const counts = new Map(m.confusion.cells.map((c) => [`${c.expected}\u0000${c.called}`, c.count] as const));
  const matrix = [
    `<tr><th scope="col">written for ↓ / called →</th>${m.confusion.columns.map((c) => `<th scope="col">${h(c)}</th>`).join('')}</tr>`,
    ...m.confusion.rows.map(
      (r) =>
        `<tr><th scope="row">${h(r)}</th>${m.confusion.columns
          .map((c) => {
            const n = counts.get(`${r}\u0000${c}`) ?? 0;
            const cls = n === 0 ? '' : r === c || (r === '(none)' && c === '(none)') ? ' class="ok"' : ' class="miss"';
            return `<td${cls}>${n === 0 ? '' : n}</td>`;
          })
          .join('')}</tr>`,
    ),
  ].join('\n');
  const title = `toolmark run — ${runTitle(report)}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${h(title)}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:72rem;margin:2rem auto;padding:0 1rem;color:#1b1f24}
table{border-collapse:collapse;margin:1rem 0}th,td{border:1px solid #d0d7de;padding:.3rem .6rem;text-align:left}
td.ok{background:#dafbe1}td.miss{background:#ffebe9}.baseline{background:#fff8c5;padding:.5rem 1rem;border-radius:6px}
small{color:#57606a}
</style>
</head>
<body>
<h1>${h(title)}</h1>
${report.baseline ? `<p class="baseline"><strong>${BASELINE_LABEL}</strong>: the lexical router (BM25 over tool text), not a model.</p>` : ''}
<p>Surface ${report.surface.name ? `<strong>${h(report.surface.name)}</strong> ` : ''}<code>${h(shortHash(report.surface.hash))}</code> (${report.surface.toolCount} tools)${
    report.distractors.length > 0 ? `; distractors ${report.distractors.map((d) => `${h(d.name)} <code>${h(shortHash(d.hash))}</code>`).join(', ')}` : ''
  }. ${report.caseSet.count} cases × ${report.conditions.repeats} repeat(s), seed ${report.conditions.seed}; ${m.trials} trials, ${m.scored} scored, ${m.truncated} truncated, ${m.errors} provider errors. Code ${h(report.codeVersion)}, ${h(report.startedAt)} – ${h(report.finishedAt)}.</p>
<table><tbody>
${rows}
</tbody></table>
${tiers ? `<h2>Per tier</h2><table><tbody>\n${tiers}\n</tbody></table>` : ''}
<h2>Tools called</h2>
<table>
${matrix}
</table>
${providerErrorLines(report).length > 0 ? `<h2>${h(PROVIDER_ERRORS_HEADING)}</h2>\n<ul>${providerErrorLines(report).map((l) => `<li>${h(l)}</li>`).join('')}</ul>` : ''}
${report.warnings.map((w) => `<p>⚠ ${h(w)}</p>`).join('\n')}
</body>
</html>
`;
}
