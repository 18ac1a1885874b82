import type { FastifyError, FastifyInstance } from 'fastify';
import { InputError, type InputErrorCode } from '@toolmark/benchmarks';
import { connectionErrorReason, isConnectionError, isUniqueViolation, RepositoryError, type DatabaseAvailability } from '@toolmark/db';
import { CpuRefusal } from '../../cpu/errors.js';
import { PipelineError, type PipelineRefusal } from '../../pipelines/errors.js';
import { ApiError, type ErrorBody } from '../errors.js';
import { DATABASE_RETRY_AFTER_SECONDS, databaseUnavailableBody } from './database-gate.js';

/** HTTP status of each input error: size limits are 413, unreadable JSON (or text that is not well-formed Unicode) 400, the rest 422 (JSON that is not a usable surface). */
const INPUT_STATUS: Record<InputErrorCode, number> = {
  invalid_json: 400,
  duplicate_key: 400,
  unpaired_surrogate: 400,
  nul_character: 400,
  payload_too_large: 413,
  tool_limit_exceeded: 413,
  missing_tools: 422,
  invalid_tool: 422,
  missing_tool_name: 422,
  duplicate_tool_name: 422,
  invalid_input_schema: 422,
  nesting_too_deep: 422,
};

const REPOSITORY_STATUS = { not_found: 404, conflict: 409, quota_exhausted: 402, payment_failed: 402, busy: 503 } as const;

/** HTTP status of each kind of pipeline refusal. */
const PIPELINE_STATUS: Record<PipelineRefusal, number> = { invalid: 400, forbidden: 403, not_found: 404, conflict: 409 };

const body = (code: string, message: string, detail: Record<string, unknown> = {}): ErrorBody => ({ error: { code, message, detail } });

interface ZodLikeIssue {
  path?: (string | number)[];
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: (string | number)[]; message?: string } };
}

/** Turn one validation issue into `{ path, message }` with a JSON-path-like location. */
function locate(context: string | undefined, issue: ZodLikeIssue): { path: string; message: string } {
  const parts = issue.params?.issue?.path ?? issue.path ?? (issue.instancePath ? issue.instancePath.split('/').filter(Boolean) : []);
  const path = [context ?? 'body', ...parts.map(String)].join('.');
  return { path, message: issue.params?.issue?.message ?? issue.message ?? 'invalid value' };
}

/**
 * Every error leaves in one shape. Known errors keep their code and detail; anything else is a 500 with a
 * generic message: the error itself is logged (with the request id), never sent — no stack traces, SQL or
 * secrets in responses.
 */
export function registerErrorHandling(app: FastifyInstance, availability?: DatabaseAvailability): void {
  app.setErrorHandler((error: FastifyError & { validationContext?: string }, request, reply) => {
    if (error instanceof ApiError) return reply.status(error.statusCode).send(body(error.code, error.message, error.detail));
    if (error instanceof InputError) return reply.status(INPUT_STATUS[error.code]).send(body(error.code, error.message, { ...error.detail }));
    if (error instanceof PipelineError) return reply.status(PIPELINE_STATUS[error.kind]).send(body(error.code, error.message, error.detail));
    // The CPU pool is full (503) or the request used its CPU budget (429): nothing was saved or charged.
    if (error instanceof CpuRefusal) {
      reply.header('retry-after', String(error.detail.retryAfterSeconds));
      return reply.status(error.status).send(body(error.code, error.message, error.detail));
    }
    if (error instanceof RepositoryError) {
      // busy: a write lost to concurrent ones twice (deadlock or serialisation failure), nothing was kept.
      if (error.code === 'busy') {
        request.log.warn({ err: error }, 'a write lost twice to concurrent writes (deadlock or serialisation failure): 503');
        reply.header('retry-after', String(error.detail.retryAfterSeconds ?? 1));
      }
      return reply.status(REPOSITORY_STATUS[error.code]).send(body(error.code, error.message, error.detail));
    }
    if (error.validation) {
      const issues = (error.validation as ZodLikeIssue[]).map((i) => locate(error.validationContext, i));
      const first = issues[0];
      return reply
        .status(400)
        .send(body('invalid_request', first ? `${first.path}: ${first.message}` : 'the request is not valid', { path: first?.path, issues }));
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(body('rate_limited', error.message, { retryAfterSeconds: Number(reply.getHeader('retry-after')) || undefined }));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(413).send(body('payload_too_large', 'the request body is over the size limit', { limit: request.routeOptions.bodyLimit }));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send(body('unsupported_media_type', `send JSON (content-type: application/json), not ${request.headers['content-type'] ?? 'nothing'}`));
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send(body('invalid_json', 'the body is empty; send a JSON object'));
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return reply.status(400).send(body('invalid_json', 'the body is not valid JSON'));
    }
    if (isUniqueViolation(error)) return reply.status(409).send(body('conflict', 'that already exists'));
    // The database could not be reached or dropped the connection: a 503 the client may retry, not a 500.
    if (isConnectionError(error)) {
      availability?.reportFailure(error);
      request.log.warn({ reason: connectionErrorReason(error) }, 'database unavailable');
      return reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send(databaseUnavailableBody(connectionErrorReason(error)));
    }
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(body(error.code?.toLowerCase() ?? 'bad_request', error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('internal', `something went wrong on our side; quote request ${request.id} when reporting it`, { requestId: request.id }));
  });
  app.setNotFoundHandler((request, reply) => reply.status(404).send(body('not_found', `no route ${request.method} ${request.url.split('?')[0]}`)));
}
