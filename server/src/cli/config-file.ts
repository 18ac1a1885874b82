import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Command } from 'commander';
import { z } from 'zod';
import { CaseLanguageSchema, RUN_FORMATS, TurnSettingsSchema } from '@toolmark/benchmarks';
import { PROVIDER_IDS } from '../providers/index.js';
import { CliError } from './errors.js';
import { RUN_BOUNDS, type Bounds } from './eval-args.js';
import { exists, readTextFile } from './files.js';

// toolmark.config.json (or .js / .mjs / .ts, for the CLI only): what to run — target, tasks, provider,
// trials, thresholds, report — so a CI job or a repository keeps one reviewed file instead of a long
// command line. Flags override it. API keys are never config fields: they come from the environment.

/** The files looked for in the working directory, in this order, when --config is not given. */
export const CONFIG_FILES = ['toolmark.config.json', 'toolmark.config.js', 'toolmark.config.mjs', 'toolmark.config.ts'] as const;

const MAX_CONFIG_BYTES = 256 * 1024;

const num = (b: Bounds) => {
  const n = z.number().min(b.min).max(b.max);
  return b.integer === true ? n.int() : n;
};

/** The config file's shape (strict: an unknown key is an error, as in task sets). */
export const RunConfigSchema = z.strictObject({
  $schema: z.string().optional(),
  /** A tools/list JSON file, `{ file }`, `{ url }`, or `{ command, env }` (a server started over stdio). */
  target: z
    .union([
      z.string().min(1),
      z.strictObject({ file: z.string().min(1) }),
      z.strictObject({ url: z.url() }),
      z.strictObject({ command: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]), env: z.record(z.string(), z.string()).optional() }),
    ])
    .optional(),
  /** A task-set file (relative to the config file). */
  tasks: z.string().min(1).optional(),
  provider: z
    .strictObject({
      name: z.enum(PROVIDER_IDS),
      model: z.string().min(1).optional(),
      baseUrl: z.url().optional(),
      reasoningEffort: TurnSettingsSchema.shape.reasoningEffort,
    })
    .optional(),
  trials: z
    .strictObject({
      repeat: num(RUN_BOUNDS.repeat),
      maxTrials: num(RUN_BOUNDS.maxTrials),
      maxTools: num(RUN_BOUNDS.maxTools),
      permute: z.boolean(),
      temperature: num(RUN_BOUNDS.temperature),
      seed: num(RUN_BOUNDS.seed),
      concurrency: num(RUN_BOUNDS.concurrency),
      maxOutputTokens: num(RUN_BOUNDS.maxOutputTokens),
      secondsPerTrial: num(RUN_BOUNDS.secondsPerTrial),
      casesPerTool: num(RUN_BOUNDS.casesPerTool),
      languages: z.array(CaseLanguageSchema).min(1),
      distractors: z.array(z.string().min(1)),
      only: z.array(z.string().min(1)).min(1),
      skip: z.array(z.string().min(1)).min(1),
    })
    .partial()
    .optional(),
  thresholds: z
    .strictObject({
      minAccuracy: num(RUN_BOUNDS.minAccuracy),
      maxFalseCalls: num(RUN_BOUNDS.maxFalseCalls),
      maxErrorRate: num(RUN_BOUNDS.maxErrorRate),
      minScored: num(RUN_BOUNDS.minScored),
      maxContextTokens: num(RUN_BOUNDS.maxContextTokens),
      minCasesPerTool: num(RUN_BOUNDS.minCasesPerTool),
    })
    .partial()
    .optional(),
  report: z.strictObject({ format: z.enum(RUN_FORMATS), out: z.string().min(1) }).partial().optional(),
});
/** A config file, validated. */
export type RunConfig = z.infer<typeof RunConfigSchema>;

/** A config and where it came from (its folder anchors the relative paths in it). */
export interface LoadedConfig {
  file: string;
  config: RunConfig;
}

/** A field name that holds a secret: keys, tokens, passwords, credentials. */
const SECRET_KEY = /(?:api[-_]?key|apikey|secret|password|passwd|credentials?|authorization|bearer|token)$/i;
/** A value that looks like a provider key. */
const SECRET_VALUE = /^(?:sk-|sk-ant-|sk-or-|gsk_|xai-|hf_)[A-Za-z0-9_-]{16,}$/;

/** The path of the first field (anywhere) that is or holds a secret, or undefined. */
function secretField(value: unknown, path: string[] = []): { path: string; why: string } | undefined {
  if (typeof value === 'string') return SECRET_VALUE.test(value) ? { path: path.join('.'), why: 'its value looks like an API key' } : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [k, v] of Array.isArray(value) ? value.map((x, i) => [String(i), x] as const) : Object.entries(value)) {
    if (!Array.isArray(value) && SECRET_KEY.test(k)) return { path: [...path, k].join('.'), why: 'it names a secret' };
    const inner = secretField(v, [...path, k]);
    if (inner) return inner;
  }
  return undefined;
}

const invalid = (file: string, path: string, what: string): CliError =>
  new CliError('config_invalid', `${basename(file)}: ${path === '' ? '' : `${path}: `}${what}`, { where: file, ...(path !== '' ? { path } : {}) });

/** Validate a config value read from `file`: secrets first (with the environment variable to use), then the schema. */
export function parseRunConfig(value: unknown, file: string): RunConfig {
  const secret = secretField(value);
  if (secret) {
    throw invalid(file, secret.path, `${secret.why}: API keys are never config fields; set OPENAI_API_KEY, ANTHROPIC_API_KEY, OPENROUTER_API_KEY, TOGETHER_API_KEY or TOOLMARK_PROVIDER_API_KEY in the environment`);
  }
  const parsed = RunConfigSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const path = issue.path.map(String).join('.');
  const what = issue.code === 'unrecognized_keys' ? `unknown key(s) ${issue.keys.map((k) => `"${k}"`).join(', ')}` : issue.message;
  return ((): never => {
    throw invalid(file, path, what);
  })();
}

