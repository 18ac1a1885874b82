// Every field of a manifest checked against what the release's own files say and what the verifier knows
// independently: the rule sets of this code, the instance's frozen distractor sets, the clock, and (when the
// release comes from an instance) the manifest the instance serves from its database. A manifest re-signed
// by someone else's key still fails here on any field the files or the instance contradict.
import { parse as parseYaml } from 'yaml';
import { ruleSets } from '../rules/registry.js';
import { differences, leafCount, type Findings } from './compare.js';
import { TABLE_FORMATS, tableFile, type Manifest } from './manifest.js';
import { tablesOf } from './rows.js';
import type { EvaluationFacts } from './verify-evaluation.js';
import type { LintFacts } from './verify-lint.js';

/** A frozen distractor set as the instance holds it. */
export interface FrozenDistractorSet {
  hash: string;
  toolCount: number;
}

/** What the verifier knows of the world besides the release (all optional: what is not given is not checked). */
export interface VerifyContext {
  /** Now (ISO): a release cannot be created later. The core reads no clock. */
  now?: string;
  /** The instance's frozen distractor sets by name. */
  distractorSets?: ReadonlyMap<string, FrozenDistractorSet>;
  /** The manifest the instance serves for this release (`GET /v1/datasets/{id}`, from its database). */
  instanceManifest?: unknown;
}

const M = 'manifest.json';

/** The files of a release besides its tables (in every format), with their format: nothing else may be listed. */
export const RELEASE_TEXT_FILES: Readonly<Record<string, string>> = { 'README.md': 'markdown', 'CITATION.cff': 'cff' };
const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The key of a release as the build makes it: `<rules id>:<hash>` for lint; model and comparable settings for evaluations. */
export function releaseKeyOf(m: Pick<Manifest, 'kind' | 'rules' | 'models' | 'settings'>): string {
  if (m.kind === 'lint') return `${m.rules[0]?.id ?? ''}:${m.rules[0]?.hash ?? ''}`;
  const s = m.settings ?? {};
  const distractors = Array.isArray(s.distractors) ? [...(s.distractors as string[])].sort(byText).join(',') : '';
  return [m.models[0]?.id ?? '', distractors || 'none', s.language, s.generator, s.casesPerTool, s.repeats].join('|');
}

