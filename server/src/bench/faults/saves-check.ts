// The rows check shared by the scenarios with lint saves in their traffic: every 200 answer of a save is
// stored (a lint_saves row and one unit), and nothing is stored beyond the saves that were answered 200 or
// whose answer was lost (a commit whose answer never arrived is not a lost row).
import { connect } from '@toolmark/db';
import type { Recorded } from './traffic.js';
import type { Row } from './lib.js';

export interface SaveCounts {
  saves: number;
  units: number;
}

/** lint_saves rows and usage units now, read over a fresh connection (closed again). */
export async function saveCounts(url: string): Promise<SaveCounts> {
  const { sql } = connect(url, 1, 10_000);
  try {
    const [r] = await sql<{ saves: number; units: number }[]>`SELECT (SELECT count(*)::int FROM lint_saves) AS saves, (SELECT coalesce(sum(units), 0)::int FROM usage) AS units`;
    return r!;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** Compare the saves in `answers` with the rows added between `before` and `after`; sets row.rowsLost. */
export function checkSaves(row: Row, answers: Recorded[], before: SaveCounts, after: SaveCounts): void {
  const saves = answers.filter((a) => a.what.startsWith('POST lint'));
  const answered = saves.filter((a) => a.status === 200).length;
  const unknown = saves.filter((a) => a.status !== 200 && !(a.status >= 400 && a.status < 500 && a.status !== 408)).length; // 5xx, cut or unanswered: may have committed
  const stored = after.saves - before.saves;
  const units = after.units - before.units;
  const lost = Math.max(0, answered - stored);
  const phantom = Math.max(0, stored - answered - unknown);
  const unitGap = Math.abs(units - stored);
  row.rowsLost = (row.rowsLost ?? 0) + lost + phantom + unitGap;
  row.notes.push(`saves: ${answered} answered 200, ${stored} stored, ${units} units charged${unknown ? `, ${unknown} with no clear answer` : ''}`);
  if (lost) row.notes.push(`${lost} saves answered 200 are not stored`);
  if (phantom) row.notes.push(`${phantom} saves stored that were refused`);
  if (unitGap) row.notes.push(`units and stored saves differ by ${unitGap}`);
}
