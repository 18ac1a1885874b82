import type { Command } from 'commander';
import type { VerifyReport } from '@toolmark/benchmarks';
import { CliError, EXIT, printError } from './errors.js';
import type { CliIo } from './io.js';

/** The public keys `--key` names: a PEM public key or an instance's key set (JSON). */
async function keysFrom(file: string) {
  const { readFile } = await import('node:fs/promises');
  const { keySetFrom } = await import('../datasets/signing.js');
  const text = await readFile(file, 'utf8').catch(() => {
    throw new CliError('file_not_found', `--key ${file}: no such file`, { path: file });
  });
  try {
    return keySetFrom(text);
  } catch (e) {
    throw new CliError('usage', `--key ${file}: not an Ed25519 public key (PEM) or a key set (JSON): ${(e as Error).message}`, { path: file });
  }
}

/** Where `verify` reads releases from: URLs (a release, or a service: its latest releases) or folders (a release, or a folder of releases). */
async function reports(target: string, options: { key?: string }): Promise<{ where: string; report: VerifyReport }[]> {
  const { releaseFolders, releaseUrls, verifyFolder, verifyUrl } = await import('../datasets/read-release.js');
  const { KEY_SET_PATH } = await import('../datasets/signing.js');
  const keys = options.key === undefined ? undefined : await keysFrom(options.key);
  if (/^https?:\/\//i.test(target)) {
    const urls = await releaseUrls(target);
    if (urls.length === 0) throw new CliError('usage', `${target} lists no published dataset releases`, { target });
    const out = [];
    for (const url of urls) out.push({ where: url, report: await verifyUrl(url, keys) });
    return out;
  }
  if (keys === undefined) throw new CliError('usage', `a release folder's signature is checked against the instance's public key: give it with --key <file> (an instance serves its keys at <site>${KEY_SET_PATH})`, { path: target });
  const folders = await releaseFolders(target).catch(() => {
    throw new CliError('file_not_found', `${target}: no such folder`, { path: target });
  });
  if (folders.length === 0) throw new CliError('file_not_found', `${target} holds no release (no manifest.json in it or its sub-folders)`, { path: target });
  const out = [];
  for (const dir of folders) out.push({ where: dir, report: await verifyFolder(dir, keys) });
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

async function runVerify(target: string, options: { json?: boolean; key?: string }, io: CliIo): Promise<number> {
  try {
    const results = await reports(target, options);
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
      "Check that manifest.json carries a valid Ed25519 signature (manifest.json.sig) by the instance's key, that every file the manifest lists is there with its size and sha256, every row has its table's shape, the row counts match, and every leaderboard number " +
        '(lint scores, bands, counts, categories and ranks; evaluation metrics and places; the validity table) recomputed from the rows equals the published one. ' +
        'The target is a release folder, a folder of release folders, a release URL (…/v1/datasets/<id>) or a toolmark site (its latest releases).',
    )
    .argument('<release>', 'release folder or URL, or a toolmark site URL')
    .option('--key <file>', "the instance's public key (PEM) or key set (JSON) to check the signatures against; a URL's instance key set is fetched when absent; required for folders")
    .option('--json', 'print the reports as JSON')
    .addHelpText('after', '\nExit codes: 0 everything matches, 1 a difference (each is printed: file, row, field, expected, found; an unsigned or mis-signed release is one), 2 unreadable or unreachable, or a folder without --key.')
    .action(async (target: string, options: { json?: boolean; key?: string }) => done(await runVerify(target, options, io)));
}
