// What estimate_evaluation and run_evaluation share: the run request from the reviewed config and the
// agent's few choices (every one through the launch guards), the surface of the configured target, and the
// compact summary of a finished run. The planning and running are the CLI's own (eval/evaluate.ts).
import { Readable, Writable } from 'node:stream';
import type { RunReport, Surface } from '@toolmark/benchmarks';
import { z } from 'zod';
import { readTaskSet } from '../task-set-file.js';
import { loadSurface } from '../source.js';
import { PROVIDER_IDS } from '../../providers/index.js';
import type { PlanRequest } from '../../eval/evaluate.js';
import type { AgentTarget, LaunchGuards } from './guards.js';

/** The arguments both evaluation tools take (the rest comes from the operator's config). */
export const evaluationArgs = {
  target: z
    .union([
      z.strictObject({ file: z.string().min(1).max(500) }),
      z.strictObject({ url: z.url().max(2000) }),
      z.strictObject({ command: z.array(z.string().min(1).max(1000)).min(1).max(50) }),
    ])
    .optional()
    .describe('Another server than the configured one: {"file"} inside the working directory, {"url"} or {"command"}; refused unless the operator allowed dynamic targets'),
  tasksFile: z.string().min(1).max(500).optional().describe('A task-set YAML file inside the working directory, e.g. "tasks.yaml"; default: the configured tasks, else the offline generator'),
  repeat: z.number().int().min(1).max(20).optional().describe('Trials per case, 1-20; default: the configured repeat, else 1'),
  only: z.array(z.string().min(1).max(200)).max(50).optional().describe('Keep only the cases whose id starts with one of these prefixes, e.g. ["td:"]'),
  provider: z.enum(PROVIDER_IDS).optional().describe('Another provider than the configured one; refused unless the operator allowed provider overrides'),
  model: z.string().min(1).max(200).optional().describe('Another model than the configured one; refused unless the operator allowed provider overrides'),
};

/** The parsed arguments of {@link evaluationArgs}. */
export type EvaluationArgs = z.infer<z.ZodObject<typeof evaluationArgs>>;

/**
 * The surface of the configured target (or, only with --allow-dynamic-targets, the agent's), read like
 * `toolmark run` reads it: a file, a URL or a command. Never stdin or stdout: they are the protocol.
 */
export async function targetSurface(launch: LaunchGuards, agent?: AgentTarget): Promise<{ surface: Surface; where: string }> {
  const source = await launch.target(agent);
  const quiet = new Writable({ write: (_chunk, _encoding, done) => done() });
  return loadSurface(source, { env: [], timeout: '60', connectTimeout: '30' }, { stdin: Readable.from([]), stdout: quiet, stderr: quiet, env: {}, stdoutIsTTY: false, columns: undefined });
}

/** The run request: the config's trials and provider, the agent's choices where the guards allow them. */
export async function runRequest(launch: LaunchGuards, args: EvaluationArgs): Promise<{ request: PlanRequest; concurrency: number; thresholds: { maxErrorRate: number; minScored: number; minAccuracy: number | undefined; maxFalseCallRate: number | undefined }; baseURL: string | undefined }> {
  const c = launch.config?.config;
  const t = c?.trials ?? {};
  const who = launch.provider({ provider: args.provider, model: args.model });
  const tasksPath = args.tasksFile !== undefined ? await launch.inputFile(args.tasksFile, 'tasksFile') : launch.configuredTasks;
  const request: PlanRequest = {
    provider: who.provider,
    model: who.model,
    casesPerTool: t.casesPerTool ?? 8,
    languages: t.languages ?? ['en'],
    distractors: t.distractors ?? [],
    repeats: args.repeat ?? t.repeat ?? 1,
    settings: {
      temperature: t.temperature ?? 0,
      seed: t.seed ?? 0,
      maxOutputTokens: t.maxOutputTokens ?? 1024,
      ...(c?.provider?.reasoningEffort !== undefined ? { reasoningEffort: c.provider.reasoningEffort } : {}),
    },
    permute: t.permute ?? true,
    maxTrials: launch.flags.maxTrials,
    maxTools: launch.flags.maxTools,
    only: args.only ?? t.only ?? [],
    skip: t.skip ?? [],
    generator: undefined,
    retries: 2,
    tasks: tasksPath !== undefined ? await readTaskSet(tasksPath) : undefined,
  };
  return {
    request,
    concurrency: t.concurrency ?? 4,
    baseURL: who.baseURL,
    thresholds: {
      maxErrorRate: c?.thresholds?.maxErrorRate ?? 0.1,
      minScored: c?.thresholds?.minScored ?? 1,
      minAccuracy: c?.thresholds?.minAccuracy,
      maxFalseCallRate: c?.thresholds?.maxFalseCalls,
    },
  };
}

const RateSchema = z.object({ value: z.number().nullable(), n: z.number(), ci95: z.tuple([z.number(), z.number()]).nullable() });

/** What compactReport answers. */
export const CompactReportSchema = z.object({
  provider: z.string(),
  model: z.string(),
  baseline: z.boolean(),
  trials: z.number(),
  scored: z.number(),
  errors: z.number(),
  selectionAcc: RateSchema,
  argValidity: RateSchema,
  falseCallRate: RateSchema,
  passRate: RateSchema,
  providerErrors: z.array(z.object({ code: z.string(), count: z.number() })),
  confusions: z.array(z.object({ expected: z.string(), called: z.string(), count: z.number() })),
  thresholds: z.object({ ok: z.boolean(), failures: z.array(z.string()) }).nullable(),
  warnings: z.array(z.string()),
});

const rate = (r: { numerator: number; denominator: number; value: number | null; ci95: [number, number] | null }) => ({ value: r.value, n: r.denominator, ci95: r.ci95 });

/** A finished run, compact: the rates with their intervals, errors, the most frequent confusions, thresholds. */
export function compactReport(report: RunReport): Record<string, unknown> {
  const m = report.metrics;
  const confusions = m.confusion.cells
    .filter((cell) => cell.expected !== cell.called)
    .sort((a, b) => b.count - a.count)
    .slice(0, 10);
  return {
    provider: report.conditions.provider,
    model: report.conditions.model,
    baseline: report.baseline,
    trials: m.trials,
    scored: m.scored,
    errors: m.errors,
    selectionAcc: rate(m.selectionAcc),
    argValidity: rate(m.argValidity),
    falseCallRate: rate(m.falseCallRate),
    passRate: rate(m.passRate),
    providerErrors: m.providerErrors.map((e) => ({ code: e.code, count: e.count })),
    confusions,
    thresholds: report.thresholds ? { ok: report.thresholds.ok, failures: report.thresholds.failures.map((f) => f.message) } : null,
    warnings: report.warnings,
  };
}
