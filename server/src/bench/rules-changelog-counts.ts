// The counting of `npm run rules:changelog` (rules-changelog.ts), kept free of I/O so a test can hold it:
// for each change of a rules version, the measure that shows it on a tool's result, and how many tools of
// the corpus that measure moved between two versions.
import type { LintResult, ToolResult } from '@toolmark/benchmarks';

/** The heading of the generated section of a CHANGELOG.md (replaced up to the next `## ` heading). */
export const CHANGELOG_SECTION = '## Tools moved on the corpus';

/** How a measure moved on one tool: up, down, or changed without a direction (findings, pairs). */
export type Move = 'up' | 'down' | 'changed' | null;

/** Security codes of each side, to tell security findings from the others. */
export interface CountContext {
  before: LintResult[];
  after: LintResult[];
  securityCodes: { before: ReadonlySet<string>; after: ReadonlySet<string> };
}

/** One line of the table: the CHANGELOG rows it measures, what it reads, and how it moved on a tool. */
export interface Measure {
  rows: string;
  reads: string;
  move: (before: ToolResult, after: ToolResult, ctx: CountContext) => Move;
}

/** The points of one category's notes that match `part` (each note ends "(+N)"; a cap note adds nothing). */
export function partPoints(t: ToolResult, category: keyof ToolResult['categories'], part: RegExp): number {
  const notes = t.categories[category]?.notes ?? [];
  return notes.filter((n) => part.test(n)).reduce((sum, n) => sum + Number(/\(\+(\d+(?:\.\d+)?)\)\s*$/.exec(n)?.[1] ?? 0), 0);
}

const direction = (a: number, b: number): Move => (b > a ? 'up' : b < a ? 'down' : null);

/** The (code, severity) pairs of a tool's findings among `codes` (all codes when omitted), as a sorted key. */
function findingKey(t: ToolResult, keep: (code: string) => boolean): string {
  return [...new Set(t.findings.filter((f) => keep(f.code)).map((f) => `${f.code}:${f.severity}`))].sort().join(',');
}

/** A measure that reads some finding codes: changed when the tool's (code, severity) set of them changed. */
const findings = (codes: string[]) => (b: ToolResult, a: ToolResult): Move => {
  const keep = (c: string) => codes.includes(c);
  return findingKey(b, keep) === findingKey(a, keep) ? null : 'changed';
};

/** The first move of several measures of one row (a row may show in points and in findings). */
const either =
  (...moves: Measure['move'][]): Measure['move'] =>
  (b, a, ctx) => {
    for (const m of moves) {
      const r = m(b, a, ctx);
      if (r !== null) return r;
    }
    return null;
  };

const USAGE_WHEN = /when (not )?to use it|says when/;
const RETURNS_TEXT = /description says what comes back/;
const upOnly = (m: Measure['move']): Measure['move'] => (b, a, ctx) => (m(b, a, ctx) === 'up' ? 'up' : null);
const downOnly = (m: Measure['move']): Measure['move'] => (b, a, ctx) => (m(b, a, ctx) === 'down' ? 'down' : null);
const usageWhen: Measure['move'] = (b, a) => direction(partPoints(b, 'usage', USAGE_WHEN), partPoints(a, 'usage', USAGE_WHEN));
const returnsText: Measure['move'] = (b, a) => direction(partPoints(b, 'returns', RETURNS_TEXT), partPoints(a, 'returns', RETURNS_TEXT));

/** Security findings (every security code of either version, with severity) changed. */
const securityFindings: Measure['move'] = (b, a, ctx) => {
  const keep = (c: string) => ctx.securityCodes.before.has(c) || ctx.securityCodes.after.has(c);
  return findingKey(b, keep) === findingKey(a, keep) ? null : 'changed';
};
const SECURITY_READS = 'security findings (every security code of either version, with severity)';

/** The tools a tool is confusable with changed. */
const confusableWith: Measure['move'] = (b, a) => (JSON.stringify([...b.confusableWith].sort()) === JSON.stringify([...a.confusableWith].sort()) ? null : 'changed');
const PAIRS_READS = 'the tools a tool is confusable with (`confusableWith`)';

/** v2 → v3: the measure of each row of benchmarks/src/rules/v3/CHANGELOG.md. */
export const V3_MEASURES: Measure[] = [
  {
    rows: '1–3, 11, 12, 14',
    reads: 'purpose points; usage "when" and returns-in-the-description points that fell (cue text that is no longer information)',
    move: either((b, a) => direction(b.categories.purpose.points, a.categories.purpose.points), downOnly(usageWhen), downOnly(returnsText)),
  },
  { rows: '4', reads: 'usage "when" / "when not" and returns-in-the-description points that rose', move: either(upOnly(usageWhen), upOnly(returnsText)) },
  { rows: '5', reads: 'returns points of the outputSchema', move: (b, a) => direction(partPoints(b, 'returns', /outputSchema/), partPoints(a, 'returns', /outputSchema/)) },
  { rows: '6', reads: 'examples points', move: (b, a) => direction(b.categories.examples.points, a.categories.examples.points) },
  { rows: '7', reads: 'usage points of a named alternative', move: (b, a) => direction(partPoints(b, 'usage', /alternative|does not overlap/), partPoints(a, 'usage', /alternative|does not overlap/)) },
  {
    rows: '8',
    reads: 'constraints points of the hints; hint findings (destructive_hint_false, readonly_hint_on_write, annotation_conflict, destructive_hint_on_read)',
    move: either(
      (b, a) => direction(partPoints(b, 'constraints', /hint/), partPoints(a, 'constraints', /hint/)),
      findings(['destructive_hint_false', 'readonly_hint_on_write', 'annotation_conflict', 'destructive_hint_on_read']),
    ),
  },
  {
    rows: '9',
    reads: 'parameters points of described or evident parameters; param_no_description (code, severity)',
    move: either((b, a) => direction(partPoints(b, 'parameters', /described/), partPoints(a, 'parameters', /described/)), findings(['param_no_description'])),
  },
  { rows: '10, 18', reads: 'too_short, no_usage_context, restates_name, no_return_info, no_specific_text (code, severity)', move: findings(['too_short', 'no_usage_context', 'restates_name', 'no_return_info', 'no_specific_text']) },
  {
    rows: '13, 15, 16, S1–S4',
    reads: SECURITY_READS,
    move: securityFindings,
  },
  { rows: 'C1, 17', reads: PAIRS_READS, move: confusableWith },
];

