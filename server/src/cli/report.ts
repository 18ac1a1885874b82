import { Option, type Command } from 'commander';
import { parseRunReport, renderRunReport, RUN_FORMATS, type RunFormat } from '@toolmark/benchmarks';
import { EXIT, printError } from './errors.js';
import { emit, readTextFile } from './files.js';
import type { CliIo } from './io.js';

/** Saved run reports hold every trial: allow large files, but not unbounded ones. */
export const MAX_REPORT_BYTES = 256 * 1024 * 1024;

async function runReport(file: string, options: { format: RunFormat; out?: string }, io: CliIo): Promise<number> {
  try {
    const report = parseRunReport(await readTextFile(file, MAX_REPORT_BYTES));
    await emit(renderRunReport(report, options.format), options.out, io, 'report');
    return EXIT.ok;
  } catch (error) {
    return printError(io, 'report', error);
  }
}

/** Register `toolmark report run.json --format …`. */
export function registerReport(program: Command, io: CliIo, done: (code: number) => void): void {
  program
    .command('report')
    .summary('re-render a saved run report (JSON) in another format')
    .argument('<run.json>', 'a run report written by toolmark run --format json')
    .addOption(new Option('--format <format>', 'report format').choices(RUN_FORMATS).default('terminal'))
    .option('--out <file>', 'write to a file instead of stdout (- is stdout)')
    .addHelpText('after', '\nExit codes: 0 rendered, 2 unreadable or invalid report.')
    .action(async (file: string, options: { format: RunFormat; out?: string }) => done(await runReport(file, options, io)));
}
