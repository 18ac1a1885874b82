import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAX_SURFACE_BYTES } from '@toolmark/benchmarks';
import { endpoints } from '@toolmark/benchmarks/api';
import { saveLint, savedLintJson, type SaveLintResponse } from '../../../../pipelines/save-lint.js';
import { requireKey } from '../../../plugins/auth.js';
import type { RouteModule } from '../../../route.js';
import { serverIdOf } from '../../../../pipelines/visibility.js';
import { gateBaselineRef, gatePolicyOf, saveGate } from '../../../../pipelines/save-gate.js';

/**
 * POST /v1/servers/{id}/lint — save a lint score from CI. The body is the server's `tools/list` in any
 * accepted shape, whatever the content type says: `curl --data-binary @tools.json` sends
 * application/x-www-form-urlencoded, and the seed's CI recipe must work unchanged.
 */
const route: RouteModule = (app, ctx) => {
  app.register(async (plugin) => {
    const scoped = plugin.withTypeProvider<ZodTypeProvider>();
    scoped.removeAllContentTypeParsers();
    scoped.addContentTypeParser('*', { parseAs: 'string', bodyLimit: MAX_SURFACE_BYTES + 64 * 1024 }, (_request, text, done) => done(null, text));
    scoped.post(
      '/v1/servers/:id/lint',
      {
        // The answer is built from core types (LintResult, LintChanges) by our own code and sent as JSON text
        // (savedLintJson): encoding ~40 KiB through zod, or even JSON.stringify, on every save cost a tenth of
        // a repeated save's CPU. The schema below still documents it (and the 4xx error bodies keep the
        // uniform shape through the error handler).
        serializerCompiler: () => (data) => JSON.stringify(data),
        schema: {
          summary: "Save a lint score: lint the body (the server's tools/list) and store it",
          description:
            'Adds a version only when the tools differ from the latest version (canonical hash); saves a score on every call and spends 1 unit. ' +
            '`changes` compares with the previous scored version, or is null. ' +
            'With `baseline=latest` the answer has `gate`: the comparison with the server\'s latest version as it was before this save (same rules), ' +
            'and the regressions under maxDrop, failOn, failOnBandDrop and failOnSecurity (the rules of `toolmark lint --baseline`); `gate.passed` is false on a regression (the save is stored either way). ' +
            '503 `busy` (with Retry-After): the save lost twice to concurrent saves of the server; nothing was saved or charged, send it again.',
          tags: ['lint'],
          security: [{ bearer: [] }],
          // The label (querystring) is checked before the handler: a bad label is a 400 before any query (ownership included).
          ...endpoints['POST /v1/servers/{id}/lint'],
        },
      },
      async (request, reply) => {
        const key = requireKey(request, ['ci', 'script']);
        const text = typeof request.body === 'string' ? request.body : '';
        const serverId = await serverIdOf(ctx.db, request.params.id);
        // The baseline is read before the save, so a save is never compared with itself.
        const before = request.query.baseline === 'latest' ? await gateBaselineRef(ctx, serverId) : undefined;
        const saved = await saveLint(ctx, { serverId, body: text, label: request.query.label ?? null, key, at: ctx.now(), cpu: ctx.cpu.session() });
        if (request.query.baseline === 'latest') saved.gate = await saveGate(ctx, before, saved.result, gatePolicyOf(request.query));
        // The JSON text of SaveLintResponse, sent as it is (Fastify does not serialise a string again when the
        // content type is JSON); the cast only tells the schema-typed reply so.
        const json = savedLintJson(saved, ctx.memo.json(saved.result)) as unknown as SaveLintResponse;
        return reply.type('application/json; charset=utf-8').send(json);
      },
    );
  });
};
export default route;
