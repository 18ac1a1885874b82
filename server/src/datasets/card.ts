// The dataset card (README.md with YAML front matter in the Hugging Face datasets convention: configs and
// data files with a default config, licence, size category, task categories; then the formats, a field
// table with a sentence per field (field-text.ts), how it was made, how to rerun it, what is not in it) and
// the citation file (CITATION.cff) of a release.
import { stringify } from 'yaml';
import { tableFile, tablesOf, typeName, type Manifest, type TableSpec } from '@toolmark/benchmarks';
import { FIELD_TEXT, TABLE_TEXT } from './field-text.js';
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

/** The table `load_dataset(folder)` loads when no config is named. */
export const DEFAULT_CONFIG = { lint: 'servers', evaluation: 'trials' } as const;

/** A table's fields as a Markdown table: name, type (Parquet's; CSV holds nested values as JSON text), one sentence. */
function fieldTable(manifest: Manifest, spec: TableSpec): string[] {
  const text = FIELD_TEXT[manifest.kind][spec.name] ?? {};
  return ['| field | type | what it is |', '|---|---|---|', ...spec.columns.map(([n, t]) => `| \`${n}\` | \`${typeName(t)}\` | ${(text[n] ?? '').replaceAll('|', '\\|')} |`)];
}

/** The command that reruns an evaluation release's runs and compares every trial. */
export const rerunCommandOf = (siteUrl: string, target: string): string => `npx -y ${siteUrl}/cli/toolmark.tgz rerun ${target}`;

/** The command that verifies a release or a site, with the CLI the instance serves (nothing to install first). */
export const verifyCommandOf = (siteUrl: string, target: string): string => `npx -y ${siteUrl}/cli/toolmark.tgz datasets verify ${target}`;

/** The Hugging Face Hub's licence id (lower case: `cc-by-4.0`) of an SPDX id. */
export const hubLicense = (spdx: string): string => spdx.toLowerCase();

/** The card's section on which runs are ranked (schema version 3): the boards' rules, and this release's counts. */
function rankedOrNot(manifest: Manifest): string[] {
  const s = manifest.standings;
  const share = Math.round((s?.minAnsweredShare ?? 0.95) * 100);
  return [
    '## Ranked or not',
    '',
    `The \`metrics\` table ranks exactly what the live boards rank. A run with fewer than ${share} % of its planned trials answered (a provider error is no answer) is \`incomplete\`: listed with \`answeredTrials\` / \`plannedTrials\` and a \`reason\`, never ranked — its rates cover only the trials the provider answered. A server whose tools changed after the run has a newer version; its newest run under these settings is kept as \`older_version\` history, never ranked (each server is ranked at its latest version). \`rank\` is the place among the ranked runs only; the validity table reads the ranked runs only. \`toolmark datasets verify\` recomputes every standing from the trials and fails on a release that ranks an incomplete run.`,
    '',
    ...(s ? [`This release: ${s.ranked} ranked, ${s.incomplete} incomplete, ${s.olderVersion} of older versions.`, ''] : []),
  ];
}

