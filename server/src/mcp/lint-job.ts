// What lint_server and get_job answer: the job's state and, once scored, the compact lint (or the whole
// result with detail) — one shape for both tools.
import { SecurityStatusSchema } from '@toolmark/benchmarks/api';
import { z } from 'zod';
import type { getLintJob } from '../pipelines/lint-server.js';
import { compactLint, LintOutputSchema } from './compact.js';

/** The outputSchema of lint_server and get_job. */
export const LintJobSchema = z.object({
  job: z.string(),
  status: z.enum(['queued', 'running', 'scored', 'failed']),
  server: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
  security: SecurityStatusSchema.nullable(),
  lint: LintOutputSchema.nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  reused: z.boolean().optional(),
  next: z.string().optional(),
});

/** A job as the tools answer it. */
export function lintJobAnswer(job: Awaited<ReturnType<typeof getLintJob>> & { reused?: boolean }, detail: boolean): z.infer<typeof LintJobSchema> {
  const { result, ...rest } = job;
  return {
    ...rest,
    lint: result === null ? null : detail ? result : compactLint(result),
    ...(job.status === 'queued' || job.status === 'running' ? { next: `call get_job with {"job":"${job.job}"} in a few seconds` } : {}),
  };
}
