import { error } from '@sveltejs/kit';
import { api, ApiFailure } from '$lib/server/api';
import { callerOf } from '$lib/server/caller';
import type { PageServerLoad } from './$types';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export const load: PageServerLoad = async (event) => {
  try {
    const doc = await api.openapi(callerOf(event, false));
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([method]) => METHODS.includes(method))
        .map(([method, op]) => ({
          id: `${method}-${path}`.replace(/[^a-zA-Z0-9-]+/g, '-'),
          method: method.toUpperCase(),
          path,
          summary: op.summary ?? '',
          description: op.description ?? '',
          tag: op.tags?.[0] ?? 'other',
          auth: Boolean(op.security?.length),
          params: (op.parameters ?? []).map((p) => ({ name: p.name, in: p.in, required: Boolean(p.required), type: p.schema?.type ?? '', enum: (p.schema?.enum ?? []).map(String), description: p.description ?? '' })),
          hasBody: op.requestBody !== undefined,
          responses: Object.keys(op.responses ?? {}),
        })),
    );
    return { info: doc.info, operations };
  } catch (e) {
    if (e instanceof ApiFailure) error(502, e.message);
    throw e;
  }
};
