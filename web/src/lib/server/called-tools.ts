// The called-tools table of one model run, from its confusion matrix (`metrics.confusion` of
// `GET /v1/evaluations/{id}`): rows = the tool a case was written for (`(none)`: no tool fits), columns =
// the tool called (`(none)`: no call, `(phantom)`, `(multiple calls)`), the diagonal right. With more than
// FOCUS_ABOVE tools only the rows with errors and the columns called by mistake are kept (plus each row's
// right count), unless every cell is asked for.
import type { Confusion } from '@toolmark/benchmarks';
import { visibleName } from './visible';

/** Above this many tools (rows other than "no tool fits") the table shows only the errors unless asked for all. */
export const FOCUS_ABOVE = 12;

/** One row: the tool a case was written for, its counts per shown column, and what it got right. */
export interface CalledRow {
  name: string;
  /** Count per shown column (0 = none), in column order. */
  cells: number[];
  right: number;
  total: number;
}

/** The table as a page shows it (names already made visible). */
export interface CalledTable {
  rows: CalledRow[];
  columns: string[];
  /** True when rows or columns were left out (only errors shown). */
  focused: boolean;
  /** Tools of the server the cases were written for (rows other than `(none)`). */
  tools: number;
  allRows: number;
  allColumns: number;
}

/** Build the called-tools table of a confusion matrix; `all` keeps every row and column. */
export function calledTools(confusion: Confusion, all: boolean): CalledTable {
  const count = new Map<string, number>();
  for (const c of confusion.cells) count.set(`${c.expected}\u0000${c.called}`, c.count);
  const at = (row: string, col: string) => count.get(`${row}\u0000${col}`) ?? 0;
  const tools = confusion.rows.filter((r) => r !== '(none)').length;
  const focused = !all && tools > FOCUS_ABOVE;
  const wrong = confusion.cells.filter((c) => c.expected !== c.called);
  const rows = focused ? confusion.rows.filter((r) => wrong.some((c) => c.expected === r)) : confusion.rows;
  const columns = focused ? confusion.columns.filter((col) => wrong.some((c) => c.called === col)) : confusion.columns;
  return {
    rows: rows.map((r) => ({
      name: visibleName(r),
      cells: columns.map((col) => at(r, col)),
      right: at(r, r),
      total: confusion.cells.filter((c) => c.expected === r).reduce((n, c) => n + c.count, 0),
    })),
    columns: columns.map(visibleName),
    focused,
    tools,
    allRows: confusion.rows.length,
    allColumns: confusion.columns.length,
  };
}
