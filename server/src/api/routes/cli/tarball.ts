import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { endpoints } from '@toolmark/benchmarks/api';
import { CLI_PACKAGE_DIR, CLI_PACKAGE_MANIFEST, type CliPackageManifest } from '../../../pack/paths.js';
import { ApiError } from '../../errors.js';
import type { RouteModule } from '../../route.js';
import { ifNoneMatch, notModified } from '../../conditional.js';

interface Tarball {
  version: string;
  file: string;
  bytes: Buffer;
  etag: string;
  sha256Hex: string;
  sha256Base64: string;
}

async function readTarball(dir: string): Promise<Tarball | undefined> {
  let manifest: CliPackageManifest;
  try {
    manifest = JSON.parse(await readFile(join(dir, CLI_PACKAGE_MANIFEST), 'utf8')) as CliPackageManifest;
  } catch {
    return undefined;
  }
  const bytes = await readFile(join(dir, manifest.file));
  const digest = createHash('sha256').update(bytes).digest();
  return { version: manifest.version, file: manifest.file, bytes, etag: `"sha256-${digest.toString('hex')}"`, sha256Hex: digest.toString('hex'), sha256Base64: digest.toString('base64') };
}

/**
 * GET /cli/toolmark.tgz and /cli/toolmark-<version>.tgz — the CLI as an npm tarball, packed by `npm run
 * build` from this install's own source (server/src/pack/build-cli.ts), for
 * `npx -y https://<host>/cli/toolmark.tgz lint …` in CI: the package is not published on npm. No
 * dependencies to install, no database needed. ETag and Repr-Digest carry its sha256. Read once, then
 * served from memory; an install built without it answers 404 until it is built.
 */
export function cliTarballRoute(dir: string = CLI_PACKAGE_DIR): RouteModule {
  return (app) => {
    let loaded: Promise<Tarball | undefined> | undefined;
    app.get(
      '/cli/:file',
      {
        schema: { hide: true, ...endpoints['GET /cli/{file}'] },
        config: { rateLimit: false },
      },
      async (request, reply) => {
        const tarball = await (loaded ??= readTarball(dir).then((t) => {
          if (t === undefined) loaded = undefined; // not built yet: look again next time
          return t;
        }));
        if (tarball === undefined) {
          throw new ApiError(404, 'cli_not_built', 'this install has no packed CLI; `npm run build` packs it (server/dist/cli-package)', {});
        }
        const { file } = request.params;
        if (file !== 'toolmark.tgz' && file !== tarball.file) {
          throw new ApiError(404, 'not_found', `no file /cli/${file}: the CLI is /cli/toolmark.tgz (this version: /cli/${tarball.file})`, {
            file,
            latest: tarball.file,
          });
        }
        reply.header('etag', tarball.etag);
        reply.header('repr-digest', `sha-256=:${tarball.sha256Base64}:`);
        reply.header('x-toolmark-cli-version', tarball.version);
        // The unversioned name moves with every build; a versioned one is worth keeping a while.
        reply.header('cache-control', file === 'toolmark.tgz' ? 'no-cache' : 'public, max-age=3600');
        if (ifNoneMatch(request.headers['if-none-match'], tarball.etag)) return notModified(reply);
        reply.header('content-disposition', `attachment; filename="${tarball.file}"`);
        return reply.type('application/gzip').send(tarball.bytes);
      },
    );
  };
}

export default cliTarballRoute();
