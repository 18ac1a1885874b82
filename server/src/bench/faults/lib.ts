// Shared by the fault scenarios of `npm run bench:faults`: the row each scenario fills, the context it runs
// in (scale, seed, clean-up, progress on stderr), and the markdown table the runner prints. The targets
// (issue 10 §6): 0 5xx other than 503 during an outage, 0 wrong-shape answers, 0 hangs, 0 rows lost,
// every fault survived without a restart, recovery within 5 s of the database returning.

/** The one row a scenario reports. Every figure is counted while it runs; nothing is filled in by hand. */
export interface Row {
  id: string;
  /** Requests, sockets or jobs the scenario judged. */
  cases: number;
  /** Answers 500–599, except 503 while a fault is in force (and within the recovery target after it). */
  fiveXX: number;
  /** Error answers (4xx/5xx) of the API that are not `{"error":{"code","message","detail"}}`. */
  wrongShape: number;
  /** Requests or sockets still unanswered (open) past their bound (5 s for requests). */
  hangs: number;
  /** Rows a refused request wrote, rows an accepted one did not write, jobs never completed; null: not applicable. */
  rowsLost: number | null;
  /** Faults injected and how many the service came through (alive, same process, answering again). */
  faults: { injected: number; survived: number } | null;
  /** The service process exited (or was found dead) during the scenario. */
  serviceDied: boolean;
  /** The slowest recovery, in seconds; null when nothing recovered or no fault applies. */
  recoverySeconds: number | null;
  /** The recovery target in seconds, when the scenario has one. */
  recoveryTarget: number | null;
  /** Checks that failed beyond the numeric columns (each one fails the row). */
  failures: string[];
  /** Measured details worth reading (never fail the row). */
  notes: string[];
  /** Wall-clock seconds of the scenario, its clean-up included (set by the runner). */
  seconds?: number;
  /** The machine's 1-minute load average when the scenario started and ended (set by the runner). */
  load?: { start: number; end: number };
}

export const newRow = (id: string): Row => ({
  id,
  cases: 0,
  fiveXX: 0,
  wrongShape: 0,
  hangs: 0,
  rowsLost: null,
  faults: null,
  serviceDied: false,
  recoverySeconds: null,
  recoveryTarget: null,
  failures: [],
  notes: [],
});

/** Whether the row meets every target. */
export function passed(row: Row): boolean {
  if (row.fiveXX > 0 || row.wrongShape > 0 || row.hangs > 0 || (row.rowsLost ?? 0) > 0 || row.serviceDied) return false;
  if (row.faults && row.faults.survived < row.faults.injected) return false;
  if (row.recoveryTarget !== null && row.faults && row.faults.injected > 0 && (row.recoverySeconds === null || row.recoverySeconds > row.recoveryTarget)) return false;
  return row.failures.length === 0;
}

/** What a scenario gets from the runner. */
export interface Context {
  /** FAULTS_SCALE: multiplies counts (and, where it makes sense, durations). */
  scale: number;
  /** FAULTS_SEED: the seed of every generator, so a run can be repeated. */
  seed: number;
  /** A directory of this run for logs and data (removed at the end unless FAULTS_KEEP=1). */
  dir: string;
  /** Register clean-up; the runner calls these last-registered-first after the scenario, whatever happened. */
  defer(fn: () => Promise<void> | void): void;
  /** Progress, on stderr (stdout is kept for the table). */
  log(message: string): void;
  /** A note for the scenario's row, also from clean-up (which runs after the scenario returned). */
  note(message: string): void;
  /** A failed check for the scenario's row, also from clean-up. */
  fail(message: string): void;
}

/** `n` scaled, at least `min`. */
export const scaled = (ctx: Pick<Context, 'scale'>, n: number, min = 1): number => Math.max(min, Math.round(n * ctx.scale));

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** A fault scenario: fills its row; throwing is reported in the row as a harness error. */
export interface Scenario {
  id: string;
  /** One line for the docs and the runner's progress. */
  what: string;
  /** Wall-clock budget at scale 1 in seconds; the runner stops the scenario after it (scaled, generous). */
  budgetSeconds: number;
  run(ctx: Context, row: Row): Promise<void>;
}

/** "a ×3, b ×1" from counts, the `max` most frequent (then how many kinds more). */
export function tally(items: Iterable<string>, max = 6): string {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  const sorted = [...counts].sort((a, b) => b[1] - a[1]);
  const shown = sorted.slice(0, max).map(([k, n]) => `${k} ×${n}`);
  return sorted.length > max ? `${shown.join(', ')}, … (${sorted.length - max} kinds more)` : shown.join(', ');
}

const cell = (text: string): string => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** The markdown table of the rows, then one line of failures and notes per scenario. */
export function renderTable(rows: Row[]): string {
  const head = ['scenario', 'cases', '5xx', 'wrong shape', 'hangs > 5 s', 'rows lost/partial', 'faults survived', 'recovery (s)', 'result', 'time (s)', 'load'];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map((h) => (h === 'scenario' || h === 'result' || h === 'load' ? '---' : '---:')).join('|')}|`];
  for (const r of rows) {
    const faults = r.faults === null ? '—' : r.serviceDied ? `service died (${r.faults.survived}/${r.faults.injected})` : `${r.faults.survived}/${r.faults.injected}`;
    const recovery = r.recoverySeconds === null ? (r.faults && r.faults.injected > 0 ? 'not recovered' : '—') : r.recoverySeconds.toFixed(1);
    const target = r.recoveryTarget === null ? '' : ` (≤ ${r.recoveryTarget})`;
    lines.push(
      `| ${[
        r.id,
        String(r.cases),
        String(r.fiveXX),
        String(r.wrongShape),
        String(r.hangs),
        r.rowsLost === null ? '—' : String(r.rowsLost),
        r.faults === null && r.serviceDied ? 'service died' : faults,
        recovery + (recovery === '—' ? '' : target),
        passed(r) ? 'pass' : '**fail**',
        r.seconds === undefined ? '—' : r.seconds.toFixed(0),
        r.load === undefined ? '—' : `${r.load.start.toFixed(1)} → ${r.load.end.toFixed(1)}`,
      ]
        .map(cell)
        .join(' | ')} |`,
    );
  }
  const details: string[] = [];
  for (const r of rows) {
    if (r.failures.length === 0 && r.notes.length === 0) continue;
    details.push(`- **${r.id}**${r.failures.length ? ` — fails: ${r.failures.join('; ')}` : ''}${r.notes.length ? `${r.failures.length ? '. ' : ' — '}${r.notes.join('; ')}` : ''}`);
  }
  return [...lines, '', ...details].join('\n');
}
