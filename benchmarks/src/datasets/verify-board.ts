// A lint release against the leaderboard the site shows now: a server whose board entry is still the same
// version must show the same numbers (lint is deterministic under one rules id and hash). Servers that
// moved to a newer version, or left the board, are not compared (the release is a snapshot); ranks are not
// compared either, since other servers' changes move them.
import { differences, leafCount, type Difference } from './compare.js';
import type { LintServerRow } from './rows.js';

/** The fields of a board item this check reads (`GET /v1/leaderboards/lint` items). */
export interface BoardEntry {
  id: string;
  versionId: string;
  score: number | null;
  band: string | null;
  toolCount: number;
  critical: number;
  required: number;
  minor: number;
  tokens: number;
  categories: Record<string, number | null>;
}

/** Differences between a release's servers and the live board, and how many values were compared and how many servers matched by version. */
export function compareWithBoard(servers: readonly LintServerRow[], board: readonly BoardEntry[]): { differences: Difference[]; checked: number; servers: number } {
  const byId = new Map(board.map((b) => [b.id, b] as const));
  const out: Difference[] = [];
  let checked = 0;
  let compared = 0;
  servers.forEach((s, i) => {
    const b = byId.get(s.serverId);
    if (!b || b.versionId !== s.versionId) return;
    compared++;
    const pick = (x: Omit<BoardEntry, 'id' | 'versionId'>) => ({ score: x.score, band: x.band, toolCount: x.toolCount, critical: x.critical, required: x.required, minor: x.minor, tokens: x.tokens, categories: x.categories });
    const expected = pick(s);
    checked += leafCount(expected);
    for (const d of differences(expected, pick(b), '')) out.push({ file: 'servers.jsonl', row: i + 1, field: `leaderboard.${d.field}`, expected: d.expected, found: d.found });
  });
  return { differences: out, checked, servers: compared };
}
