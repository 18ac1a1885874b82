import { BoundedMap, pairTrials, type Metrics, type PairedTrials, type Rate } from '@toolmark/benchmarks';
import { pairableTrials, previousFinishedRun, type ModelRunRecord } from '@toolmark/db';
import type { RunSettings } from './evaluation-plan.js';
import { UNPAIRED_REASONS, type UnpairedCode } from '@toolmark/benchmarks/api';
import { visibleEvaluation, type ReadDeps } from './read-evaluation.js';
import type { Viewer } from './visibility.js';

/**
 * Pairings of two finished runs, by their ids: a done run's trials never change, so neither does their
 * pairing (a page of an evaluation of 10 000 trials then does not read 2 × 2 000 trials per model on every
 * view). Kept per process for the most recently used pairs; a failed read is not kept.
 */
const pairings = new BoundedMap<string, Promise<PairedTrials>>({ capacity: 512 });

function pairingOf(deps: ReadDeps, baseRunId: string, headRunId: string): Promise<PairedTrials> {
  const key = `${baseRunId}:${headRunId}`;
  const hit = pairings.get(key);
  if (hit !== undefined) return hit;
  const value = Promise.all([pairableTrials(deps.db, baseRunId), pairableTrials(deps.db, headRunId)]).then(([a, b]) => pairTrials(a, b));
  value.catch(() => pairings.peek(key) === value && pairings.delete(key));
  pairings.set(key, value);
  return value;
}

const delta = (base: Rate, head: Rate) => ({ base, head, delta: base.value === null || head.value === null ? null : head.value - base.value });

/** Why a comparison is not paired: the code and its English text (UNPAIRED_REASONS). */
const unpaired = (code: UnpairedCode): { unpairedReason: string; unpairedCode: UnpairedCode } => ({ unpairedReason: UNPAIRED_REASONS[code], unpairedCode: code });

/** What a run stored of the settings that make up its comparability key. */
type KeyedRun = Pick<ModelRunRecord, 'providerFingerprint' | 'settings' | 'distractorsKey' | 'language' | 'generator' | 'casesPerTool' | 'repeats' | 'facts'>;

/**
 * The settings in which two runs' comparability keys differ, in words (what the key hashes: provider
 * endpoint and options, request settings, seed, repeats, distractor sets and their contents, language,
 * cases per tool, generator, system text). Never empty for two different keys: "other settings" at worst.
 */
export function settingDifferences(a: KeyedRun, b: KeyedRun): string[] {
  const sa = ((a.settings ?? {}) as Partial<RunSettings>).settings ?? ({} as Partial<RunSettings['settings']>);
  const sb = ((b.settings ?? {}) as Partial<RunSettings>).settings ?? ({} as Partial<RunSettings['settings']>);
  const fa = (a.facts ?? {}) as { systemHash?: string; distractors?: { name: string; hash: string }[] };
  const fb = (b.facts ?? {}) as typeof fa;
  const hashes = (f: typeof fa) => JSON.stringify((f.distractors ?? []).map((d) => `${d.name}@${d.hash}`).sort());
  const out: string[] = [];
  const differ = (name: string, x: unknown, y: unknown) => {
    if (JSON.stringify(x ?? null) !== JSON.stringify(y ?? null)) out.push(name);
  };
  differ('provider endpoint or options', a.providerFingerprint, b.providerFingerprint);
  differ('temperature', sa.temperature, sb.temperature);
  differ('seed', sa.seed, sb.seed);
  differ('max output tokens', sa.maxOutputTokens, sb.maxOutputTokens);
  differ('reasoning effort', sa.reasoningEffort, sb.reasoningEffort);
  differ('repeats', a.repeats, b.repeats);
  differ('distractor sets', a.distractorsKey, b.distractorsKey);
  if (a.distractorsKey === b.distractorsKey) differ('distractor set contents', hashes(fa), hashes(fb));
  differ('language', a.language, b.language);
  differ('cases per tool', a.casesPerTool, b.casesPerTool);
  differ('case generator', a.generator, b.generator);
  differ('system text', fa.systemHash, fb.systemHash);
  return out.length > 0 ? out : ['other settings'];
}

/**
 * `GET /v1/evaluations/{id}/comparison`: each finished model run against the newest earlier finished run of
 * the same model on the same server with the same comparability key — the rates and their change, and where
 * both runs share the case set too, `toolmark diff`'s paired sign test over trials matched by case and repeat
 * (the core's `pairTrials`). When only runs with other settings exist, nothing is compared: the newest of
 * them is named with the settings that differ.
 */
export async function compareEvaluation(deps: ReadDeps, id: string, viewer: Viewer) {
  const view = await visibleEvaluation(deps.db, id, viewer);
  // Each model on its own (its queries run side by side on the pool), in run order.
  const models = await Promise.all(view.runs.filter((run) => run.status === 'done').map(async (run) => {
    const query = { serverId: view.server.id, modelId: run.modelId, before: view.evaluation.createdAt, excludeEvaluationId: view.evaluation.id };
    const base = await previousFinishedRun(deps.db, { ...query, comparabilityKey: run.comparabilityKey });
    const head = run.metrics as Metrics;
    const none = { selectionAcc: null, argValidity: null, falseCallRate: null, paired: null };
    const previousOf = (b: NonNullable<typeof base>) => ({ evaluationId: b.run.evaluationId, runId: b.run.id, versionSeq: b.versionSeq, finishedAt: b.run.finishedAt! });
    if (!base) {
      const other = await previousFinishedRun(deps.db, query);
      if (!other) return { model: run.modelId, runId: run.id, previous: null, ...none, differences: [], ...unpaired('no_previous') };
      return { model: run.modelId, runId: run.id, previous: previousOf(other), ...none, differences: settingDifferences(other.run, run), ...unpaired('different_settings') };
    }
    const before = base.run.metrics as Metrics;
    const sameCases = base.caseSetId !== null && base.caseSetId === view.evaluation.caseSetId;
    const paired = sameCases ? await pairingOf(deps, base.run.id, run.id) : null;
    return {
      model: run.modelId,
      runId: run.id,
      previous: previousOf(base),
      selectionAcc: delta(before.selectionAcc, head.selectionAcc),
      argValidity: delta(before.argValidity, head.argValidity),
      falseCallRate: delta(before.falseCallRate, head.falseCallRate),
      paired: paired && { pairs: paired.pairs, regressed: paired.regressed, improved: paired.improved, pValue: paired.pValue, significant: paired.significant, unpaired: paired.unpaired },
      differences: [],
      ...(paired ? { unpairedReason: null, unpairedCode: null } : unpaired('different_cases')),
    };
  }));
  return { evaluationId: view.evaluation.id, models };
}
