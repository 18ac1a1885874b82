// The tarball route on an install whose CLI has not been packed yet (`tsc -b` alone): a 404 that says how
// to build it, and the tarball as soon as it is built, without a restart. (The real packed CLI, served by
// the whole app and installed with npx: test/cli-tarball.test.ts.)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../../src/api/plugins/errors.js';
import { cliTarballRoute } from '../../src/api/routes/cli/tarball.js';
import type { ApiContext } from '../../src/api/context.js';

const dir = mkdtempSync(join(tmpdir(), 'toolmark-cli-route-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('GET /cli/toolmark.tgz before the CLI is packed', () => {
  it('answers 404 cli_not_built, then serves the tarball once it is there', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    cliTarballRoute(dir)(app, {} as ApiContext);
    try {
      const missing = await app.inject({ url: '/cli/toolmark.tgz' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: { code: 'cli_not_built', message: 'this install has no packed CLI; `npm run build` packs it (server/dist/cli-package)', detail: {} } });

      writeFileSync(join(dir, 'toolmark-1.2.3.tgz'), 'not really gzip');
      writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ name: 'toolmark', version: '1.2.3', file: 'toolmark-1.2.3.tgz', sha256: 'x', bytes: 15 }));
      const built = await app.inject({ url: '/cli/toolmark-1.2.3.tgz' });
      expect(built.statusCode).toBe(200);
      expect(built.body).toBe('not really gzip');
      expect(built.headers['content-type']).toBe('application/gzip');
      expect(built.headers['cache-control']).toBe('public, max-age=3600');
      expect((await app.inject({ url: '/cli/toolmark.tgz' })).headers['cache-control']).toBe('no-cache');
      expect((await app.inject({ method: 'HEAD', url: '/cli/toolmark.tgz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
