// The labelled rules corpus (corpus/): real public surfaces captured with `toolmark dump`, each tool's
// findings judged by hand against corpus/RUBRIC.md. Loading validates every file and that the labels
// cover every tool exactly once; the rules bench (server/src/bench/rules.ts) measures rule sets on it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { parseSurfaceText, surfaceHash } from '@toolmark/benchmarks';
import type { Surface } from '@toolmark/benchmarks';
import { DISTRACTORS_DIR, sha256OfBytes } from './index.js';

/** The corpus folder: `index.json`, `RUBRIC.md` and one folder per surface. */
export const CORPUS_DIR = join(DISTRACTORS_DIR, 'corpus');

/**
 * The codes the rubric judges, with the severity the rubric gives each (a code with two severities in a
 * rule set is judged regardless of severity and grouped under the higher one). Every tool is judged for
 * every per-tool code and every surface for every server code; `confusable_pair` is judged as pairs.
 */
export const RUBRIC_TOOL_CODES = {
  no_description: 'critical',
  hidden_instructions: 'critical',
  invisible_characters: 'critical',
  x_mcp_header_invalid: 'critical',
  restates_name: 'required',
  too_short: 'required',
  no_usage_context: 'required',
  destructive_unmarked: 'required',
  destructive_hint_false: 'required',
  annotation_conflict: 'required',
  readonly_hint_on_write: 'required',
  tool_shadowing: 'required',
  generic_name: 'required',
  bad_name_chars: 'required',
  param_no_description: 'required',
  too_long: 'minor',
  loose_string_param: 'minor',
  no_required: 'minor',
  params_not_in_description: 'minor',
  vague_boolean: 'minor',
  no_return_info: 'minor',
  no_constraints: 'minor',
  long_name: 'minor',
  heavy_tool: 'minor',
} as const;
export const RUBRIC_SERVER_CODES = {
  identical_description: 'critical',
  too_many_tools: 'required',
  many_tools: 'minor',
  confusable_pair_total: 'required',
  heavy_surface: 'minor',
} as const;
/** The server code judged as a list of tool pairs rather than as fires / does not fire. */
export const PAIR_CODE = 'confusable_pair';
/** Security codes: findings that do not move the score and must never be missed. */
export const SECURITY_CODES = ['hidden_instructions', 'invisible_characters', 'tool_shadowing'] as const;

export type RubricSeverity = 'critical' | 'required' | 'minor';
export const rubricSeverity = (code: string): RubricSeverity | undefined =>
  (RUBRIC_TOOL_CODES as Record<string, RubricSeverity>)[code] ??
  (RUBRIC_SERVER_CODES as Record<string, RubricSeverity>)[code] ??
  (code === PAIR_CODE ? 'required' : undefined);

const NameSchema = z.string().regex(/^[a-z0-9][a-z0-9-]*$/);

/**
 * The codes every surface judges for every tool (issue 25: the surfaces added for rules v3 judge these and
 * the pairs; the first nine judge every code of the rubric). The bench counts a code on a surface only
 * where the surface judges it.
 */
export const CORE_TOOL_CODES = [
  'no_description',
  'hidden_instructions',
  'invisible_characters',
  'x_mcp_header_invalid',
  'destructive_unmarked',
  'destructive_hint_false',
  'annotation_conflict',
  'readonly_hint_on_write',
  'tool_shadowing',
  'generic_name',
  'bad_name_chars',
  'param_no_description',
  'long_name',
] as const;
export const CORE_SERVER_CODES = ['identical_description', 'too_many_tools', 'many_tools', 'confusable_pair_total'] as const;

/** The two fixed halves of the corpus: rules are calibrated on one, and measured and reported on the other. */
export type CorpusHalf = 'calibration' | 'reported';

export const CorpusIndexSchema = z.strictObject({
  surfaces: z.array(NameSchema).min(1),
  /**
   * Every surface in exactly one half, fixed when the split was made and never moved: calibrate on
   * `calibration`, report `reported`, never tune on the reported half (README.md, "Halves").
   */
  halves: z.strictObject({ calibration: z.array(NameSchema).min(1), reported: z.array(NameSchema).min(1) }),
  /** How the split was made. */
  split: z.string().min(1),
});
export type CorpusIndex = z.infer<typeof CorpusIndexSchema>;

