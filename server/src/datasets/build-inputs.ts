// What reruns an evaluation release (its `runs`, `tool_definitions` and `suite` tables): each run's plan rebuilt with
// the engine's own planner from the version's stored tools, the case set and the run's stored settings —
// checked against the hashes the run recorded when it ran — then the tools of every surface shown (each
// once, by hash), and the models suite's membership as the models leaderboard pools it.
import { MODELS_SUITE, parseSurfaceValue, toShownTool, TurnSettingsSchema, type EvalCase, type RunInputRow, type SuiteRow, type Tool, type ToolDefRow, type TurnSettings } from '@toolmark/benchmarks';
import { versionTools, type ReleaseRun, type RunSettingsKey, type Tx } from '@toolmark/db';
import { loadDistractors } from '../eval/distractors.js';
import { planWithCases } from '../eval/evaluate.js';
import type { RunSettings } from '../pipelines/evaluation-plan.js';
import { suiteServers } from '../pipelines/models-board.js';
import { chooseKey } from '../pipelines/board-ranking.js';
import { wireSettings } from '../providers/wire-settings.js';
import type { ProviderId } from '../providers/index.js';

/** What a run recorded of itself when it started (run-model.ts `markRunRunning`). */
interface RunFacts {
  codeVersion?: string;
  surfaceHash?: string;
  shownSurfaceHash?: string;
  caseSetHash?: string;
  systemHash?: string;
  distractors?: { name: string; hash: string; toolCount: number }[];
  toolsShown?: number;
  model?: string;
  endpoint?: string | null;
}

const toolRows = (surfaceHash: string, origin: string, tools: readonly Tool[]): ToolDefRow[] =>
  tools.map((t, position) => ({ surfaceHash, origin, position, name: t.name, shown: toShownTool(t), definition: t as unknown as Record<string, unknown> }));

/** The surfaces already written to the `tool_definitions` table of a release (each once). */
export type SeenSurfaces = Set<string>;

/** One run's inputs row and the tool rows of the surfaces it showed that the release does not hold yet. */
export async function runInputs(tx: Tx, run: ReleaseRun, cases: readonly EvalCase[], seen: SeenSurfaces): Promise<{ row: RunInputRow; tools: ToolDefRow[] }> {
  const facts = (run.facts ?? {}) as RunFacts;
  const settings = run.settings as RunSettings;
  const version = await versionTools(tx, run.versionId);
  const problems: string[] = [];
  let plan: ReturnType<typeof planWithCases> | null = null;
  try {
    if (!version) throw new Error('the server version is gone');
    plan = planWithCases(parseSurfaceValue(version.tools), cases, { provider: settings.provider, model: settings.model, distractors: settings.distractors, repeats: settings.repeats, settings: settings.settings, permute: true, maxTrials: undefined, maxTools: undefined });
  } catch (e) {
    problems.push(`the plan could not be rebuilt: ${(e as Error).message}`);
  }
  if (plan) {
    const check = (what: string, now: string, recorded: string | null | undefined) => {
      if (now !== recorded) problems.push(`${what} rebuilt now hashes to ${now}, the run recorded ${recorded ?? 'none'}`);
    };
    check('the tools shown', plan.hashes.shown, facts.shownSurfaceHash);
    check('the system prompt', plan.hashes.system, facts.systemHash);
    check('the case set', plan.hashes.caseSet, run.caseSetHash);
  }
  const tools: ToolDefRow[] = [];
  if (plan && version && !seen.has(plan.hashes.surface)) {
    seen.add(plan.hashes.surface);
    tools.push(...toolRows(plan.hashes.surface, 'server', parseSurfaceValue(version.tools).tools));
  }
  let sets: ReturnType<typeof loadDistractors> = [];
  try {
    sets = loadDistractors(settings.distractors ?? []);
  } catch (e) {
    problems.push(`the distractor sets could not be loaded: ${(e as Error).message}`);
  }
  for (const d of sets) {
    if (seen.has(d.hash)) continue;
    seen.add(d.hash);
    tools.push(...toolRows(d.hash, d.name, d.surface.tools));
  }
  // The planner's settings; without a plan, the stored ones read by the same schema (unknown keys dropped).
  const turn: TurnSettings = plan?.settings ?? TurnSettingsSchema.parse({ ...settings.settings, toolChoice: 'auto' });
  const model = plan?.model ?? facts.model ?? settings.model ?? '';
  const row: RunInputRow = {
    runId: run.runId,
    serverId: run.server.id,
    versionId: run.versionId,
    modelId: run.modelId,
    provider: run.provider,
    model,
    endpoint: facts.endpoint ?? null,
    providerFingerprint: run.fingerprint,
    surfaceHash: version?.surfaceHash ?? facts.surfaceHash ?? '',
    shownSurfaceHash: facts.shownSurfaceHash ?? '',
    caseSetHash: run.caseSetHash ?? '',
    distractors: facts.distractors ?? plan?.distractors ?? [],
    system: plan && problems.length === 0 ? plan.system : null,
    systemHash: facts.systemHash ?? '',
    settings: turn,
    request: wireSettings(settings.provider as ProviderId, model, turn),
    seed: settings.settings.seed,
    repeats: settings.repeats,
    permute: plan?.permute ?? true,
    toolsShown: facts.toolsShown ?? plan?.shown.length ?? 0,
    reproducible: problems.length === 0,
    note: problems.length === 0 ? null : problems.join('; '),
    codeVersion: facts.codeVersion ?? null,
    startedAt: run.startedAt?.toISOString() ?? null,
    finishedAt: run.finishedAt.toISOString(),
  };
  return { row, tools };
}

