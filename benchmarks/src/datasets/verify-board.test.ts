import { describe, expect, it } from 'vitest';
import type { LintServerRow } from './rows.js';
import { compareWithBoard, type BoardEntry } from './verify-board.js';

const row = (serverId: string, versionId: string, score: number): LintServerRow => ({
  rank: 1, serverId, slug: serverId, name: serverId, source: 'upload', versionId, versionSeq: 1, surfaceHash: 'h', capturedAt: '2026-12-01T00:00:00.000Z',
  score, band: 'cloudy', toolCount: 2, critical: 0, required: 1, minor: 2, tokens: 100, categories: { purpose: 50 },
});
const entry = (r: LintServerRow, change: Partial<BoardEntry> = {}): BoardEntry => ({ id: r.serverId, versionId: r.versionId, score: r.score, band: r.band, toolCount: r.toolCount, critical: r.critical, required: r.required, minor: r.minor, tokens: r.tokens, categories: r.categories, ...change });

describe('a lint release against the live board', () => {
  it('compares servers still at the release version and names a number that differs', () => {
    const a = row('a', 'va', 55);
    const b = row('b', 'vb', 60);
    const out = compareWithBoard([a, b], [entry(a, { score: 56 }), entry(b)]);
    expect(out.servers).toBe(2);
    expect(out.differences).toEqual([{ file: 'servers.jsonl', row: 1, field: 'leaderboard.score', expected: '55', found: '56' }]);
  });

  it('leaves out servers that moved to another version or left the board', () => {
    const a = row('a', 'va', 55);
    const b = row('b', 'vb', 60);
    const out = compareWithBoard([a, b], [entry(a, { versionId: 'va2', score: 10 })]);
    expect(out).toEqual({ differences: [], checked: 0, servers: 0 });
  });
});
