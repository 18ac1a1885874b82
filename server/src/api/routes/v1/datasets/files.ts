import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { endpoints } from '@toolmark/benchmarks/api';
import { datasetsDir } from '../../../../datasets/dir.js';
import { releaseFileOr404 } from '../../../../pipelines/datasets.js';
import { byteRange } from '../../../byte-range.js';
import { ApiError } from '../../../errors.js';
import type { RouteModule } from '../../../route.js';
import { ifNoneMatch, notModified } from '../../../conditional.js';

const TYPES: Record<string, string> = {
  jsonl: 'application/jsonl; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  parquet: 'application/vnd.apache.parquet',
  md: 'text/markdown; charset=utf-8',
  cff: 'application/yaml; charset=utf-8',
  json: 'application/json; charset=utf-8',
  sig: 'application/json; charset=utf-8',
};

/**
 * GET /v1/datasets/{id}/files/{file} — one file of a published release. The ETag and `Repr-Digest`
 * (RFC 9530: the sha-256 of the whole file, whatever range is sent, so a client checks what it assembled)
 * carry the sha256 the manifest lists; `Range` gives 206 or 416. Files never change, so they are cached for good.
 * A withdrawn release's files answer 410 `release_withdrawn` (its manifest is still served).
 */
const route: RouteModule = (app, ctx) => {
  app.get(
    '/v1/datasets/:id/files/:file',
    {
      schema: {
        summary: "Download one file of a release (ETag, Repr-Digest sha-256, Range)",
        tags: ['datasets'],
        ...endpoints['GET /v1/datasets/{id}/files/{file}'],
      },
    },
    async (request, reply) => {
      const { id, file } = request.params;
      const found = await releaseFileOr404(ctx.db, datasetsDir(ctx.config), id, file);
      if (found.withdrawn !== null) {
        const w = found.withdrawn;
        throw new ApiError(410, 'release_withdrawn', `release ${id} was withdrawn on ${w.at.toISOString().slice(0, 10)} (${w.reason}); its manifest stays at /v1/datasets/${id}/files/manifest.json`, { releaseId: id, file, withdrawnAt: w.at.toISOString(), code: w.code, reason: w.reason });
      }
      let size: number;
      let sha256 = found.sha256;
      try {
        size = (await stat(found.path)).size;
        if (sha256 === null) sha256 = createHash('sha256').update(await readFile(found.path)).digest('hex');
      } catch {
        throw new ApiError(404, 'not_found', `release ${id} is listed but its file ${file} is missing on this install`, { releaseId: id, file });
      }
      const etag = `"sha256-${sha256}"`;
      reply.header('etag', etag);
      reply.header('repr-digest', `sha-256=:${Buffer.from(sha256, 'hex').toString('base64')}:`);
      reply.header('accept-ranges', 'bytes');
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      reply.header('content-disposition', `attachment; filename="${file}"`);
      if (ifNoneMatch(request.headers['if-none-match'], etag)) return notModified(reply);
      const ifRange = request.headers['if-range'];
      const range = byteRange(request.headers.range, size, typeof ifRange === 'string' ? ifRange : undefined, etag);
      if (range.kind === 'unsatisfiable') {
        reply.header('content-range', `bytes */${size}`);
        throw new ApiError(416, 'range_not_satisfiable', `headers.range: ${request.headers.range ?? ''} is outside the file's ${size} bytes`, { path: 'headers.range', size });
      }
      reply.type(TYPES[file.split('.').pop() ?? ''] ?? 'application/octet-stream');
      if (range.kind === 'part') {
        reply.header('content-range', `bytes ${range.start}-${range.end}/${size}`);
        reply.header('content-length', range.end - range.start + 1);
        return reply.status(206).send(createReadStream(found.path, { start: range.start, end: range.end }));
      }
      reply.header('content-length', size);
      return reply.send(createReadStream(found.path));
    },
  );
};
export default route;