/** Import a JavaScript or TypeScript config module: its default export. */
async function importConfig(file: string): Promise<unknown> {
  const load = async (path: string): Promise<unknown> => ((await import(`${pathToFileURL(path).href}?t=${Date.now()}`)) as { default?: unknown }).default;
  if (extname(file) !== '.ts') return load(file);
  try {
    return await load(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw error;
  }
  // Node 20 does not strip types: esbuild (a dev dependency of a toolmark checkout) compiles the file to a
  // module beside it, so its relative imports resolve; removed at once.
  let esbuild: { transform: (code: string, options: Record<string, unknown>) => Promise<{ code: string }> };
  try {
    const name = 'esbuild';
    esbuild = (await import(name)) as typeof esbuild;
  } catch {
    throw new CliError('config_invalid', `${basename(file)}: a TypeScript config needs Node ≥ 22.18 (type stripping) or esbuild installed; use toolmark.config.json or .js/.mjs`, { where: file });
  }
  const { code } = await esbuild.transform(await readTextFile(file, MAX_CONFIG_BYTES), { loader: 'ts', format: 'esm', sourcefile: file });
  const tmp = join(dirname(file), `.${basename(file, '.ts')}.${randomBytes(4).toString('hex')}.mjs`);
  await writeFile(tmp, code);
  try {
    return await load(tmp);
  } finally {
    await rm(tmp, { force: true });
  }
}

/**
 * Read the config: `--config <file>`, else the first of {@link CONFIG_FILES} in `cwd`, else none.
 * Errors say the file, the path in it and what is wrong.
 */
export async function loadRunConfig(explicit: string | undefined, cwd: string): Promise<LoadedConfig | undefined> {
  let file: string | undefined;
  if (explicit !== undefined) file = resolve(cwd, explicit);
  else for (const name of CONFIG_FILES) if (await exists(join(cwd, name))) {
    file = join(cwd, name);
    break;
  }
  if (file === undefined) return undefined;
  let value: unknown;
  if (extname(file) === '.json') {
    const text = await readTextFile(file, MAX_CONFIG_BYTES);
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw invalid(file, '', `not JSON: ${error instanceof Error ? error.message : String(error)}`);
    }
  } else if (['.js', '.mjs', '.ts'].includes(extname(file))) {
    if (!(await exists(file))) throw new CliError('file_not_found', `no such file: ${file}`, { where: file });
    try {
      value = await importConfig(file);
    } catch (error) {
      if (error instanceof CliError) throw error;
      throw invalid(file, '', `cannot load: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    }
  } else {
    throw invalid(file, '', 'a config is .json, .js, .mjs or .ts');
  }
  return { file, config: parseRunConfig(value, file) };
}

/** Option values a config gives, by commander attribute name (strings as a flag would give them; paths resolved). */
export function configOptions(loaded: LoadedConfig): Record<string, string | boolean> {
  const { config: c, file } = loaded;
  const at = (p: string) => resolve(dirname(file), p);
  const out: Record<string, string | boolean | undefined> = {
    tasks: c.tasks !== undefined ? at(c.tasks) : undefined,
    provider: c.provider?.name,
    model: c.provider?.model,
    baseUrl: c.provider?.baseUrl,
    reasoningEffort: c.provider?.reasoningEffort,
    permute: c.trials?.permute,
    languages: c.trials?.languages?.join(','),
    distractors: c.trials?.distractors?.join(','),
    only: c.trials?.only?.join(','),
    skip: c.trials?.skip?.join(','),
    format: c.report?.format,
    out: c.report?.out !== undefined ? at(c.report.out) : undefined,
  };
  for (const k of ['repeat', 'maxTrials', 'maxTools', 'temperature', 'seed', 'concurrency', 'maxOutputTokens', 'secondsPerTrial', 'casesPerTool'] as const) {
    const v = c.trials?.[k];
    if (v !== undefined) out[k] = String(v);
  }
  for (const k of ['minAccuracy', 'maxFalseCalls', 'maxErrorRate', 'minScored', 'maxContextTokens', 'minCasesPerTool'] as const) {
    const v = c.thresholds?.[k];
    if (v !== undefined) out[k] = String(v);
  }
  return Object.fromEntries(Object.entries(out).filter((e): e is [string, string | boolean] => e[1] !== undefined));
}

/** Fill the options a flag did not set from the config (flags override the config; defaults do not). */
export function applyConfig(options: Record<string, unknown>, command: Command, loaded: LoadedConfig | undefined): void {
  if (!loaded) return;
  const declared = new Set(command.options.map((o) => o.attributeName()));
  for (const [key, value] of Object.entries(configOptions(loaded))) {
    if (declared.has(key) && command.getOptionValueSource(key) !== 'cli') options[key] = value;
  }
}

/** The target of a config as the source arguments of a command: a file, `--url`, or a command line. */
export function configTarget(loaded: LoadedConfig | undefined): { file?: string; url?: string; command?: string[]; env?: string[] } {
  const t = loaded?.config.target;
  if (t === undefined || loaded === undefined) return {};
  const at = (p: string) => resolve(dirname(loaded.file), p);
  if (typeof t === 'string') return { file: at(t) };
  if ('file' in t) return { file: at(t.file) };
  if ('url' in t) return { url: t.url };
  return { command: typeof t.command === 'string' ? t.command.split(/\s+/).filter(Boolean) : t.command, env: Object.entries(t.env ?? {}).map(([k, v]) => `${k}=${v}`) };
}
