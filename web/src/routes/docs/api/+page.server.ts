import { error } from '@sveltejs/kit';
import { api, ApiFailure } from '$lib/server/api';
import { callerOf } from '$lib/server/caller';
import { fieldsOf, sharedShapes, type FieldRow } from '$lib/server/openapi-fields';
import { serverOnly } from '$lib/server-only';
import { readmeCurlExamples } from '$lib/server/readme-examples';
import type { PageServerLoad } from './$types';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
/** The route a maintainer's CI calls on every push (the quick start's recipe): listed first. */
const CI_PATH = '/v1/servers/{id}/lint';

/** The JSON body schema of a request body or a response, if it has one. */
const jsonSchema = (part: unknown): unknown => (part as { content?: Record<string, { schema?: unknown }> } | undefined)?.content?.['application/json']?.schema;

// Our own reference page, built from the OpenAPI document this process serves (GET /v1/openapi.json): no
// renderer from a CDN, no script; each operation's parameters, its request body's fields and the fields of
// its success answers. The README's curl examples come first, with this site's address. Objects that
// several bodies share are listed once as shapes (`sharedShapes`) and linked from each field of that shape.
// Rendered on the server only (no script reads it): without `csr = false` and `serverOnly`, SvelteKit put
// every table's data into the page a second time as hydration data (149 of its 513 KB).
export const csr = false;

export const load: PageServerLoad = async (event) => {
  try {
    const doc = await api.openapi(callerOf(event, false));
    const components = ((doc as { components?: Record<string, unknown> }).components ?? {}) as Record<string, unknown>;
    const ops = Object.entries(doc.paths).flatMap(([path, byMethod]) => Object.entries(byMethod).filter(([method]) => METHODS.includes(method)).map(([method, op]) => ({ path, method, op })));
    const shapes = sharedShapes(
      ops.flatMap(({ op }) => [jsonSchema(op.requestBody), ...Object.entries(op.responses ?? {}).filter(([status]) => status.startsWith('2')).map(([, r]) => jsonSchema(r))].filter((x) => x !== undefined)),
      components,
    );
    const operations = ops.map(({ path, method, op }) => {
      const body = jsonSchema(op.requestBody);
      const successes = Object.entries(op.responses ?? {}).filter(([status]) => status.startsWith('2'));
      return {
        id: `${method}-${path}`.replace(/[^a-zA-Z0-9-]+/g, '-'),
        method: method.toUpperCase(),
        path,
        summary: op.summary ?? '',
        description: op.description ?? '',
        tag: op.tags?.[0] ?? 'other',
        auth: Boolean(op.security?.length),
        params: (op.parameters ?? []).map((p) => ({ name: p.name, in: p.in, required: Boolean(p.required), type: p.schema?.type ?? '', enum: (p.schema?.enum ?? []).map(String), description: p.description ?? '' })),
        body: body === undefined ? null : fieldsOf(body, components, shapes),
        answers: successes
          .map(([status, r]) => ({ status, schema: jsonSchema(r) }))
          .filter((a) => a.schema !== undefined)
          .map((a) => ({ status: a.status, ...fieldsOf(a.schema, components, shapes) })),
        responses: Object.keys(op.responses ?? {}),
      };
    });
    // The maintainer's CI path (saving a lint from CI) first, with its tag's section; the rest as the document lists them.
    const first = (o: { method: string; path: string }) => o.method === 'POST' && o.path === CI_PATH;
    const ciTag = operations.find(first)?.tag;
    operations.sort((a, b) => Number(b.tag === ciTag) - Number(a.tag === ciTag) || Number(first(b)) - Number(first(a)));
    // The shapes some listed field links to (a shape's own fields may link to further shapes), each listed once, by name.
    const tables = new Map([...shapes.values()].map((sh) => [sh.id, { id: sh.id, name: sh.name, ...fieldsOf(sh.schema, components, shapes) }]));
    const used = new Set<string>();
    const use = (rows: readonly FieldRow[]) => {
      for (const r of rows) {
        if (!r.shape || used.has(r.shape.id)) continue;
        used.add(r.shape.id);
        use(tables.get(r.shape.id)?.rows ?? []);
      }
    };
    for (const o of operations) for (const f of [o.body, ...o.answers]) if (f) use(f.rows);
    const listed = [...tables.values()].filter((t) => used.has(t.id)).sort((a, b) => a.name.localeCompare(b.name));
    return { page: serverOnly(event, { info: doc.info, operations, shapes: listed, examples: readmeCurlExamples(event.url.origin) }) };
  } catch (e) {
    if (e instanceof ApiFailure) error(502, e.message);
    throw e;
  }
};