/** The suite step a setting is (its index in MODELS_SUITE.steps), or null. */
const stepOf = (k: RunSettingsKey): number | null => {
  const i = MODELS_SUITE.steps.findIndex((s) => s.join(',') === k.distractorsKey);
  return i < 0 ? null : i;
};

/**
 * The models suite's servers for a release whose setting is the suite's (generator, cases per tool,
 * repeats): each server's latest version, the release's run on it, and whether that run is the one the
 * models leaderboard pools (on the latest version, under the key chosen over the suite's latest-version runs).
 * Other settings: no rows.
 */
export async function suiteRows(deps: { db: Parameters<typeof suiteServers>[0]['db'] }, k: RunSettingsKey, all: readonly ReleaseRun[], released: readonly ReleaseRun[]): Promise<SuiteRow[]> {
  if (k.generator !== MODELS_SUITE.generator || k.casesPerTool !== MODELS_SUITE.casesPerTool || k.repeats !== MODELS_SUITE.repeats) return [];
  const servers = await suiteServers(deps);
  const latest = new Set(servers.flatMap((s) => (s.versionId === null ? [] : [s.versionId])));
  const ids = new Set(servers.flatMap((s) => (s.id === null ? [] : [s.id])));
  const pooled = new Set(chooseKey(all.filter((r) => ids.has(r.server.id) && latest.has(r.versionId))).perServer.map((r) => r.runId));
  const hashes = new Map<string, string>();
  for (const s of servers) if (s.versionId !== null) hashes.set(s.versionId, (await versionTools(deps.db, s.versionId))?.surfaceHash ?? '');
  return servers.map((s) => {
    const run = released.find((r) => r.server.id === s.id) ?? null;
    return {
      suiteId: MODELS_SUITE.id,
      suiteVersion: MODELS_SUITE.version,
      step: stepOf(k),
      slug: s.slug,
      serverId: s.id,
      versionId: s.versionId,
      surfaceHash: s.versionId === null ? null : (hashes.get(s.versionId) ?? null),
      runId: run?.runId ?? null,
      pooled: run !== null && pooled.has(run.runId),
    };
  });
}
