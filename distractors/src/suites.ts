// Hand-written case suites (`suites/<suite>/`): task-set files per server, frozen by sha256 in the suite's
// manifest with a fixed calibration/test split. Loading verifies the bytes; `checkSuites` (run by
// `npm run distractors:check`) also verifies the counts the suite promises. See suites/README.md.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lintTaskSet, parseTaskSet, taskToCase, type EvalCase, type Surface, type Task, type TaskSet } from '@toolmark/benchmarks';
import { z } from 'zod';
import { DISTRACTORS_DIR, loadDistractorSet, loadReferenceSurface, sha256OfBytes } from './index.js';

/** Where suites live, relative to the distractors folder. */
export const SUITES_FOLDER = 'suites';
/** A suite's manifest file. */
export const SUITE_MANIFEST = 'manifest.json';

/** The halves of a suite: `calibration` may be read while tuning anything; `test` never is, and backs published numbers. */
export const SuiteHalfSchema = z.enum(['calibration', 'test', 'all']);
export type SuiteHalf = z.infer<typeof SuiteHalfSchema>;

/** The promises a suite's files are checked against. */
export const SuiteRulesSchema = z.strictObject({
  /** Cases per tool in each language on its own, since a run reads one language (a case counts for every tool it names). */
  minCasesPerTool: z.number().int().min(1),
  /** Share of no-call cases per server, at least. */
  minNoCallShare: z.number().min(0).max(1),
  /** Japanese cases per server at least as many as English ones. */
  japaneseAtLeastEnglish: z.boolean(),
  /**
   * Tools that call themselves deprecated aliases of others: no case expects them (that would reward
   * ignoring the server's own guidance); instead at least `minCasesPerTool` cases tagged `avoid:<tool>`
   * carry a request its users would make, expecting one of the `successors`.
   */
  exemptTools: z.array(z.strictObject({ server: z.string(), tool: z.string(), successors: z.array(z.string()).min(1), reason: z.string() })).default([]),
});

/** One server's file of a suite. */
export const SuiteServerSchema = z.strictObject({
  /** The seeded server's slug (= the distractor set or reference surface its tools were captured as). */
  slug: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
  /** Where its tools are frozen: a distractor set or a reference surface of this package. */
  surface: z.strictObject({ kind: z.enum(['distractor', 'reference']), name: z.string(), surfaceHash: z.string() }),
  file: z.string().regex(/^[a-z0-9][a-z0-9-]*\.yaml$/),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  tasks: z.number().int().min(1),
  /** Ids of the test half (fixed when the suite was frozen); every other task is calibration. */
  test: z.array(z.string()).min(1),
});
export type SuiteServer = z.infer<typeof SuiteServerSchema>;

/** A suite's manifest. */
export const SuiteManifestSchema = z.strictObject({
  id: z.string(),
  version: z.number().int().min(1),
  description: z.string(),
  rules: SuiteRulesSchema,
  /** How the split was drawn when the suite was frozen (the ids under `test` are what counts). */
  split: z.string(),
  servers: z.array(SuiteServerSchema).min(1),
});
export type SuiteManifest = z.infer<typeof SuiteManifestSchema>;

/** A suite failed to load or verify. */
export class SuiteError extends Error {
  override readonly name = 'SuiteError';
  constructor(
    readonly code: 'unknown_suite' | 'invalid_manifest' | 'hash_mismatch' | 'invalid_task_set',
    message: string,
  ) {
    super(message);
  }
}

/**
 * The frozen suites: the sha256 of each manifest. A manifest (and so any file, any split) that changes
 * without this table changing fails `distractors:check` — a published suite is never edited; a new version
 * gets a new folder, a new manifest and a new line here.
 */
export const FROZEN_SUITES: Readonly<Record<string, string>> = {
  'toolmark-public-v2': '96a4322e39e619d9a1be9348284759e28ff8f7376d8360fd0523071f3ca9263a',
};

/** `<id>-v<version>`: the suite's folder name. */
export const suiteFolderName = (id: string, version: number): string => `${id}-v${version}`;

/** The suites present (folder names). */
export function listSuites(baseDir: string = DISTRACTORS_DIR): string[] {
  const dir = join(baseDir, SUITES_FOLDER);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, SUITE_MANIFEST)))
    .map((d) => d.name)
    .sort();
}

