import { describe, expect, it } from 'vitest';
import { lintSurface, ruleSets, type LintResult, type Surface, type ToolResult } from '@toolmark/benchmarks';
import { changelogCounts, changelogSection, CHANGELOG_SECTION, partPoints, V3_MEASURES, type Count } from './rules-changelog-counts.js';

// The counting behind v3's CHANGELOG (npm run rules:changelog): each measure moves when, and only when, the
// part of the result it reads moved — shown on tools the rule sets themselves score, never on fixed numbers.

const ctxOf = (before: LintResult[], after: LintResult[]) => ({ before, after, securityCodes: { before: ruleSets.v2.securityCodes, after: ruleSets.v3.securityCodes } });
const pairsOf = (before: LintResult[], after: LintResult[]): [ToolResult, ToolResult][] => before.flatMap((b, i) => b.tools.map((t, k): [ToolResult, ToolResult] => [t, after[i]!.tools[k]!]));
const line = (lines: Count[], rows: string) => lines.find((l) => l.rows === rows)!;

const weather: Surface = {
  tools: [
    {
      name: 'get_forecast',
      description: 'Gets the weather forecast for a city for the next seven days, with temperature and rain per day.',
      inputSchema: { type: 'object', properties: { city: { type: 'string', description: 'City name, such as Osaka.' } }, required: ['city'] },
      // An empty outputSchema: v2 gave it its points, v3 gives it none (CHANGELOG row 5).
      outputSchema: { type: 'object' },
    },
    {
      name: 'get_alerts',
      description: 'Lists the active severe-weather alerts of a region, newest first.',
      inputSchema: { type: 'object', properties: { region: { type: 'string', description: 'Region code, such as JP-27.' } }, required: ['region'] },
    },
  ],
};

describe('changelog counts', () => {
  it('counts nothing when the two sides are the same results', async () => {
    const r = [await lintSurface(weather, 'v3')];
    const c = changelogCounts(V3_MEASURES, pairsOf(r, r), ctxOf(r, r));
    expect(c.lines.every((l) => l.up + l.down + l.changed === 0)).toBe(true);
    expect(c.score).toEqual({ up: 0, down: 0, same: 2 });
    expect(c.servers.moved).toBe(0);
  });

  it('v2 → v3: the empty outputSchema moves the outputSchema measure (row 5) down on that tool only', async () => {
    const [before, after] = [[await lintSurface(weather, 'v2')], [await lintSurface(weather, 'v3')]];
    const [forecastBefore, forecastAfter] = [before[0]!.tools[0]!, after[0]!.tools[0]!];
    // The rule sets' own notes say what the measure reads.
    expect(partPoints(forecastBefore, 'returns', /outputSchema/)).toBeGreaterThan(partPoints(forecastAfter, 'returns', /outputSchema/));
    const c = changelogCounts(V3_MEASURES, pairsOf(before, after), ctxOf(before, after));
    expect(line(c.lines, '5')).toMatchObject({ up: 0, down: 1, changed: 0 });
    const moved = c.score.up + c.score.down;
    expect(c.score.same).toBe(2 - moved);
    expect(c.servers.moved).toBe(before[0]!.score === after[0]!.score ? 0 : 1);
  });

  it('the section starts with the heading the --write replaces and lists every measure', async () => {
    const r = [await lintSurface(weather, 'v3')];
    const text = changelogSection(changelogCounts(V3_MEASURES, pairsOf(r, r), ctxOf(r, r)), { from: 'v2', to: 'v3', surfaces: 1, tools: 2, command: 'npm run rules:changelog -- --write' });
    expect(text.startsWith(`${CHANGELOG_SECTION}\n`)).toBe(true);
    for (const m of V3_MEASURES) expect(text).toContain(`| ${m.rows} | ${m.reads} | 0 |`);
    expect(text).toContain('npm run rules:changelog -- --write');
  });
});
