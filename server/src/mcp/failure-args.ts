// How the knowledge-base tools name a server: by id or slug, or by the surface hash of its tools (exactly
// one). Shared by report_failure and query_failures so both read and refuse it alike.
import { SurfaceHashSchema } from '@toolmark/benchmarks';
import { storedText } from '@toolmark/benchmarks/api';
import { PipelineError } from '../pipelines/errors.js';
import type { FailureCaller, ServerRef } from '../pipelines/failures.js';
import type { McpAuth } from './tool.js';

/** The two arguments that name a server. */
export const serverRefShape = {
  server: storedText(63, { min: 2 }).optional().describe('The server on toolmark: its id (a UUID) or its slug, e.g. "memory"'),
  surfaceHash: SurfaceHashSchema.optional().describe('Or the surface hash of its tools (surface.hash of `toolmark lint --json`), e.g. "sha256:9f2c…"'),
};

/** The reference, or `invalid_arguments` when neither or both are given. */
export function serverRefOf(args: { server?: string | undefined; surfaceHash?: string | undefined }): ServerRef {
  if ((args.server === undefined) === (args.surfaceHash === undefined)) {
    throw new PipelineError('invalid', 'invalid_arguments', 'arguments: name the server by exactly one of server (id or slug) and surfaceHash', { path: 'arguments.server', needs: ['server', 'surfaceHash'] });
  }
  return args.server !== undefined ? { server: args.server } : { surfaceHash: args.surfaceHash! };
}

/**
 * The caller of a knowledge-base tool, which must hold an agent key: `unauthorized` for an anonymous call,
 * `wrong_purpose` for another purpose (the MCP layer checks `needs` first; this holds for any caller of run()).
 */
export function callerOf(auth: McpAuth | null, what: string): FailureCaller {
  if (!auth) throw new PipelineError('forbidden', 'unauthorized', `to ${what} send "Authorization: Bearer <key>" with a key of purpose agent`, { needs: 'agent' });
  if (auth.purpose !== 'agent') {
    throw new PipelineError('forbidden', 'wrong_purpose', `a ${auth.purpose} key cannot ${what}; it needs a key with purpose agent`, { purpose: auth.purpose, allowed: ['agent'] });
  }
  return { organisationId: auth.orgId, keyId: auth.keyId, purpose: auth.purpose };
}
