// The dataset card (README.md with YAML front matter in the Hugging Face datasets convention: configs and
// data files, licence, size category, task categories; then fields, how it was made, limitations) and the
// citation file (CITATION.cff) of a release.
import { stringify } from 'yaml';
import { tableFile, tablesOf, type Manifest, type TableSpec } from '@toolmark/benchmarks';
import { KEY_SET_PATH, SIGNATURE_FILE, type SigningKey } from './signing.js';

/** The Hugging Face size category of a row count. */
export function sizeCategory(rows: number): string {
  if (rows < 1_000) return 'n<1K';
  if (rows < 10_000) return '1K<n<10K';
  if (rows < 100_000) return '10K<n<100K';
  if (rows < 1_000_000) return '100K<n<1M';
  if (rows < 10_000_000) return '1M<n<10M';
  return '10M<n<100M';
}

/** What each table holds, for the card. */
const TABLE_TEXT: Record<string, string> = {
  servers: 'one row per public server: its latest version and leaderboard numbers (rank, score, band, findings by severity, tokens, points per category)',
  tools: 'one row per tool of those versions: score, band, token cost, points and points possible per category',
  findings: 'one row per finding (tool null: a server-level finding): code, severity, message, fields',
  cases: 'one row per evaluation case of each public server version: kind, language, utterance, expected tool, the whole case',
  trials: 'one row per trial (case × repeat): tools shown (shown surface hash, order), every call with arguments, the model text, verdict, argument error kinds, truncated flag, provider error, token usage, latency, seed, repeat index',
  metrics: 'one row per model run (server): the leaderboard place and rates with their counts, and the run\'s full metrics',
  lint: 'lint facts of the evaluated versions under every rules version: server score (tool null) and each tool\'s score and finding codes',
};

const fieldList = (spec: TableSpec): string => spec.columns.map(([n, t]) => `\`${n}\` (${t})`).join(', ');

/** The command that verifies a release or a site, with the CLI the instance serves (nothing to install first). */
export const verifyCommandOf = (siteUrl: string, target: string): string => `npx -y ${siteUrl}/cli/toolmark.tgz datasets verify ${target}`;

/** The Hugging Face Hub's licence id (lower case: `cc-by-4.0`) of an SPDX id. */
export const hubLicense = (spdx: string): string => spdx.toLowerCase();

