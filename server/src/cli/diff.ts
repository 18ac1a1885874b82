import { Option, type Command } from 'commander';
import { diffRuns, parseRunReport, renderDiffText, type RunDiff } from '@toolmark/benchmarks';
import { EXIT, printError } from './errors.js';
import { emit, readTextFile } from './files.js';
import { MAX_REPORT_BYTES } from './report.js';
import type { CliIo } from './io.js';

const FORMATS = ['terminal', 'json', 'markdown'] as const;
type Format = (typeof FORMATS)[number];

async function runDiff(basePath: string, headPath: string, options: { format: Format; out?: string }, io: CliIo): Promise<number> {
  try {
    const base = parseRunReport(await readTextFile(basePath, MAX_REPORT_BYTES));
    const head = parseRunReport(await readTextFile(headPath, MAX_REPORT_BYTES));
    const diff: RunDiff = diffRuns(base, head);
    const text = options.format === 'json' ? `${JSON.stringify(diff, null, 2)}\n` : renderDiffText(diff);
    await emit(text, options.out, io, 'diff');
    return diff.regression ? EXIT.threshold : EXIT.ok;
  } catch (error) {
    return printError(io, 'diff', error);
  }
}

/** Register `toolmark diff base.json head.json`. */
export function registerDiff(program: Command, io: CliIo, done: (code: number) => void): void {
  program
    .command('diff')
    .summary('compare two saved runs trial by trial (paired sign test)')
    .description(
      'Pair the trials of two comparable runs by case and trial index and test the change with an exact two-sided sign test. ' +
        'Refused (exit 2) unless provider, model, endpoint, settings, seed, repeats, permutation and the case set all match.',
    )
    .argument('<base.json>', 'the earlier run report')
    .argument('<head.json>', 'the later run report')
    .addOption(new Option('--format <format>', 'output format').choices(FORMATS).default('terminal'))
    .option('--out <file>', 'write to a file instead of stdout (- is stdout)')
    .addHelpText('after', '\nExit codes: 0 no distinguishable regression, 1 a regression (worse, or more unexpected multi-calls), 2 not comparable or unreadable.')
    .action(async (base: string, head: string, options: { format: Format; out?: string }) => done(await runDiff(base, head, options, io)));
}
