import { z } from 'zod';
import { getLintJob } from '../../pipelines/lint-server.js';
import { serviceOf } from '../context.js';
import { callerOf } from '../failure-args.js';
import { LintJobSchema, lintJobAnswer } from '../lint-job.js';
import { defineTool } from '../tool.js';

/** get_job — the state of a lint_server job of the caller's organisation, with the score once it is there. */
export const getJobTool = defineTool({
  name: 'get_job',
  title: 'Poll a lint job',
  description:
    'Read the state of one lint job that lint_server started. Use it after lint_server, every few seconds, until the job is scored or failed; ' +
    'do not use it to score a server (lint_server does) or to read a public score (get_server_score). ' +
    'Returns the status (queued, running, scored or failed); once scored, the score, band, findings and security status; when failed, why. ' +
    'Needs an agent key of the organisation that started the job; a job of another organisation is not found.',
  inputSchema: {
    job: z.uuid().describe('The job id lint_server answered'),
    detail: z.boolean().default(false).describe('true: the full lint result once scored; default false, a compact summary'),
  },
  outputSchema: LintJobSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  needs: 'agent-key',
  async run(ctx, args) {
    const service = serviceOf(ctx);
    const caller = callerOf(ctx.auth, 'read jobs');
    return { data: lintJobAnswer(await getLintJob(service, caller, args.job), args.detail) };
  },
});
