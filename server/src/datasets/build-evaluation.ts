// An evaluation release: one model's newest runs of public servers under one comparable setting, standing as
// its leaderboard stands them (schema version 3: ranked; incomplete below the core's answered share, listed
// unranked; a server's newest run of an older version kept as history, unranked), with the cases, every
// trial, the metrics recomputed from the rows written (and checked against the stored ones the board shows),
// the lint facts of the evaluated versions under every rules version, the validity table, and what reruns it
// (build-inputs.ts: each run's inputs, the tools of every surface shown, the models suite's membership). Streamed from one snapshot, a batch at a time.
import { caseBatches, publicRunsOf, readSnapshot, reserveRelease, trialBatches, versionLintResult, type RunSettingsKey } from '@toolmark/db';
import {
  addToolTrial,
  answeredOf,
  metricColumns,
  releaseId,
  publishedRuleSets,
  runMetrics,
  runStanding,
  standingCounts,
  standingOrder,
  standingPlaces,
  tableOf,
  validityTable,
  type CaseRow,
  type LintFactRow,
  type Manifest,
  type Metrics,
  type RunMetricsRow,
  type ToolAccuracy,
  type TrialRow,
  type RunInputRow,
  type ToolDefRow,
  CURRENT_SCHEMA_VERSION,
} from '@toolmark/benchmarks';
import { boardAndHistory } from '../pipelines/board-ranking.js';
import { csvBomFor, type BuildDeps } from './build-lint.js';
import { finishRelease, freshBuildingDir, removeStale, type BuildOutcome } from './publish.js';
import { TableWriter, writingWith } from './table-writer.js';
import { runInputs, suiteRows, type SeenSurfaces } from './build-inputs.js';

/** The key of an evaluation release: the model and the settings its leaderboard compares. */
export const evaluationKey = (k: RunSettingsKey): string => [k.modelId, k.distractorsKey || 'none', k.language, k.generator, k.casesPerTool, k.repeats].join('|');

/** A stored metric the board shows differs from the one recomputed from the rows: the build stops. */
export class ReleaseMismatch extends Error {
  override readonly name = 'ReleaseMismatch';
}

