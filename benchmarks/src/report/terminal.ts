import type { Band, Finding, LintResult, Severity, ToolResult } from '../contracts/lint-result.js';
import { CATEGORY_ORDER } from './order.js';
import { bandLabel } from './band.js';
import { formatMean, formatSimilarity, groupBySeverity, REPORT_TOP_PAIRS, SEVERITY_ORDER, shortHash } from './format.js';
import { displayWidth, padEnd, wrapText } from './text-width.js';
import { visibleText } from './visible.js';

/** Options of {@link renderTerminal}; the caller decides colour (NO_COLOR, FORCE_COLOR, TTY) and width. */
export interface TerminalOptions {
  /** Emit ANSI colour codes. Every fact is also carried by a word, so nothing is lost without colour. */
  color: boolean;
  /** Columns to wrap at; default 80, at least 40. */
  width?: number;
}

type Style = 'bold' | 'dim' | 'red' | 'green' | 'yellow' | 'cyan';
const SGR: Record<Style, [number, number]> = {
  bold: [1, 22],
  dim: [2, 22],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  cyan: [36, 39],
};
const BAND_STYLE: Record<Band, Style> = { sunny: 'green', cloudy: 'yellow', rain: 'red' };
const SEVERITY_STYLE: Record<Severity, Style> = { critical: 'red', required: 'yellow', minor: 'cyan' };
const BAND_COLUMN = displayWidth(bandLabel('cloudy'));

/** A piece of a line: plain text, optionally styled. Widths are measured on the text, never on escapes. */
interface Span {
  text: string;
  style?: Style;
}

/** Names are shown with every invisible character and odd space made visible. */
const shownName = (text: string): string => visibleText(text, { spaces: true });

/** Render a lint result for a terminal: one card per tool, server-wide findings, confusable pairs, summary. */
export function renderTerminal(result: LintResult, options: TerminalOptions): string {
  const width = Math.max(40, options.width ?? 80);
  const out: string[] = [];
  const paint = (span: Span): string => {
    if (!options.color || span.style === undefined) return span.text;
    const [open, close] = SGR[span.style];
    return `\u001b[${open}m${span.text}\u001b[${close}m`;
  };
  const line = (indent: number, ...spans: Span[]): void => {
    out.push(' '.repeat(indent) + spans.map(paint).join(''));
  };

  /**
   * Wrap `lead`, `spaces` spaces and `text` at `indent`, continuation lines two columns further in; only `lead`
   * is styled. The gap is held by no-break spaces while wrapping so it survives as two columns.
   */
  const para = (indent: number, lead: Span, text: string, spaces = 2): void => {
    const gap = '\u00A0'.repeat(spaces);
    const lines = wrapText(`${lead.text}${gap}${text}`, width - indent - 2);
    lines.forEach((l, i) => {
      if (i === 0 && l.startsWith(lead.text + gap)) line(indent, lead, { text: ' '.repeat(spaces) + l.slice(lead.text.length + gap.length) });
      else line(i === 0 ? indent : indent + 2, { text: l });
    });
  };

  /** Items joined with ` · `, wrapped between items rather than inside one. */
  const items = (indent: number, parts: Span[]): void => {
    let current: Span[] = [];
    let used = indent;
    for (const part of parts) {
      const w = displayWidth(part.text);
      if (current.length > 0 && used + 3 + w > width) {
        line(indent, ...current);
        current = [];
        used = indent;
      }
      if (current.length > 0) {
        current.push({ text: ' · ' });
        used += 3;
      }
      current.push(part);
      used += w;
    }
    if (current.length > 0) line(indent, ...current);
  };

  const findings = (list: readonly Finding[], indent: number): void => {
    for (const group of groupBySeverity(list)) {
      line(indent, { text: `${group.severity} (${group.findings.length})`, style: SEVERITY_STYLE[group.severity] });
      for (const f of group.findings) para(indent + 2, { text: visibleText(f.code), style: 'bold' }, visibleText(f.message));
    }
  };

  const card = (tool: ToolResult): void => {
    const score = String(tool.score).padStart(3);
    const label = bandLabel(tool.band);
    const head = `${score} ${padEnd(label, BAND_COLUMN)}  `;
    const names = wrapText(shownName(tool.name), width - displayWidth(head));
    line(
      0,
      { text: score, style: 'bold' },
      { text: ' ' },
      { text: label, style: BAND_STYLE[tool.band] },
      { text: padEnd('', BAND_COLUMN - displayWidth(label) + 2) },
      { text: names[0] ?? '', style: 'bold' },
    );
    for (const more of names.slice(1)) line(displayWidth(head), { text: more, style: 'bold' });
    const cats = CATEGORY_ORDER.flatMap((id) => {
      const c = tool.categories[id];
      return c === undefined ? [] : [{ text: `${id} ${c.points}/${c.max}` }];
    });
    items(4, [...cats, { text: `${tool.tokens} tokens` }, { text: `language ${visibleText(tool.language)}` }]);
    if (tool.confusableWith.length > 0) para(4, { text: 'confusable with:' }, tool.confusableWith.map(shownName).join(', '), 1);
    findings(tool.findings, 4);
  };

  line(0, { text: `Tools (${result.tools.length})`, style: 'bold' });
  if (result.tools.length === 0) line(2, { text: 'This surface has no tools.' });
  for (const tool of result.tools) card(tool);

  if (result.findings.length > 0) {
    out.push('');
    line(0, { text: 'Server-wide findings', style: 'bold' });
    findings(result.findings, 2);
  }

  const pairs = result.confusablePairs;
  out.push('');
  if (pairs.total === 0) line(0, { text: 'Confusable pairs', style: 'bold' }, { text: ': none' });
  else {
    const top = pairs.top.slice(0, REPORT_TOP_PAIRS);
    const shown = top.length < pairs.total ? `, the ${top.length} most similar shown` : '';
    line(0, { text: 'Confusable pairs', style: 'bold' }, { text: `: ${pairs.total} in all${shown}` });
    for (const pair of top) {
      para(2, { text: formatSimilarity(pair.similarity) }, `${shownName(pair.tools[0])} ↔ ${shownName(pair.tools[1])}`);
    }
  }

  out.push('');
  if (result.score === null || result.band === null) line(0, { text: 'Server mean –', style: 'bold' }, { text: ' (no tools to score)' });
  else {
    line(
      0,
      { text: `Server mean ${formatMean(result.score)}/100`, style: 'bold' },
      { text: ' ' },
      { text: bandLabel(result.band), style: BAND_STYLE[result.band] },
    );
  }
  items(0, [
    { text: `${result.surface.toolCount} tools` },
    { text: `${result.tokens.total} tokens (${visibleText(result.tokens.tokenizer)})` },
    ...SEVERITY_ORDER.map((s): Span => ({ text: `${result.counts[s]} ${s}`, style: SEVERITY_STYLE[s] })),
  ]);
  items(0, [
    { text: `rules ${visibleText(result.rules.id)} ${shortHash(result.rules.hash)}`, style: 'dim' },
    { text: `surface ${shortHash(result.surface.hash)}`, style: 'dim' },
  ]);
  return `${out.join('\n')}\n`;
}