/** The points of one category, as a measure. */
const categoryPoints =
  (category: keyof ToolResult['categories']): Measure['move'] =>
  (b, a) =>
    direction(b.categories[category]?.points ?? 0, a.categories[category]?.points ?? 0);

/**
 * v3 → v4: v4's changes are grouped in its CHANGELOG.md by what they read — the text (content-free and
 * near-duplicate wording), the confusable pairs and the security scan — so each group is one measure, and each
 * category's points are counted so a change's side effects show.
 */
export const V4_MEASURES: Measure[] = [
  { rows: 'Text', reads: 'purpose points', move: categoryPoints('purpose') },
  { rows: 'Text', reads: 'usage points', move: categoryPoints('usage') },
  { rows: 'Text', reads: 'returns points', move: categoryPoints('returns') },
  { rows: 'Text', reads: 'constraints points', move: categoryPoints('constraints') },
  { rows: 'Text', reads: 'parameters points', move: categoryPoints('parameters') },
  { rows: 'Text', reads: 'examples points', move: categoryPoints('examples') },
  { rows: 'Text', reads: 'too_short, no_usage_context, restates_name, no_return_info, no_specific_text (code, severity)', move: findings(['too_short', 'no_usage_context', 'restates_name', 'no_return_info', 'no_specific_text']) },
  { rows: 'Security', reads: SECURITY_READS, move: securityFindings },
  { rows: 'Pairs', reads: PAIRS_READS, move: confusableWith },
];

/** The measures of each version's CHANGELOG, by the version they lead to. */
export const MEASURES: Readonly<Record<string, { from: string; measures: Measure[] }>> = {
  v3: { from: 'v2', measures: V3_MEASURES },
  v4: { from: 'v3', measures: V4_MEASURES },
};

/** One counted line. */
export interface Count {
  rows: string;
  reads: string;
  up: number;
  down: number;
  changed: number;
}

/** What every row moved, and the totals: tools whose score rose, fell or stayed; servers whose mean moved. */
export interface Counts {
  lines: Count[];
  score: { up: number; down: number; same: number };
  servers: { moved: number; of: number; securityRisk: { before: number; after: number } };
}

/** Count each measure over the tools present under both versions (`pairs`: before, after). */
export function changelogCounts(measures: Measure[], pairs: [ToolResult, ToolResult][], ctx: CountContext): Counts {
  const lines = measures.map((m): Count => {
    const c: Count = { rows: m.rows, reads: m.reads, up: 0, down: 0, changed: 0 };
    for (const [b, a] of pairs) {
      const r = m.move(b, a, ctx);
      if (r !== null) c[r]++;
    }
    return c;
  });
  const score = { up: 0, down: 0, same: 0 };
  for (const [b, a] of pairs) score[a.score > b.score ? 'up' : a.score < b.score ? 'down' : 'same']++;
  const risk = (results: LintResult[], codes: ReadonlySet<string>) =>
    results.filter((r) => [...r.findings, ...r.tools.flatMap((t) => t.findings)].some((f) => f.severity === 'critical' && codes.has(f.code))).length;
  return {
    lines,
    score,
    servers: {
      moved: ctx.before.filter((r, i) => r.score !== ctx.after[i]!.score).length,
      of: ctx.before.length,
      securityRisk: { before: risk(ctx.before, ctx.securityCodes.before), after: risk(ctx.after, ctx.securityCodes.after) },
    },
  };
}

/** The CHANGELOG section: a table of the counts and how to regenerate it. */
export function changelogSection(c: Counts, about: { from: string; to: string; surfaces: number; tools: number; command: string }): string {
  const moved = (l: Count) => [l.up > 0 || l.down > 0 ? `${l.up} up / ${l.down} down` : '', l.changed > 0 ? `${l.changed} changed` : ''].filter(Boolean).join(', ') || '0';
  return [
    CHANGELOG_SECTION,
    '',
    `Generated by \`${about.command}\` (server/src/bench/rules-changelog.ts): every real surface we hold — the labelled`,
    `corpus, the distractor sets and the reference surfaces, each once — ${about.surfaces} surfaces, ${about.tools} tools, linted under`,
    `${about.from} and ${about.to}. Each line counts the tools whose measure of the change moved (the rows above say what each`,
    'change does); rows read by one measure share its count. Run it again after any change of the version that',
    'moves a result: the table is replaced, the rest of this file is not.',
    '',
    '| rows | measure | tools moved |',
    '|---|---|---:|',
    ...c.lines.map((l) => `| ${l.rows} | ${l.reads} | ${moved(l)} |`),
    '',
    `All changes together: ${c.score.up} tools up, ${c.score.down} down, ${c.score.same} unchanged; the mean of ${c.servers.moved} of ${c.servers.of} surfaces moved;`,
    `surfaces with a critical security finding: ${c.servers.securityRisk.before} under ${about.from}, ${c.servers.securityRisk.after} under ${about.to}.`,
    '',
  ].join('\n');
}
