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

/** Where `verify` reads releases from: URLs (a release, or a service: its latest releases) or folders (a release, or a folder of releases; with --site, checked against that instance too). */
async function reports(target: string, options: { key?: string; site?: string }): Promise<{ where: string; report: VerifyReport }[]> {
  const { releaseFolders, verifyFolder } = await import('../datasets/verify-folder.js');
  const { instanceKeys, releaseUrls, verifyAgainst, verifyUrl } = await import('../datasets/verify-site.js');
  const { KEY_SET_PATH } = await import('../datasets/signing.js');
  const keys = options.key === undefined ? undefined : await keysFrom(options.key);
  if (/^https?:\/\//i.test(target)) {
    const urls = await releaseUrls(target);
    if (urls.length === 0) throw new CliError('usage', `${target} lists no published dataset releases`, { target });
    const out = [];
    for (const url of urls) out.push({ where: url, report: await verifyUrl(url, keys) });
    return out;
  }
  const site = options.site?.replace(/\/+$/, '');
  if (site !== undefined && !/^https?:\/\//i.test(site)) throw new CliError('usage', `--site ${site}: not an http(s) URL of a toolmark instance`, { path: site });
  if (keys === undefined && site === undefined) throw new CliError('usage', `a release folder's signature is checked against the instance's public key: give it with --key <file> (an instance serves its keys at <site>${KEY_SET_PATH}), or name the instance with --site <url>`, { path: target });
  const folders = await releaseFolders(target).catch(() => {
    throw new CliError('file_not_found', `${target}: no such folder`, { path: target });
  });
  if (folders.length === 0) throw new CliError('file_not_found', `${target} holds no release (no manifest.json in it or its sub-folders)`, { path: target });
  const trusted = keys ?? (await instanceKeys(site!));
  const out = [];
  for (const dir of folders) out.push({ where: dir, report: site === undefined ? await verifyFolder(dir, trusted) : await verifyAgainst(dir, site, trusted) });
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

async function runVerify(target: string, options: { json?: boolean; key?: string; site?: string }, io: CliIo): Promise<number> {
  try {
    const results = await reports(target, options);
    io.stdout.write(options.json ? `${JSON.stringify(results, null, 2)}\n` : render(results));
    return results.every((r) => r.report.ok) ? EXIT.ok : EXIT.threshold;
  } catch (error) {
    return printError(io, 'datasets verify', error);
  }
}

/** The exit codes of `datasets verify`, as its help prints them (one definition: docs quote this). */
export const VERIFY_EXIT_CODES =
  '0 everything matches; 1 a difference (each is printed: file, row, field, expected, found; an unsigned or mis-signed release is one); 2 unreadable (a manifest that is not JSON, a folder without a release) or unreachable (a download or a board that does not answer 200), or bad usage (a folder without --key or --site, a --key that is not a public key).';

/** Register `toolmark datasets verify <release folder or URL>`. */
export function registerDatasets(program: Command, io: CliIo, done: (code: number) => void): void {
  const datasets = program.command('datasets').summary('work with published dataset releases');
  datasets
    .command('verify')
    .summary('recompute every number of a dataset release from its rows and check it against the manifest')
    .description(
      "Check that manifest.json carries a valid Ed25519 signature (manifest.json.sig) by the instance's key; that every file the manifest lists is there with its size and sha256 and no other file is; that every row of every JSONL table has its table's shape and every CSV and Parquet file decodes to the same rows, row by row; that the row counts match; that every leaderboard number " +
        '(lint scores, bands, counts, categories and ranks; evaluation metrics, the standing of each run — ranked, or incomplete below 95 % answered, or of an older version, never ranked — and places; the validity table) recomputed from the rows equals the published one; and that every manifest field agrees with the files ' +
        '(seeds, models, rules, licence, code version, creation time, distractor sets against the frozen sets, key, id, version). Against an instance (a URL, or a folder with --site) every manifest field is also compared with the manifest the instance publishes, and the rows with its live leaderboards. ' +
        'Every file is read as a stream: memory does not grow with the number of trials. ' +
        'The target is a release folder, a folder of release folders, a release URL (…/v1/datasets/<id>) or a toolmark site (its latest releases).',
    )
    .argument('<release>', 'release folder or URL, or a toolmark site URL')
    .option('--key <file>', "the instance's public key (PEM) or key set (JSON) to check the signatures against; a URL's instance key set is fetched when absent; a folder needs --key or --site")
    .option('--site <url>', "for a folder: the instance that published it, whose published manifest, key set (unless --key) and leaderboards the folder is checked against")
    .option('--json', 'print the reports as JSON')
    .addHelpText('after', `\nExit codes: ${VERIFY_EXIT_CODES}`)
    .action(async (target: string, options: { json?: boolean; key?: string; site?: string }) => done(await runVerify(target, options, io)));
}