/** The README.md of a release. */
export function datasetCard(manifest: Manifest, opts: { siteUrl: string; signer: Pick<SigningKey, 'keyId' | 'publicKeyPem'> }): string {
  const tables = tablesOf(manifest.kind, manifest.schemaVersion);
  const bom = manifest.csv?.bom === true;
  const release = `${opts.siteUrl}/v1/datasets/${manifest.id}`;
  const total = Object.values(manifest.rows).reduce((s, n) => s + n, 0);
  const front = {
    pretty_name: `toolmark ${manifest.kind} release ${manifest.id}`,
    license: hubLicense(manifest.license),
    // An evaluation release is in its setting's language; a lint release holds tool descriptions in whatever language each server uses.
    language: manifest.kind === 'evaluation' && typeof manifest.settings?.language === 'string' ? [manifest.settings.language] : ['en', 'ja'],
    size_categories: [sizeCategory(total)],
    task_categories: manifest.kind === 'lint' ? ['text-classification'] : ['text-generation'],
    tags: ['mcp', 'tool-use', 'benchmark', 'toolmark'],
    configs: tables.map((t) => ({ config_name: t.name, ...(t.name === DEFAULT_CONFIG[manifest.kind] ? { default: true } : {}), data_files: [{ split: 'train', path: tableFile(t.name, 'parquet') }] })),
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
    '## Files and formats',
    '',
    `Each table is published as JSONL (canonical), CSV and Parquet, with the same rows in the same order. \`load_dataset\` on this folder loads the \`${DEFAULT_CONFIG[manifest.kind]}\` config (Parquet); name another config for another table.`,
    '',
    '- **Parquet** keeps the types: integers are INT64, timestamps TIMESTAMP (UTC, milliseconds), lists LIST, records STRUCT, keyed records MAP. A value of no fixed shape (a case, an input schema, the arguments a model sent, full metrics) is JSON text (a UTF-8 string).',
    `- **CSV** (RFC 4180, UTF-8${bom ? ' with a byte order mark, so Excel reads Japanese right' : ', no byte order mark'}): every nested value is JSON text and a timestamp its ISO 8601 text. **Null is an empty field; an empty string is a quoted \`""\`.** DuckDB keeps them apart with \`read_csv(file, allow_quoted_nulls = false)\`; pandas and Excel read both as empty — use Parquet or JSONL when the difference matters.`,
    '- **JSONL** holds each row as the JSON object it is (timestamps as ISO 8601 text); `manifest.json` gives every file\'s sha256 and row count.',
    '',
    ...tables.flatMap((t) => [`### ${t.name} (${manifest.rows[t.name] ?? 0} rows)`, '', TABLE_TEXT[manifest.kind][t.name] ?? '', '', ...fieldTable(manifest, t), '']),
    '## How it was produced',
    '',
    manifest.kind === 'lint'
      ? 'Each public server\'s tool list was captured (or uploaded by its owner) and linted by toolmark\'s deterministic rules; the servers table holds the leaderboard\'s numbers, which `toolmark datasets verify` recomputes from the tools and findings tables.'
      : 'Cases were generated per tool from the server\'s tool list (generator, language and seed in the manifest); each trial showed the model the server\'s tools with the distractor sets of the run, in a seeded order, and judged the answer. `toolmark datasets verify` recomputes every metric, the board places and the validity table from the cases and trials.',
    '',
    ...(manifest.kind === 'evaluation' && manifest.schemaVersion >= 3 ? rankedOrNot(manifest) : []),
    ...(manifest.kind === 'evaluation' && manifest.schemaVersion >= 2
      ? [
          '## Rerun',
          '',
          'The `runs`, `tool_definitions` and `cases` tables hold everything a run sent: the tools exactly as shown (each surface once, by hash), the distractor sets\' tools, the system prompt, the request settings (also in the provider\'s own wire names), the seed and the cases. This command rebuilds each run from them, refuses unless they hash to what the run recorded, asks the run\'s provider again (or `--provider … --model … --base-url …`; API keys from the environment) and compares every trial with this release:',
          '',
          '```sh',
          rerunCommandOf(opts.siteUrl, release),
          '```',
          '',
          'The lexical baseline reproduces its trials exactly; a language model need not (sampling, model updates behind the same name), and the command prints each trial that differs and both releases\' rates.',
          '',
        ]
      : []),
    '## What is not in it',
    '',
    '- Private, deleted and withdrawn servers: their tools, cases and utterances never appear.',
    '- The raw HTTP answers of the providers: each trial holds the normalised answer (calls, text, usage, error), not the response body.',
    '- Which weights answered: a model is known by the name sent, the endpoint and its fingerprint; a provider may change what a name serves.',
    '- Per-trial timestamps and retries: a trial holds its latency; failed attempts before the answer are not kept.',
    manifest.kind === 'evaluation' && manifest.schemaVersion >= 3
      ? '- Runs other than each server\'s newest under the board\'s comparable settings; of a server evaluated on its latest version, its runs of older versions (earlier releases hold them).'
      : '- Runs other than each server\'s newest under the board\'s comparable settings, and runs of older server versions.',
    ...(manifest.kind === 'evaluation' ? ['- For cases written by a generator model, the generator\'s request: the cases it wrote are here, not how it was asked.'] : []),
    ...(manifest.models.every((m) => m.baseline) && manifest.kind === 'evaluation' ? ['- A language model: the only model is the lexical baseline (a word-overlap matcher), so the validity table shows the method, not a result about models.'] : []),
    '- Comparability across rules versions: scores depend on the rules version; compare releases of the same rules id and hash only.',
    '',
    '## Withdrawal',
    '',
    'A release holds public servers only. When a server it holds is made private or deleted by its owner, or withdrawn by the operator, the latest release of its kind and setting is rebuilt without it at once and every version that holds it, this one included, is withdrawn:',
    `it stays listed at ${opts.siteUrl}/datasets with the date and the reason, its files answer 410 Gone, and \`manifest.json\` stays so the hashes of a copy already downloaded can still be checked. Please delete copies of a withdrawn release and use the newer version.`,
    '',
    '## Verify',
    '',
    '```sh',
    verifyCommandOf(opts.siteUrl, release),
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
