import { z } from 'zod';

/**
 * Payloads of the service's job queues. Jobs talk to each other only through the queue, so these shapes are
 * the contract between producers (routes, schedules, other jobs) and handlers; each handler parses its
 * payload with the schema before doing anything.
 */
export const JOB_QUEUES = ['capture-server', 'lint-version', 'recapture-public', 'generate-cases', 'run-model', 'build-release', 'deliver-webhook', 'watch-version'] as const;
/** A queue name. */
export type JobQueue = (typeof JOB_QUEUES)[number];

/** `capture-server`: read `tools/list` from the server's registered source and add a version when it changed. */
export const CaptureServerJobSchema = z.object({
  serverId: z.uuid(),
  /** Why the capture runs: a new registration, an operator's request, or the drift schedule. */
  reason: z.enum(['registered', 'requested', 'scheduled']),
});
/** Payload of `capture-server`. */
export type CaptureServerJob = z.infer<typeof CaptureServerJobSchema>;

/** `lint-version`: score one server version under the named rules versions (all active ones when absent). */
export const LintVersionJobSchema = z.object({
  versionId: z.uuid(),
  rules: z.array(z.string().min(1).max(32)).min(1).max(16).optional(),
});
/** Payload of `lint-version`. */
export type LintVersionJob = z.infer<typeof LintVersionJobSchema>;

/** `recapture-public`: the schedule's tick; fans out one `capture-server` job per public server with a live source. */
export const RecapturePublicJobSchema = z.object({}).strict();
/** Payload of `recapture-public`. */
export type RecapturePublicJob = z.infer<typeof RecapturePublicJobSchema>;

/** `generate-cases`: build (or reuse) the case set of an evaluation, then queue one `run-model` per model run. */
export const GenerateCasesJobSchema = z.object({ evaluationId: z.uuid() });
/** Payload of `generate-cases`. */
export type GenerateCasesJob = z.infer<typeof GenerateCasesJobSchema>;

/** `run-model`: run (or resume) one model run of an evaluation over its case set. */
export const RunModelJobSchema = z.object({ modelRunId: z.uuid() });
/** Payload of `run-model`. */
export type RunModelJob = z.infer<typeof RunModelJobSchema>;

/** `build-release`: build new dataset releases (every kind, or one), on the schedule or an admin's request. */
export const BuildReleaseJobSchema = z
  .object({
    kind: z.enum(['lint', 'evaluation']).optional(),
    reason: z.enum(['scheduled', 'requested', 'withdrawal', 'first-release']),
    /** Only these release keys (a setting's first release: jobs/first-release.ts); absent: every key of the kind. */
    keys: z.array(z.string().min(1).max(500)).min(1).max(100).optional(),
  })
  .strict();
/** Payload of `build-release`. */
export type BuildReleaseJob = z.infer<typeof BuildReleaseJobSchema>;

/** `deliver-webhook`: send one watch event to one webhook (signed; retried with backoff until delivered or the last attempt). */
export const DeliverWebhookJobSchema = z.object({ deliveryId: z.uuid() }).strict();
/** Payload of `deliver-webhook`. */
export type DeliverWebhookJob = z.infer<typeof DeliverWebhookJobSchema>;

/**
 * `watch-version`: raise the watch events of a version a CI save added (security.finding, version.created,
 * score.changed; pipelines/watch-events.ts). Queued in the save's own statement, so it commits with the save.
 */
export const WatchVersionJobSchema = z.object({ versionId: z.uuid() }).strict();
/** Payload of `watch-version`. */
export type WatchVersionJob = z.infer<typeof WatchVersionJobSchema>;