/** Build (and publish unless unchanged) the evaluation release of one model and setting. */
export async function buildEvaluationRelease(deps: BuildDeps, k: RunSettingsKey): Promise<BuildOutcome> {
  const key = evaluationKey(k);
  const reserved = await reserveRelease(deps.db, 'evaluation', key, (v) => releaseId('eval', key, v));
  await removeStale(deps.root, reserved.stale);
  const dir = await freshBuildingDir(deps.root, reserved.releaseId);
  const spec = (name: string) => tableOf('evaluation', name);
  const csv = { csvBom: csvBomFor(deps.csvBom, k.language) };
  const writer = (name: string) => new TableWriter(dir, spec(name), undefined, csv);
  const writers = { cases: writer('cases'), trials: writer('trials'), metrics: writer('metrics'), lint: writer('lint'), runs: writer('runs'), tool_definitions: writer('tool_definitions'), suite: writer('suite') };
  const seen: SeenSurfaces = new Set();
  // The suite's servers a release names (by id and slug) count as held: one made private withdraws it too.
  const suiteServerIds = new Set<string>();
  const runRows: RunInputRow[] = [];
  const toolRows: ToolDefRow[] = [];
  const metricsRows: Omit<RunMetricsRow, 'rank' | 'reason'>[] = [];
  const lintRows: LintFactRow[] = [];
  const accuracy: ToolAccuracy = new Map();
  const models = new Map<string, Manifest['models'][number]>();
  const distractors = new Map<string, Manifest['distractorSets'][number]>();
  const seeds = new Set<number>();

  const { tables, ranked, rows: standingRows } = await writingWith(writers, async () => {
    await readSnapshot(deps.db, async (tx) => {
      // The runs the model's leaderboard lists by default (its key choice over latest versions, one definition),
      // so the release holds its numbers, and each other server's newest run under that key as history.
      const all = await publicRunsOf(tx, k);
      const { current, history } = boardAndHistory(all);
      const perServer = [...current, ...history];
      const suite = await suiteRows({ db: deps.db }, k, all, perServer);
      for (const r of suite) if (r.serverId !== null) suiteServerIds.add(r.serverId);
      await writers.suite.write(suite);
      for (const run of perServer) {
        const facts = (run.facts ?? {}) as { shownSurfaceHash?: string; distractors?: { name: string; hash: string; toolCount: number }[] };
        for (const d of facts.distractors ?? []) distractors.set(`${d.name}\u0000${d.hash}`, d);
        models.set(`${run.modelId}\u0000${run.fingerprint}`, { id: run.modelId, provider: run.provider, baseline: run.baseline, fingerprint: run.fingerprint, settings: (run.settings ?? {}) as Record<string, unknown> });
        const cases: CaseRow[] = [];
        if (run.caseSetId !== null) {
          for await (const batch of caseBatches(tx, run.caseSetId)) {
            const rows = batch.map((c): CaseRow => ({ serverId: run.server.id, caseSetHash: run.caseSetHash ?? '', ordinal: c.ordinal, caseId: c.data.id, kind: c.data.kind, language: c.data.language, utterance: c.data.utterance, expected: c.data.expected, case: c.data }));
            cases.push(...rows);
            await writers.cases.write(rows);
          }
        }
        // Kept and written once at the end (a run's row and its new surfaces are small; one row group each would be many tiny ones).
        const inputs = await runInputs(tx, run, cases.map((c) => c.case), seen);
        runRows.push(inputs.row);
        toolRows.push(...inputs.tools);
        const byId = new Map(cases.map((c) => [c.caseId, c] as const));
        // The standing the run's stored answers give (checked below against the trials written); only ranked runs feed the validity table.
        const stored = (run.metrics ?? {}) as Metrics;
        const standing = runStanding(answeredOf(stored, run.trialCount), run.versionId, run.latestVersionId ?? run.versionId).standing;
        const expected = new Map(cases.map((c) => [`${c.serverId}\u0000${c.caseId}`, c.expected ?? c.case.expect?.[0]?.name ?? null] as const));
        const trials: TrialRow[] = [];
        if (run.caseSetId !== null) {
          for await (const batch of trialBatches(tx, run.runId, run.caseSetId)) {
            const rows = batch.map(({ record: r, seed }): TrialRow => {
              const c = byId.get(r.caseId);
              seeds.add(seed);
              return {
                runId: run.runId,
                serverId: run.server.id,
                caseId: r.caseId,
                caseKind: c?.kind ?? '',
                language: c?.language ?? '',
                utterance: c?.utterance ?? '',
                shownSurfaceHash: facts.shownSurfaceHash ?? null,
                order: r.order ?? null,
                calls: r.calls,
                text: r.text,
                verdict: r.verdict,
                verdictKind: r.verdict.kind,
                argErrorKinds: [...new Set(r.verdict.argErrors.map((e) => e.kind))],
                truncated: r.truncated,
                error: r.error,
                inputTokens: r.usage.inputTokens,
                outputTokens: r.usage.outputTokens,
                latencyMs: r.latencyMs,
                cached: r.cached,
                seed,
                repeat: r.trialIndex,
              };
            });
            if (standing === 'ranked') for (const t of rows) addToolTrial(accuracy, expected, t);
            trials.push(...rows);
            await writers.trials.write(rows);
            await deps.onBatch?.('trials', trials.length);
          }
        }
        const metrics = runMetrics(cases, trials, stored.unreadableSchemas ?? []);
        for (const name of ['selectionAcc', 'argValidity', 'falseCallRate'] as const) {
          const a = metrics[name];
          const b = stored[name];
          if (!b || a.numerator !== b.numerator || a.denominator !== b.denominator) {
            throw new ReleaseMismatch(`run ${run.runId}: ${name} from the stored trials is ${a.numerator}/${a.denominator}, the board shows ${b?.numerator}/${b?.denominator}`);
          }
        }
        // The answered share the board reads (the stored metrics) must be the trials' too, or the release would stand the run elsewhere.
        if (metrics.trials !== stored.trials || metrics.errors !== stored.errors) {
          throw new ReleaseMismatch(`run ${run.runId}: ${metrics.trials - metrics.errors} of ${metrics.trials} stored trials answered, the board counts ${stored.trials - stored.errors} of ${stored.trials}`);
        }
        const answered = answeredOf(metrics, run.trialCount);
        metricsRows.push({
          standing,
          answeredTrials: answered.answered,
          plannedTrials: answered.planned,
          latestVersionId: run.latestVersionId ?? run.versionId,
          runId: run.runId, evaluationId: run.evaluationId, modelId: run.modelId, serverId: run.server.id, slug: run.server.slug, name: run.server.name, versionId: run.versionId, versionSeq: run.versionSeq, comparabilityKey: run.comparabilityKey, ...metricColumns(metrics), metrics: JSON.parse(JSON.stringify(metrics)) as Record<string, unknown>,
        });
        for (const rules of publishedRuleSets()) {
          const result = await versionLintResult(tx, run.versionId, rules.id, rules.hash);
          if (!result) continue;
          const ids = { rulesId: rules.id, rulesHash: rules.hash, serverId: run.server.id, versionId: run.versionId };
          const rows: LintFactRow[] = [
            { ...ids, tool: null, score: result.score, findingCodes: [...new Set(result.findings.map((f) => f.code))].sort() },
            ...result.tools.map((t) => ({ ...ids, tool: t.name, score: t.score, findingCodes: [...new Set(t.findings.map((f) => f.code))].sort() })),
          ];
          lintRows.push(...rows);
          await writers.lint.write(rows);
        }
      }
    });

    const places = standingPlaces(metricsRows.map((m) => ({ standing: m.standing, value: m.selectionAcc, name: m.name, id: m.runId })));
    const rows: RunMetricsRow[] = metricsRows
      .map(({ standing, answeredTrials, plannedTrials, latestVersionId, ...m }, i) => {
        const { reason } = runStanding({ answered: answeredTrials, planned: plannedTrials }, m.versionId, latestVersionId);
        return { rank: places[i]!, standing, reason, answeredTrials, plannedTrials, latestVersionId, ...m };
      })
      .sort(standingOrder);
    await writers.metrics.write(rows);
    const ranked = rows.filter((m) => m.standing === 'ranked');
    await writers.runs.write(runRows);
    await writers.tool_definitions.write(toolRows);
    return { ranked, rows, tables: [await writers.cases.close(), await writers.trials.close(), await writers.metrics.close(), await writers.lint.close(), await writers.runs.close(), await writers.tool_definitions.close(), await writers.suite.close()] };
  });
  const modelList = [...models.values()];
  const base: Omit<Manifest, 'files' | 'rows'> = {
    schemaVersion: CURRENT_SCHEMA_VERSION,
    csv: { bom: csv.csvBom },
    kind: 'evaluation',
    key,
    version: reserved.version,
    id: reserved.releaseId,
    createdAt: deps.now().toISOString(),
    codeVersion: deps.codeVersion,
    license: deps.license,
    rules: publishedRuleSets().map((r) => ({ id: r.id, hash: r.hash })),
    distractorSets: [...distractors.values()],
    models: modelList.length > 0 ? modelList : [{ id: k.modelId, provider: k.modelId.split('/')[0] ?? k.modelId, baseline: false, fingerprint: '', settings: {} }],
    settings: { distractors: k.distractorsKey === '' ? [] : k.distractorsKey.split(','), language: k.language, generator: k.generator, casesPerTool: k.casesPerTool, repeats: k.repeats },
    seeds: [...seeds].sort((a, b) => a - b),
    standings: standingCounts(standingRows),
    validity: validityTable(k.modelId, modelList.every((m) => m.baseline) && modelList.length > 0, ranked, lintRows, accuracy),
  };
  return finishRelease(deps.db, deps.root, reserved, base, tables, { siteUrl: deps.siteUrl, now: deps.now, signer: deps.signer, serverIds: new Set([...metricsRows.map((m) => m.serverId), ...suiteServerIds]) });
}