/** The README.md of a release. */
export function datasetCard(manifest: Manifest, opts: { siteUrl: string; signer: Pick<SigningKey, 'keyId' | 'publicKeyPem'> }): string {
  const tables = tablesOf(manifest.kind);
  const total = Object.values(manifest.rows).reduce((s, n) => s + n, 0);
  const front = {
    pretty_name: `toolmark ${manifest.kind} release ${manifest.id}`,
    license: hubLicense(manifest.license),
    // An evaluation release is in its setting's language; a lint release holds tool descriptions in whatever language each server uses.
    language: manifest.kind === 'evaluation' && typeof manifest.settings?.language === 'string' ? [manifest.settings.language] : ['en', 'ja'],
    size_categories: [sizeCategory(total)],
    task_categories: manifest.kind === 'lint' ? ['text-classification'] : ['text-generation'],
    tags: ['mcp', 'tool-use', 'benchmark', 'toolmark'],
    configs: tables.map((t) => ({ config_name: t.name, data_files: [{ split: 'train', path: tableFile(t.name, 'parquet') }] })),
  };
  const what =
    manifest.kind === 'lint'
      ? `Lint results of every public server on toolmark under rules ${manifest.rules.map((r) => `${r.id} (${r.hash})`).join(', ')}.`
      : `Evaluations of ${manifest.models.map((m) => m.id).join(', ')} on public servers with the settings ${JSON.stringify(manifest.settings)}.`;
  const lines = [
    '---',
    stringify(front).trimEnd(),
    '---',
    '',
    `# toolmark dataset ${manifest.id}`,
    '',
    what,
    '',
    `Built ${manifest.createdAt} by toolmark ${manifest.codeVersion}. Licence: ${manifest.license} (set by the operator; toolmark's default is CC-BY-4.0).`,
    'This release never changes: a later build is a new version. `manifest.json` lists every file with its sha256 and row count.',
    '',
    '## Files and fields',
    '',
    'Each table is published as JSONL (canonical), CSV and Parquet. In CSV and Parquet, nested values (type json) are JSON text; in CSV an empty field is null and `""` an empty string.',
    '',
    ...tables.flatMap((t) => [`### ${t.name} (${manifest.rows[t.name] ?? 0} rows)`, '', `${TABLE_TEXT[t.name] ?? ''}.`, '', `Fields: ${fieldList(t)}.`, '']),
    '## How it was produced',
    '',
    manifest.kind === 'lint'
      ? 'Each public server\'s tool list was captured (or uploaded by its owner) and linted by toolmark\'s deterministic rules; the servers table holds the leaderboard\'s numbers, which `toolmark datasets verify` recomputes from the tools and findings tables.'
      : 'Cases were generated per tool from the server\'s tool list (generator, language and seed in the manifest); each trial showed the model the server\'s tools with the distractor sets listed in the manifest, in a seeded order, and judged the answer. `toolmark datasets verify` recomputes every metric, the board places and the validity table from the cases and trials.',
    '',
    '## Known limitations',
    '',
    '- Only public servers are included; private servers\' tools, cases and utterances never appear.',
    '- Tools shown are given by the shown surface hash and their order by name; the distractor tools themselves are in the distractor sets named in the manifest.',
    ...(manifest.models.every((m) => m.baseline) && manifest.kind === 'evaluation' ? ['- The only model is the lexical baseline (a word-overlap matcher, not a language model): the validity table shows the method, not a result about models.'] : []),
    '- Scores depend on the rules version; compare releases of the same rules id and hash only.',
    '',
    '## Withdrawal',
    '',
    'A release holds public servers only. When a server it holds is made private or deleted by its owner, or withdrawn by the operator, the latest release of its kind and setting is rebuilt without it at once and every version that holds it, this one included, is withdrawn:',
    `it stays listed at ${opts.siteUrl}/datasets with the date and the reason, its files answer 410 Gone, and \`manifest.json\` stays so the hashes of a copy already downloaded can still be checked. Please delete copies of a withdrawn release and use the newer version.`,
    '',
    '## Verify',
    '',
    '```sh',
    verifyCommandOf(opts.siteUrl, `${opts.siteUrl}/v1/datasets/${manifest.id}`),
    '```',
    '',
    `\`manifest.json\` is signed with the instance's Ed25519 key \`${opts.signer.keyId}\` (the signature is \`${SIGNATURE_FILE}\`, served beside it; the instance's keys are at ${opts.siteUrl}${KEY_SET_PATH}). Verify refuses a release whose signature is missing or does not match. The public key:`,
    '',
    '```',
    opts.signer.publicKeyPem.trimEnd(),
    '```',
    '',
    '## Citation',
    '',
    'See `CITATION.cff`.',
    '',
  ];
  return lines.join('\n');
}

/** The CITATION.cff of a release. */
export function citationFile(manifest: Manifest, opts: { siteUrl: string }): string {
  return stringify({
    'cff-version': '1.2.0',
    message: 'If you use this dataset, please cite it as below.',
    type: 'dataset',
    title: `toolmark ${manifest.kind} dataset ${manifest.id}`,
    version: String(manifest.version),
    'date-released': manifest.createdAt.slice(0, 10),
    license: manifest.license,
    url: `${opts.siteUrl}/datasets`,
    'repository-artifact': `${opts.siteUrl}/v1/datasets/${manifest.id}`,
    authors: [{ name: 'toolmark' }],
    keywords: ['MCP', 'tool use', 'benchmark'],
  });
}
