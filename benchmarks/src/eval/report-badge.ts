import type { RunReport } from '../contracts/eval.js';
import { BASELINE_LABEL } from './report-format.js';
import { escapeHtml } from './report-html.js';

/** The badge colour of a selection accuracy: ≥ 90 % green, ≥ 70 % yellow, else red; grey for "—". */
export function badgeColor(value: number | null): string {
  if (value === null) return 'lightgrey';
  return value >= 0.9 ? 'brightgreen' : value >= 0.7 ? 'yellow' : 'red';
}

/** A shields.io endpoint badge (JSON) of the run's tool selection accuracy; labelled "baseline" for the lexical router. */
export function renderRunBadge(report: RunReport): string {
  const v = report.metrics.selectionAcc.value;
  const label = report.baseline ? `tool selection (${BASELINE_LABEL})` : 'tool selection';
  return `${JSON.stringify({ schemaVersion: 1, label, message: v === null ? '—' : `${Math.round(v * 100)} %`, color: badgeColor(v) })}\n`;
}

const COLORS: Record<string, string> = { brightgreen: '#2da44e', yellow: '#bf8700', red: '#cf222e', lightgrey: '#8c959f' };

/** The same badge as a small self-contained SVG. */
export function renderRunBadgeSvg(report: RunReport): string {
  const v = report.metrics.selectionAcc.value;
  const label = report.baseline ? `tool selection (${BASELINE_LABEL})` : 'tool selection';
  const message = v === null ? '—' : `${Math.round(v * 100)} %`;
  const lw = 7 * label.length + 10;
  const mw = 7 * message.length + 10;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${lw + mw}" height="20" role="img" aria-label="${escapeHtml(`${label}: ${message}`)}"><rect width="${lw}" height="20" fill="#555"/><rect x="${lw}" width="${mw}" height="20" fill="${COLORS[badgeColor(v)]}"/><g fill="#fff" font-family="Verdana,sans-serif" font-size="11"><text x="5" y="14">${escapeHtml(label)}</text><text x="${lw + 5}" y="14">${escapeHtml(message)}</text></g></svg>\n`;
}
