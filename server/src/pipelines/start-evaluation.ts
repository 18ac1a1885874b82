import type { EvaluationRequest } from '@toolmark/benchmarks/api';
import { createEvaluation } from '@toolmark/db';
import type { JobSender } from '../jobs/sender.js';
import { caseSettingsKey, distractorsKeyOf, type EvalDeps } from './evaluation-plan.js';
import { priceEvaluation, type PricedEvaluation } from './estimate-evaluation.js';

/**
 * Start an evaluation: price it exactly as the estimate does, then in one transaction create it with one
 * model run per model, store its cases when they were made now, and spend the units (this month's `script` quota, then credits nearest expiry
 * first). `priced`: an evaluation the caller priced just before with the same input (the suite run prices
 * every server first), not priced again. Refused — nothing created, nothing spent — while the organisation's last payment has failed or
 * when quota and credits do not cover it (402). Then a `generate-cases` job takes it from there.
 */
export async function startEvaluation(
  deps: EvalDeps & { jobs: JobSender },
  input: { serverId: string; organisationId: string; request: EvaluationRequest; name: string | null; keyId: string | null; priced?: PricedEvaluation | undefined },
) {
  const priced = input.priced ?? (await priceEvaluation(deps, input));
  const at = deps.now();
  const { evaluation, runs } = await createEvaluation(deps.db, {
    organisationId: input.organisationId,
    serverId: priced.server.id,
    serverVersionId: priced.version.id,
    name: input.name,
    settings: priced.settings,
    caseSetId: priced.cases.caseSetId,
    // Cases made for this start are stored with it (the generate-cases job then only reuses them); a
    // refused start stores none, so its generation is never had for free. A generator model's cases are
    // written by the job (the start priced a stand-in).
    newCaseSet: priced.cases.held || priced.cases.estimated
      ? undefined
      : {
          serverVersionId: priced.version.id,
          generator: priced.settings.generator,
          settingsKey: caseSettingsKey(priced.settings),
          caseSetHash: priced.runs[0]!.plan.hashes.caseSet,
          source: priced.cases.source,
          cases: priced.cases.list,
        },
    generationUnits: priced.cases.generationUnits,
    createdByKeyId: input.keyId,
    at,
    runs: priced.runs.map((r, ordinal) => ({
      ordinal,
      modelId: r.modelId,
      provider: r.run.provider,
      baseline: r.run.provider === 'lexical',
      providerFingerprint: r.provider.fingerprint,
      settings: { ...r.run, reusedAtStart: r.reused },
      comparabilityKey: r.comparabilityKey,
      distractorsKey: distractorsKeyOf(r.plan),
      language: priced.settings.language,
      generator: priced.settings.generator,
      casesPerTool: priced.settings.casesPerTool,
      repeats: priced.settings.repeats,
      units: r.units,
      generationUnits: r.generationUnits,
      trialCount: r.trials,
      reusedTrials: r.reused.length,
    })),
  });
  // Committed and paid: a job that cannot be queued now is queued again when workers start (workers.ts).
  await deps.jobs.send('generate-cases', { evaluationId: evaluation.id }).catch(() => null);
  return {
    id: evaluation.id,
    status: 'queued' as const,
    units: evaluation.units,
    runs: runs.map((r) => ({ id: r.id, model: r.modelId, units: r.units })),
  };
}