export const CorpusManifestSchema = z.strictObject({
  name: NameSchema,
  package: z.string().min(1),
  version: z.string().regex(/^\d+\.\d+\.\d+/, 'an exact version'),
  captureDate: z.iso.datetime(),
  capturedWith: z.string().min(1),
  /** What `toolmark dump` started after `--` (`<tmpdir>` / `<node22>` stand for local paths). */
  command: z.array(z.string()).min(1),
  /** Names (never values) of the variables set for the server. */
  env: z.array(z.string()),
  node: z.strictObject({ version: z.string(), source: z.string() }),
  toolCount: z.number().int().positive(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  surfaceHash: z.string().regex(/^sha256:[0-9a-f]{64}$/),
  note: z.string(),
});
export type CorpusManifest = z.infer<typeof CorpusManifestSchema>;

const ToolCode = z.enum(Object.keys(RUBRIC_TOOL_CODES) as [keyof typeof RUBRIC_TOOL_CODES]);
const ServerCode = z.enum(Object.keys(RUBRIC_SERVER_CODES) as [keyof typeof RUBRIC_SERVER_CODES]);

export const CorpusLabelsSchema = z.strictObject({
  surface: NameSchema,
  /** The codes judged for every tool / for the surface: absence from `fire` means "should not fire". */
  judged: z.strictObject({ tool: z.array(ToolCode), server: z.array(ServerCode) }),
  /** One entry per tool, in the surface's order. */
  tools: z.array(z.strictObject({ name: z.string().min(1), fire: z.array(ToolCode), note: z.string().min(1).optional() })),
  /** Server-wide codes that should fire. */
  server: z.array(ServerCode),
  /** Confusable pairs a maintainer would act on: unordered, names sorted, with a one-line reason. */
  pairs: z.array(z.strictObject({ tools: z.tuple([z.string(), z.string()]), reason: z.string().min(1) })),
});
export type CorpusLabels = z.infer<typeof CorpusLabelsSchema>;

export type CorpusErrorCode = 'missing_file' | 'invalid_file' | 'hash_mismatch' | 'label_mismatch';

export class CorpusError extends Error {
  override readonly name = 'CorpusError';
  constructor(
    readonly code: CorpusErrorCode,
    readonly surfaceName: string,
    message: string,
  ) {
    super(message);
  }
}

export interface CorpusSurface {
  /** The half of the corpus this surface is in (index.json). */
  half: CorpusHalf;
  manifest: CorpusManifest;
  surface: Surface;
  labels: CorpusLabels;
}

export interface CorpusOptions {
  /** Folder holding `index.json` and the surface folders; defaults to {@link CORPUS_DIR}. */
  corpusDir?: string;
}

function readJson<T>(schema: z.ZodType<T>, path: string, surface: string): T {
  if (!existsSync(path)) throw new CorpusError('missing_file', surface, `${path} is missing`);
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new CorpusError('invalid_file', surface, `${path} is not JSON: ${String(err)}`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new CorpusError('invalid_file', surface, `${path}: ${issues}`);
  }
  return parsed.data;
}

/** The corpus index, checked: every surface in exactly one half, every half member a surface. */
export function readCorpusIndex(options: CorpusOptions = {}): CorpusIndex {
  const index = readJson(CorpusIndexSchema, join(options.corpusDir ?? CORPUS_DIR, 'index.json'), '*');
  const problems: string[] = [];
  const { calibration, reported } = index.halves;
  for (const name of index.surfaces) {
    const n = Number(calibration.includes(name)) + Number(reported.includes(name));
    if (n !== 1) problems.push(`surface "${name}" is in ${n} halves (must be in exactly one)`);
  }
  for (const name of [...calibration, ...reported]) if (!index.surfaces.includes(name)) problems.push(`half member "${name}" is not a listed surface`);
  if (new Set(index.surfaces).size !== index.surfaces.length) problems.push('a surface is listed twice');
  if (problems.length > 0) throw new CorpusError('invalid_file', '*', `index.json: ${problems.join('; ')}`);
  return index;
}

/** The surfaces listed in the corpus index, in order. */
export function listCorpusSurfaces(options: CorpusOptions = {}): string[] {
  return readCorpusIndex(options).surfaces;
}

/** The half a surface is in. */
export function corpusHalf(name: string, options: CorpusOptions = {}): CorpusHalf {
  return readCorpusIndex(options).halves.calibration.includes(name) ? 'calibration' : 'reported';
}

/** Problems of one surface's labels against its tools (empty when they agree); exported for the tests. */
export function labelProblems(labels: CorpusLabels, surface: Surface): string[] {
  const problems: string[] = [];
  const toolCodes = Object.keys(RUBRIC_TOOL_CODES);
  const serverCodes = Object.keys(RUBRIC_SERVER_CODES);
  const covers = (a: readonly string[], core: readonly string[], all: readonly string[]): boolean =>
    new Set(a).size === a.length && core.every((x) => a.includes(x)) && a.every((x) => all.includes(x));
  if (!covers(labels.judged.tool, CORE_TOOL_CODES, toolCodes)) problems.push(`judged.tool must list every core per-tool code (${CORE_TOOL_CODES.join(', ')}) once, and only codes of the rubric`);
  if (!covers(labels.judged.server, CORE_SERVER_CODES, serverCodes)) problems.push(`judged.server must list every core server code (${CORE_SERVER_CODES.join(', ')}) once, and only codes of the rubric`);
  for (const t of labels.tools) for (const c of t.fire) if (!labels.judged.tool.includes(c)) problems.push(`tool "${t.name}" fires ${c}, which this surface does not judge`);
  for (const c of labels.server) if (!labels.judged.server.includes(c)) problems.push(`server code ${c} fires but is not judged`);
  const names = surface.tools.map((t) => t.name);
  const labelled = labels.tools.map((t) => t.name);
  for (const n of names) if (!labelled.includes(n)) problems.push(`tool "${n}" has no labels`);
  for (const n of labelled) if (!names.includes(n)) problems.push(`labels name "${n}", which is not a tool of the surface`);
  if (new Set(labelled).size !== labelled.length) problems.push('a tool is labelled twice');
  for (const t of labels.tools) {
    if (new Set(t.fire).size !== t.fire.length) problems.push(`tool "${t.name}" lists a code twice`);
    if (t.fire.includes('restates_name') && t.fire.includes('too_short')) problems.push(`tool "${t.name}": too_short is not labelled with restates_name (rubric)`);
  }
  if (labels.server.includes('many_tools') && labels.server.includes('too_many_tools')) problems.push('many_tools and too_many_tools are exclusive');
  const keys = new Set<string>();
  for (const p of labels.pairs) {
    const [a, b] = p.tools;
    if (a === b) problems.push(`pair ${a} / ${b} names one tool twice`);
    if (a > b) problems.push(`pair ${a} / ${b}: names must be sorted`);
    for (const n of p.tools) if (!names.includes(n)) problems.push(`pair names "${n}", which is not a tool of the surface`);
    const key = `${a}\n${b}`;
    if (keys.has(key)) problems.push(`pair ${a} / ${b} is listed twice`);
    keys.add(key);
  }
  if (labels.pairs.length > 0 !== labels.server.includes('confusable_pair_total')) {
    problems.push('confusable_pair_total fires exactly when at least one pair is labelled');
  }
  return problems;
}

/** Load one corpus surface: manifest, tools (sha256 and surface hash checked) and labels (checked). */
export function loadCorpusSurface(name: string, options: CorpusOptions = {}): CorpusSurface {
  const dir = join(options.corpusDir ?? CORPUS_DIR, name);
  const manifest = readJson(CorpusManifestSchema, join(dir, 'manifest.json'), name);
  if (manifest.name !== name) throw new CorpusError('invalid_file', name, `${name}/manifest.json names "${manifest.name}"`);
  const toolsPath = join(dir, 'tools.json');
  if (!existsSync(toolsPath)) throw new CorpusError('missing_file', name, `${toolsPath} is missing`);
  const bytes = readFileSync(toolsPath);
  const sha = sha256OfBytes(bytes);
  if (sha !== manifest.sha256) throw new CorpusError('hash_mismatch', name, `${name}/tools.json has sha256 ${sha}, the manifest says ${manifest.sha256}`);
  let surface: Surface;
  try {
    surface = parseSurfaceText(bytes.toString('utf8'));
  } catch (err) {
    throw new CorpusError('invalid_file', name, `${name}/tools.json does not parse as a surface: ${String(err)}`);
  }
  if (surface.tools.length !== manifest.toolCount) {
    throw new CorpusError('invalid_file', name, `${name}/tools.json has ${surface.tools.length} tools, the manifest says ${manifest.toolCount}`);
  }
  const hash = surfaceHash(surface);
  if (hash !== manifest.surfaceHash) throw new CorpusError('hash_mismatch', name, `${name}: surface hash ${hash}, the manifest says ${manifest.surfaceHash}`);
  const labels = readJson(CorpusLabelsSchema, join(dir, 'labels.json'), name);
  if (labels.surface !== name) throw new CorpusError('invalid_file', name, `${name}/labels.json names "${labels.surface}"`);
  const problems = labelProblems(labels, surface);
  if (problems.length > 0) throw new CorpusError('label_mismatch', name, `${name}/labels.json: ${problems.join('; ')}`);
  return { half: corpusHalf(name, options), manifest, surface, labels };
}

/** Every surface of the corpus (or of one half), loaded and checked. */
export function loadCorpus(options: CorpusOptions & { half?: CorpusHalf } = {}): CorpusSurface[] {
  const index = readCorpusIndex(options);
  const names = options.half === undefined ? index.surfaces : index.surfaces.filter((n) => index.halves[options.half!].includes(n));
  return names.map((name) => loadCorpusSurface(name, options));
}
