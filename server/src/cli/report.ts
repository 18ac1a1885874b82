import { Option, type Command } from 'commander';
import { parseRunReport } from '@toolmark/benchmarks';
import { EVAL_EXIT, printEvalError } from '../eval/cli-shared.js';
import { emit, REPORT_FORMATS, renderReport, type ReportFormat } from '../eval/evaluate.js';
import { readTextFile } from '../eval/io.js';
import type { CliIo } from './io.js';

/** Saved run reports hold every trial: allow large files, but not unbounded ones. */
export const MAX_REPORT_BYTES = 256 * 1024 * 1024;

async function runReport(file: string, options: { format: ReportFormat; out?: string }, io: CliIo): Promise<number> {
  try {
    const report = parseRunReport(await readTextFile(file, MAX_REPORT_BYTES));
    await emit(renderReport(report, options.format), options.out, io, 'report');
    return EVAL_EXIT.ok;
  } catch (error) {
    printEvalError(io, 'report', error);
    return EVAL_EXIT.error;
  }
}

/** Register `toolmark report run.json --format …`. */
export function registerReport(program: Command, io: CliIo, done: (code: number) => void): void {
  program
    .command('report')
    .summary('re-render a saved run report (JSON) in another format')
    .argument('<run.json>', 'a run report written by toolmark run --format json')
    .addOption(new Option('--format <format>', 'report format').choices(REPORT_FORMATS).default('terminal'))
    .option('--out <file>', 'write to a file instead of stdout')
    .addHelpText('after', '\nExit codes: 0 rendered, 2 unreadable or invalid report.')
    .action(async (file: string, options: { format: ReportFormat; out?: string }) => done(await runReport(file, options, io)));
}
