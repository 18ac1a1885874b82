import { endpoints, type Wire, type OpenApiDocumentSchema } from '@toolmark/benchmarks/api';
import { API_HTML_CSP } from '../../plugins/security-headers.js';
import type { RouteModule } from '../../route.js';

const escape = (text: unknown): string =>
  String(text ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * GET /v1/docs — the API reference as one server-rendered HTML page, built from the OpenAPI document (no
 * scripts, no assets from elsewhere: it works offline and without JavaScript). Everything is escaped, and
 * its Content-Security-Policy allows its inline style only and no framing (nosniff is on every answer).
 */
const route: RouteModule = (app) => {
  app.get('/v1/docs', { schema: { hide: true, ...endpoints['GET /v1/docs'] }, config: { rateLimit: false } }, async (_request, reply) => {
    const doc = app.swagger() as unknown as Wire<typeof OpenApiDocumentSchema>;
    const sections = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => {
        const params = (op.parameters ?? [])
          .map((p) => `<li><code>${escape(p.name)}</code> (${escape(p.in)}${p.required ? ', required' : ''}${p.schema?.type ? `, ${escape(p.schema.type)}` : ''})${p.description ? ` — ${escape(p.description)}` : ''}</li>`)
          .join('');
        const statuses = Object.keys(op.responses ?? {}).map((s) => `<code>${escape(s)}</code>`).join(' ');
        return `<section><h2 id="${escape(`${method}-${path}`)}"><code>${escape(method.toUpperCase())} ${escape(path)}</code></h2>
<p>${escape(op.summary)}</p>${op.description ? `<p>${escape(op.description)}</p>` : ''}
<p>${op.security?.length ? 'Needs <code>Authorization: Bearer &lt;key&gt;</code>.' : 'Public.'} Responses: ${statuses}</p>
${params ? `<ul>${params}</ul>` : ''}</section>`;
      }),
    );
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(doc.info.title)} — API reference</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#111}code{background:#f3f3f3;padding:0 .2em}h2{font-size:1.1rem;margin-top:2rem}</style></head>
<body><header><h1>${escape(doc.info.title)} ${escape(doc.info.version)} — API reference</h1>
<p>${escape(doc.info.description)}</p><p>Machine-readable: <a href="/v1/openapi.json">/v1/openapi.json</a>. Errors always have the shape <code>{"error":{"code","message","detail"}}</code>.</p></header>
<main>${sections.join('\n')}</main></body></html>`;
    return reply.header('content-security-policy', API_HTML_CSP).header('x-frame-options', 'DENY').type('text/html; charset=utf-8').send(html);
  });
};
export default route;