/** Read and validate a suite's manifest. */
export function readSuiteManifest(folder: string, baseDir: string = DISTRACTORS_DIR): SuiteManifest {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(folder)) throw new SuiteError('unknown_suite', `"${folder}" is not a suite name`);
  const file = join(baseDir, SUITES_FOLDER, folder, SUITE_MANIFEST);
  if (!existsSync(file)) throw new SuiteError('unknown_suite', `no suite "${folder}" (known: ${listSuites(baseDir).join(', ') || 'none'})`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new SuiteError('invalid_manifest', `${file} is not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  const parsed = SuiteManifestSchema.safeParse(raw);
  if (!parsed.success) {
    throw new SuiteError('invalid_manifest', `${file}: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`);
  }
  if (suiteFolderName(parsed.data.id, parsed.data.version) !== folder) throw new SuiteError('invalid_manifest', `${file} names suite ${parsed.data.id} v${parsed.data.version}, not the folder ${folder}`);
  return parsed.data;
}

/** One server's task set, its bytes verified against the manifest. */
export function readSuiteTaskSet(folder: string, server: SuiteServer, baseDir: string = DISTRACTORS_DIR): TaskSet {
  const file = join(baseDir, SUITES_FOLDER, folder, server.file);
  const bytes = readFileSync(file);
  const sha = sha256OfBytes(bytes);
  if (sha !== server.sha256) throw new SuiteError('hash_mismatch', `suite ${folder}: ${server.file} sha256 is ${sha}, the manifest records ${server.sha256} (a frozen suite never changes: write a new version)`);
  try {
    return parseTaskSet(bytes.toString('utf8'));
  } catch (err) {
    throw new SuiteError('invalid_task_set', `suite ${folder}: ${server.file}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** The frozen surface a suite file was written for. */
export function suiteSurface(server: SuiteServer, baseDir: string = DISTRACTORS_DIR): Surface {
  const loaded = server.surface.kind === 'distractor' ? loadDistractorSet(server.surface.name, { baseDir }) : loadReferenceSurface(server.surface.name, { baseDir });
  return loaded.surface;
}

/** The half a task belongs to. */
export const halfOf = (server: SuiteServer, taskId: string): 'calibration' | 'test' => (server.test.includes(taskId) ? 'test' : 'calibration');

/**
 * The suite's cases for the server whose tools hash to `surfaceHash` (a hand-written set fits only the
 * tools it was written for), one half and optionally one language; undefined when the suite has no file
 * for those tools. Cases are `task` cases of source `file`, tagged `suite:<id>-v<version>` and their half.
 */
export function suiteCasesFor(folder: string, surfaceHash: string, options: { half: SuiteHalf; language?: 'en' | 'ja' | undefined }, baseDir: string = DISTRACTORS_DIR): EvalCase[] | undefined {
  const manifest = readSuiteManifest(folder, baseDir);
  const server = manifest.servers.find((s) => s.surface.surfaceHash === surfaceHash);
  if (!server) return undefined;
  const set = readSuiteTaskSet(folder, server, baseDir);
  return set.tasks
    .filter((t) => options.half === 'all' || halfOf(server, t.id) === options.half)
    .map((t) => taskToCase(t))
    .filter((c) => options.language === undefined || c.language === options.language)
    .map((c) => ({ ...c, tags: [...(c.tags ?? []), `suite:${folder}`, halfOf(server, c.id)] }));
}

/**
 * The fixed split drawn when a suite is frozen: within each group of tasks with the same expected tool
 * (or none) and language, in file order, every second task goes to the test half — so both halves
 * cover every tool, language and the no-call cases alike. The first of each group goes to the test
 * half, so published numbers rest on the larger share (a group of three gives two test cases).
 */
export function drawSplit(tasks: readonly Task[]): string[] {
  const seen = new Map<string, number>();
  const test: string[] = [];
  for (const t of tasks) {
    const group = `${t.expected ?? '(none)'}|${t.language ?? ''}`;
    const n = seen.get(group) ?? 0;
    seen.set(group, n + 1);
    if (n % 2 === 0) test.push(t.id);
  }
  return test;
}

/** Problems of one server's file against the suite's rules (empty: it keeps every promise). */
export function suiteServerProblems(manifest: SuiteManifest, server: SuiteServer, set: TaskSet, surface: Surface): string[] {
  const problems: string[] = [];
  const where = `${manifest.id} v${manifest.version} ${server.file}`;
  if (set.tasks.length !== server.tasks) problems.push(`${where}: ${set.tasks.length} tasks, the manifest records ${server.tasks}`);
  const lint = lintTaskSet(set, surface, { minCasesPerTool: manifest.rules.minCasesPerTool });
  for (const p of lint.problems) if (p.level === 'error') problems.push(`${where}: ${p.taskId ? `task ${p.taskId}: ` : ''}${p.message}`);
  const exempt = manifest.rules.exemptTools.filter((e) => e.server === server.slug);
  for (const p of lint.problems) if (p.code === 'tool_not_covered' && !exempt.some((e) => e.tool === p.tool)) problems.push(`${where}: ${p.message}`);
  // A run reads one language: each language carries the minimum on its own.
  for (const language of ['en', 'ja'] as const) {
    const own = lintTaskSet({ ...set, tasks: set.tasks.filter((t) => t.language === language) }, surface, { minCasesPerTool: manifest.rules.minCasesPerTool });
    for (const p of own.problems) {
      if (p.code === 'too_few_cases' || (p.code === 'tool_not_covered' && !exempt.some((e) => e.tool === p.tool))) problems.push(`${where}: ${language} cases alone: ${p.message}`);
    }
  }
  for (const e of exempt) {
    if (!surface.tools.some((t) => t.name === e.tool)) problems.push(`${where}: exempt tool ${e.tool} is not a tool of the server`);
    if (set.tasks.some((t) => t.expected === e.tool || t.expect?.some((s) => s.name === e.tool))) problems.push(`${where}: ${e.tool} is exempt (${e.reason}) but a task expects it`);
    const avoiding = set.tasks.filter((t) => t.tags?.includes(`avoid:${e.tool}`));
    for (const language of ['en', 'ja'] as const) {
      const n = avoiding.filter((t) => t.language === language).length;
      if (n < manifest.rules.minCasesPerTool) problems.push(`${where}: ${n} ${language} cases tagged avoid:${e.tool}, fewer than ${manifest.rules.minCasesPerTool}`);
    }
    for (const t of avoiding) if (t.expected === null || !e.successors.includes(t.expected)) problems.push(`${where}: task ${t.id} is tagged avoid:${e.tool} but expects ${t.expected ?? 'no tool'}, not one of ${e.successors.join(', ')}`);
  }
  const ids = new Set(set.tasks.map((t) => t.id));
  for (const id of server.test) if (!ids.has(id)) problems.push(`${where}: test id ${id} is not a task of the file`);
  const prefix = `${server.slug}/`;
  for (const t of set.tasks) {
    if (!t.id.startsWith(prefix)) problems.push(`${where}: task ${t.id} does not start with ${prefix}`);
    if (t.language === undefined) problems.push(`${where}: task ${t.id} has no language`);
  }
  const en = set.tasks.filter((t) => t.language === 'en').length;
  const ja = set.tasks.filter((t) => t.language === 'ja').length;
  if (manifest.rules.japaneseAtLeastEnglish && ja < en) problems.push(`${where}: ${ja} Japanese cases, fewer than the ${en} English ones`);
  const noCall = set.tasks.filter((t) => t.expected === null).length;
  if (noCall * 1_000_000 < Math.round(manifest.rules.minNoCallShare * 1_000_000) * set.tasks.length) {
    problems.push(`${where}: ${noCall} of ${set.tasks.length} cases are no-call, under ${manifest.rules.minNoCallShare * 100} %`);
  }
  for (const half of ['calibration', 'test'] as const) {
    for (const language of ['en', 'ja'] as const) {
      const n = set.tasks.filter((t) => t.language === language && halfOf(server, t.id) === half).length;
      if (n === 0) problems.push(`${where}: the ${half} half has no ${language} case`);
    }
  }
  return problems;
}

/** Verify every suite: manifest, bytes, the surface hash of the tools each file was written for, and the rules. */
export function checkSuites(baseDir: string = DISTRACTORS_DIR): { summaries: string[]; problems: string[] } {
  const summaries: string[] = [];
  const problems: string[] = [];
  for (const folder of listSuites(baseDir)) {
    let manifest: SuiteManifest;
    try {
      manifest = readSuiteManifest(folder, baseDir);
    } catch (err) {
      problems.push(err instanceof Error ? err.message : String(err));
      continue;
    }
    const pinned = FROZEN_SUITES[folder];
    const manifestSha = sha256OfBytes(readFileSync(join(baseDir, SUITES_FOLDER, folder, SUITE_MANIFEST)));
    if (pinned === undefined) problems.push(`suite ${folder} is not in FROZEN_SUITES (src/suites.ts): freeze it and pin its manifest's sha256 ${manifestSha}`);
    else if (pinned !== manifestSha) problems.push(`suite ${folder}: manifest.json sha256 is ${manifestSha}, FROZEN_SUITES pins ${pinned} (a frozen suite never changes: write a new version)`);
    const files = new Set(readdirSync(join(baseDir, SUITES_FOLDER, folder)).filter((f) => f.endsWith('.yaml')));
    for (const server of manifest.servers) {
      files.delete(server.file);
      try {
        const set = readSuiteTaskSet(folder, server, baseDir);
        const surface = suiteSurface(server, baseDir);
        const own = suiteServerProblems(manifest, server, set, surface);
        const loaded = server.surface.kind === 'distractor' ? loadDistractorSet(server.surface.name, { baseDir }) : loadReferenceSurface(server.surface.name, { baseDir });
        if (loaded.manifest.surfaceHash !== server.surface.surfaceHash) own.push(`${folder} ${server.file}: written for tools ${server.surface.surfaceHash}, but ${server.surface.name} is now ${loaded.manifest.surfaceHash}`);
        problems.push(...own);
        summaries.push(`${own.length === 0 ? 'ok  ' : 'FAIL'} suites/${folder}/${server.file}  ${set.tasks.length} cases (${server.test.length} test)`);
      } catch (err) {
        problems.push(err instanceof Error ? err.message : String(err));
        summaries.push(`FAIL suites/${folder}/${server.file}`);
      }
    }
    for (const f of files) problems.push(`suites/${folder}/${f} is not listed in the suite's manifest`);
  }
  return { summaries, problems };
}
