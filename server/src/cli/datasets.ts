import type { Command } from 'commander';
import type { VerifyReport } from '@toolmark/benchmarks';
import { CliError, EXIT, printError } from './errors.js';
import type { CliIo } from './io.js';

/** Where `verify` reads releases from: URLs (a release, or a service: its latest releases) or folders (a release, or a folder of releases). */
async function reports(target: string): Promise<{ where: string; report: VerifyReport }[]> {
  const { releaseFolders, releaseUrls, verifyFolder, verifyUrl } = await import('../datasets/read-release.js');
  if (/^https?:\/\//i.test(target)) {
    const urls = await releaseUrls(target);
    if (urls.length === 0) throw new CliError('usage', `${target} lists no published dataset releases`, { target });
    const out = [];
    for (const url of urls) out.push({ where: url, report: await verifyUrl(url) });
    return out;
  }
  const folders = await releaseFolders(target).catch(() => {
    throw new CliError('file_not_found', `${target}: no such folder`, { path: target });
  });
  if (folders.length === 0) throw new CliError('file_not_found', `${target} holds no release (no manifest.json in it or its sub-folders)`, { path: target });
  const out = [];
  for (const dir of folders) out.push({ where: dir, report: await verifyFolder(dir) });
  return out;
}

/** One report as text: a line per release, then a line per difference (file, row, field, expected vs found). */
function render(results: { where: string; report: VerifyReport }[]): string {
  const lines: string[] = [];
  for (const { where, report } of results) {
    lines.push(`${report.ok ? 'ok  ' : 'FAIL'} ${report.release ?? '(no valid manifest)'}  ${where}  (${report.checkedNumbers} values checked${report.boardServers === undefined ? '' : `, ${report.boardServers} servers against the live leaderboard`}${report.ok ? '' : `, ${report.differences.length} differences`})`);
    for (const d of report.differences) lines.push(`     ${d.file}${d.row === null ? '' : `:${d.row}`}  ${d.field}: expected ${d.expected}, found ${d.found}`);
  }
  return `${lines.join('\n')}\n`;
}

async function runVerify(target: string, options: { json?: boolean }, io: CliIo): Promise<number> {
  try {
    const results = await reports(target);
    io.stdout.write(options.json ? `${JSON.stringify(results, null, 2)}\n` : render(results));
    return results.every((r) => r.report.ok) ? EXIT.ok : EXIT.threshold;
  } catch (error) {
    return printError(io, 'datasets verify', error);
  }
}

/** Register `toolmark datasets verify <release folder or URL>`. */
export function registerDatasets(program: Command, io: CliIo, done: (code: number) => void): void {
  const datasets = program.command('datasets').summary('work with published dataset releases');
  datasets
    .command('verify')
    .summary('recompute every number of a dataset release from its rows and check it against the manifest')
    .description(
      'Check that every file the manifest lists is there with its size and sha256, every row has its table\'s shape, the row counts match, and every leaderboard number ' +
        '(lint scores, bands, counts, categories and ranks; evaluation metrics and places; the validity table) recomputed from the rows equals the published one. ' +
        'The target is a release folder, a folder of release folders, a release URL (…/v1/datasets/<id>) or a toolmark site (its latest releases).',
    )
    .argument('<release>', 'release folder or URL, or a toolmark site URL')
    .option('--json', 'print the reports as JSON')
    .addHelpText('after', '\nExit codes: 0 everything matches, 1 a difference (each is printed: file, row, field, expected, found), 2 unreadable or unreachable.')
    .action(async (target: string, options: { json?: boolean }) => done(await runVerify(target, options, io)));
}
