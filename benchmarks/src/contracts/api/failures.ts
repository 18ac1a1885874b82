import { z } from 'zod';
import { TaskSetSchema } from '../eval.js';
import { FailureConfusionSchema, FailureKindSchema } from '../failures.js';
import { SeveritySchema } from '../lint-result.js';
import { IdOrSlugParamsSchema, RulesRefSchema, TimestampSchema } from './common.js';
import { authErrors, bodyErrors, ErrorSchema, unavailable } from './errors.js';
import { ServerRefSchema } from './servers.js';
import { BilingualSchema } from './rules.js';

/** A finding of the latest rules that explains a reported failure, with the rule set's fix. */
export const FailureExplanationSchema = z.object({
  code: z.string(),
  severity: SeveritySchema,
  tool: z.string().nullable(),
  message: z.string(),
  fix: BilingualSchema.nullable(),
});

/** A reported confusion: tools, kind, reports, distinct organisations, whether the linter predicted it and the findings that explain it. */
export const ExplainedConfusionSchema = FailureConfusionSchema.extend({ predicted: z.boolean(), explanations: z.array(FailureExplanationSchema) });

const ReportedPairSchema = z.object({ tools: z.tuple([z.string(), z.string()]), reports: z.number().int(), organisations: z.number().int() });

/** A report's utterance as the server's organisation reads it (never anyone else). */
export const ReportedUtteranceSchema = z.object({
  id: z.string(),
  toolCalled: z.string().nullable(),
  expectedTool: z.string().nullable(),
  kind: FailureKindSchema,
  model: z.string(),
  utterance: z.string(),
  createdAt: TimestampSchema,
  /** The task id of the private case made from it, or null. */
  caseId: z.string().nullable(),
});

/**
 * `GET /v1/servers/{id}/failures`: what agents reported about the server's tools. Everyone sees the
 * confusions reported by at least `publicMinOrganisations` organisations; the server's organisation (admin
 * or script key) sees all of them and `own` (its utterances, newest 50, and its private case count).
 */
export const ServerFailuresSchema = z.object({
  server: ServerRefSchema,
  /** The rules whose findings explain the confusions (the latest rules' result of the latest version), or null. */
  rules: RulesRefSchema.nullable(),
  publicMinOrganisations: z.number().int(),
  /** Confusions reported by fewer organisations than that: counted, not shown to others. */
  belowThreshold: z.number().int(),
  confusions: z.array(ExplainedConfusionSchema),
  comparison: z.object({
    predictedAndReported: z.array(ReportedPairSchema),
    reportedNotPredicted: z.array(ReportedPairSchema),
    predictedNotReported: z.array(z.object({ tools: z.tuple([z.string(), z.string()]) })),
  }),
  own: z.object({ utterances: z.array(ReportedUtteranceSchema), caseCount: z.number().int() }).nullable(),
});

/** Body of `POST /v1/servers/{id}/failures/cases`: the reports whose utterances become private cases. */
export const FailureCasesBodySchema = z.strictObject({ reportIds: z.array(z.uuid({ error: 'must be a UUID' })).min(1).max(50) });

/** `POST /v1/servers/{id}/failures/cases`: the reports made into cases now, those refused (unknown, removed, no utterance, another server's), and the set's size. */
export const AddedFailureCasesSchema = z.object({ added: z.array(z.string()), refused: z.array(z.string()), total: z.number().int() });

/** Body of `POST /v1/failures/removals`: reports by id, or every report of a key. */
export const FailureRemovalBodySchema = z.union([
  z.strictObject({ reportIds: z.array(z.uuid({ error: 'must be a UUID' })).min(1).max(500) }),
  z.strictObject({ keyId: z.uuid({ error: 'must be a UUID' }) }),
]);

/** The failure knowledge base on the REST side: the server page's view, private cases, an operator's removal. */
export const failuresEndpoints = {
  'GET /v1/servers/{id}/failures': { params: IdOrSlugParamsSchema, response: { 200: ServerFailuresSchema, 400: ErrorSchema, 404: ErrorSchema, ...authErrors, ...unavailable } },
  'GET /v1/servers/{id}/failures/cases': { params: IdOrSlugParamsSchema, response: { 200: TaskSetSchema, 400: ErrorSchema, 404: ErrorSchema, ...authErrors, ...unavailable } },
  'POST /v1/servers/{id}/failures/cases': {
    params: IdOrSlugParamsSchema,
    body: FailureCasesBodySchema,
    response: { 200: AddedFailureCasesSchema, ...bodyErrors, 404: ErrorSchema, ...authErrors, ...unavailable },
  },
  'POST /v1/failures/removals': { body: FailureRemovalBodySchema, response: { 200: z.object({ removed: z.number().int() }), ...bodyErrors, ...authErrors, ...unavailable } },
};
