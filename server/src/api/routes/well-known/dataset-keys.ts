import { endpoints } from '@toolmark/benchmarks/api';
import { signingKeys } from '@toolmark/db';
import type { RouteModule } from '../../route.js';

/**
 * GET /.well-known/toolmark-datasets-keys.json — the Ed25519 public keys this instance's dataset manifests
 * are signed with (each building process registers its own at start). `toolmark datasets verify` fetches it
 * for a release URL and checks each `manifest.json.sig` against the key it names.
 */
const route: RouteModule = (app, ctx) => {
  app.get(
    '/.well-known/toolmark-datasets-keys.json',
    {
      schema: {
        summary: 'The public keys dataset manifests are signed with',
        tags: ['datasets'],
        ...endpoints['GET /.well-known/toolmark-datasets-keys.json'],
      },
    },
    async (_request, reply) => {
      const keys = await signingKeys(ctx.db);
      reply.header('cache-control', 'public, max-age=300');
      return { keys: keys.map((k) => ({ keyId: k.keyId, algorithm: 'ed25519' as const, publicKey: k.publicKey, createdAt: k.createdAt })) };
    },
  );
};
export default route;