/** YAML front matter of a card (between the first two `---` lines), or null. */
function frontMatter(card: string): Record<string, unknown> | null {
  const m = /^---\n([\s\S]*?)\n---\n/.exec(card);
  if (!m) return null;
  try {
    const v = parseYaml(m[1]!) as unknown;
    return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function yamlOf(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  try {
    const v = parseYaml(text) as unknown;
    return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A manifest with its files keyed by path (so a difference names the file, not its index). */
const byPath = (m: Record<string, unknown>): Record<string, unknown> =>
  Array.isArray(m.files) ? { ...m, files: Object.fromEntries((m.files as { path?: unknown }[]).map((x, i) => [typeof x?.path === 'string' ? x.path : String(i), x])) } : m;

/** Check every manifest field (the table facts come from verify-lint.ts / verify-evaluation.ts). */
export function checkManifest(m: Manifest, facts: { lint?: LintFacts; evaluation?: EvaluationFacts }, texts: { card: string | null; citation: string | null }, ctx: VerifyContext, f: Findings): void {
  const field = (name: string, ok: boolean, expected: string, found: unknown) => f.check(ok, { file: M, row: null, field: name, expected, found: JSON.stringify(found) });

  // id, key, version
  const prefix = m.kind === 'lint' ? 'lint-' : 'eval-';
  field('id', m.id.startsWith(prefix) && m.id.endsWith(`-v${m.version}`) && /^[a-z0-9-]+$/.test(m.id), `${prefix}…-v${m.version} (the kind and version)`, m.id);
  f.compare(M, null, 'key', releaseKeyOf(m), m.key);

  // rules: this code's frozen rule sets (one for lint; every one for an evaluation's lint facts)
  // A rules id names a frozen rule set: its hash here must be the one this code registers.
  const known = new Map(Object.values(ruleSets).map((r) => [r.id as string, r.hash as string] as const));
  if (m.kind === 'lint') field('rules', m.rules.length === 1, 'one rules version', m.rules);
  for (const [i, r] of m.rules.entries()) f.compare(M, null, `rules.${i}.hash`, known.get(r.id) ?? `(a registered rules id, not ${r.id})`, r.hash);
  for (const r of facts.evaluation?.lintRules ?? []) field('rules', m.rules.some((x) => x.id === r.id && x.hash === r.hash), `to list ${r.id} ${r.hash} (lint.jsonl has rows of it)`, m.rules.map((x) => `${x.id} ${x.hash}`));

  // createdAt: a timestamp, not in the future, not before what it holds
  const created = Date.parse(m.createdAt);
  field('createdAt', Number.isFinite(created) && new Date(created).toISOString() === m.createdAt, 'an ISO 8601 UTC timestamp', m.createdAt);
  if (ctx.now !== undefined) field('createdAt', !(created > Date.parse(ctx.now)), `a time before now (${ctx.now})`, m.createdAt);
  const newest = facts.lint?.newestCapture;
  if (newest) field('createdAt', !(created < Date.parse(newest)), `a time after the newest capture in servers.jsonl (${newest})`, m.createdAt);

  // The card and the citation repeat the licence, code version, creation time, version and id.
  const front = texts.card === null ? null : frontMatter(texts.card);
  const citation = yamlOf(texts.citation);
  field('license', front !== null && String(front.license).toLowerCase() === m.license.toLowerCase(), `the licence README.md's front matter gives (${String(front?.license)})`, m.license);
  field('license', citation !== null && citation.license === m.license, `the licence CITATION.cff gives (${String(citation?.license)})`, m.license);
  field('codeVersion', texts.card !== null && m.codeVersion !== '' && texts.card.includes(m.codeVersion), 'the code version README.md names', m.codeVersion);
  field('createdAt', texts.card !== null && texts.card.includes(m.createdAt), 'the build time README.md names', m.createdAt);
  field('createdAt', citation !== null && String(citation['date-released']) === m.createdAt.slice(0, 10), `the date CITATION.cff gives (${String(citation?.['date-released'])})`, m.createdAt);
  field('version', citation !== null && String(citation.version) === String(m.version), `the version CITATION.cff gives (${String(citation?.version)})`, m.version);
  field('id', texts.card !== null && texts.card.includes(m.id) && citation !== null && String(citation['repository-artifact']).endsWith(`/v1/datasets/${m.id}`), 'the release id README.md and CITATION.cff name', m.id);

  // files and rows: every table in every format, the card and the citation, each once, named for what it holds
  const tables = tablesOf(m.kind, m.schemaVersion).map((t) => t.name);
  f.compare(M, null, 'rows', Object.fromEntries(tables.map((t) => [t, m.rows[t] ?? '(absent)'])), m.rows);
  const listed = new Set(m.files.map((x) => x.path));
  const wanted = [...tables.flatMap((t) => TABLE_FORMATS.map((format) => tableFile(t, format))), ...Object.keys(RELEASE_TEXT_FILES)];
  for (const path of wanted) field('files', listed.has(path), `to list ${path}`, `${m.files.length} files without it`);
  field('files', listed.size === m.files.length, 'each file once', m.files.map((x) => x.path));
  for (const x of m.files) {
    if (x.table === null) {
      field(`files.${x.path}`, RELEASE_TEXT_FILES[x.path] === x.format, `a file a release holds (its tables, ${Object.keys(RELEASE_TEXT_FILES).join(', ')})`, `${x.path} (${x.format})`);
      continue;
    }
    field(`files.${x.path}.table`, tables.includes(x.table) && x.path === tableFile(x.table, x.format as (typeof TABLE_FORMATS)[number]), `a table of a ${m.kind} release in ${x.path}`, x.table);
    f.compare(M, null, `files.${x.path}.rows`, m.rows[x.table] ?? null, x.rows);
  }

  if (m.kind === 'lint') {
    for (const [name, v, want] of [['seeds', m.seeds, []], ['models', m.models, []], ['distractorSets', m.distractorSets, []], ['settings', m.settings, null], ['validity', m.validity, null], ['standings', m.standings, undefined]] as const) f.compare(M, null, name, want, v);
  } else {
    const e = facts.evaluation;
    const s = m.settings ?? {};
    if (e) {
      f.compare(M, null, 'seeds', e.seeds, m.seeds);
      // Schema version 3: how many runs are ranked, incomplete and of older versions, as the metrics rows recomputed say (absent before).
      f.compare(M, null, 'standings', e.standings ?? undefined, m.standings);
      if (e.modelIds.length > 0) f.compare(M, null, 'models', e.modelIds, [...new Set(m.models.map((x) => x.id))].sort(byText));
      for (const lang of e.caseLanguages) field('settings.language', s.language === lang, `the language of the cases (${lang})`, s.language);
      if (e.maxRepeat !== null) field('settings.repeats', typeof s.repeats === 'number' && s.repeats > e.maxRepeat, `more repeats than the highest repeat index in trials.jsonl (${e.maxRepeat})`, s.repeats);
    }
    field('models', m.models.length >= 1, 'the model evaluated', m.models);
    for (const [i, x] of m.models.entries()) f.compare(M, null, `models.${i}.baseline`, x.provider === 'lexical', x.baseline);
    // Distractor sets: the names the settings give, each with the instance's frozen hash and tool count.
    const names = Array.isArray(s.distractors) ? [...(s.distractors as string[])].sort(byText) : [];
    f.compare(M, null, 'distractorSets', names, m.distractorSets.map((d) => d.name).sort(byText));
    if (ctx.distractorSets) {
      for (const [i, d] of m.distractorSets.entries()) {
        const frozen = ctx.distractorSets.get(d.name);
        if (frozen === undefined) field(`distractorSets.${i}.name`, false, `a frozen distractor set of this instance (${[...ctx.distractorSets.keys()].join(', ')})`, d.name);
        else f.compare(M, null, `distractorSets.${i}`, { name: d.name, hash: frozen.hash, toolCount: frozen.toolCount }, d);
      }
    }
  }

  // The instance's own record of the release: every field as it was published.
  if (ctx.instanceManifest !== undefined) {
    const theirs = byPath((typeof ctx.instanceManifest === 'object' && ctx.instanceManifest !== null ? ctx.instanceManifest : {}) as Record<string, unknown>);
    const ours = byPath(m as unknown as Record<string, unknown>);
    for (const k of [...new Set([...Object.keys(ours), ...Object.keys(theirs)])]) {
      f.checked += leafCount(theirs[k]);
      for (const d of differences(theirs[k], ours[k], k)) f.push({ file: M, row: null, field: d.field, expected: `${d.expected} (as the instance publishes it)`, found: d.found });
    }
  }
}
