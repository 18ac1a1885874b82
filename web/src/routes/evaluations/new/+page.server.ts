// Start an evaluation: pick one of the organisation's servers (its latest version), models, distractor
// sets and language; `estimate` re-renders the form with the estimate (spends nothing); `start` checks the
// estimate still matches the units the button showed, then starts and redirects to the evaluation page.
// Plain form POSTs: the page works the same without JavaScript.
import { fail, redirect } from '@sveltejs/kit';
import { api, ApiFailure, pageError, type Answer, type Caller, type EvaluationBody } from '$lib/server/api';
import { callerOf } from '$lib/server/caller';
import { SESSION_COOKIE } from '$lib/server/session';
import { visible, visibleName } from '$lib/server/visible';
import { localPath } from '$lib/i18n';
import type { Actions, PageServerLoad, RequestEvent } from './$types';

type Estimate = Answer<'POST /v1/servers/{id}/evaluations/estimate'>;

/** What the form holds (re-rendered as sent). */
export interface StartValues {
  server: string;
  models: string[];
  distractors: string[];
  language: 'en' | 'ja';
  name: string;
}

const signInFirst = (event: RequestEvent): never => redirect(303, localPath(event.locals.lang, `/signin?next=${encodeURIComponent(localPath(event.locals.lang, '/evaluations/new' + event.url.search))}`));

/** An estimate made safe to show: server text through `visible`. */
function shownEstimate(e: Estimate) {
  return {
    ...e,
    models: e.models.map((m) => ({ ...m, model: { ...m.model, label: visibleName(m.model.label) } })),
    warnings: e.warnings.map((w) => ({ code: w.code, message: visible(w.message) ?? '', names: (w.names ?? []).map(visibleName) })),
  };
}

async function valuesOf(event: RequestEvent): Promise<StartValues & { units: number }> {
  const form = await event.request.formData();
  const text = (v: FormDataEntryValue | null) => (typeof v === 'string' ? v.trim() : '');
  return {
    units: /^\d{1,12}$/.test(text(form.get('units'))) ? Number(text(form.get('units'))) : NaN,
    server: text(form.get('server')),
    models: form.getAll('models').map(text).filter(Boolean),
    distractors: form.getAll('distractors').map(text).filter(Boolean),
    language: text(form.get('language')) === 'ja' ? 'ja' : 'en',
    name: text(form.get('name')).slice(0, 100),
  };
}

const bodyOf = (v: StartValues): EvaluationBody => ({ models: v.models, distractors: v.distractors, language: v.language, ...(v.name ? { name: v.name } : {}) });

async function estimateOrFailure(caller: Caller, v: StartValues) {
  try {
    return { estimate: shownEstimate(await api.estimate(caller, v.server, { models: v.models, distractors: v.distractors, language: v.language })), failure: null };
  } catch (e) {
    if (e instanceof ApiFailure && e.status < 500) return { estimate: null, failure: { status: e.status, message: visible(e.message) ?? '', start: false } };
    throw e;
  }
}

/** The server's latest evaluations (newest first), linked from the form. */
const earlierOf = (caller: Caller, serverId: string) =>
  api.serverEvaluations(caller, serverId, 10).then(
    (l) => l.items.map((x) => ({ id: x.id, name: x.name === null ? null : visibleName(x.name), status: x.status, createdAt: x.createdAt, models: x.runs.map((r) => r.model), versionSeq: x.server.versionSeq, language: x.settings.language, distractors: x.settings.distractors, caseCount: x.caseCount })),
    () => [],
  );

export const load: PageServerLoad = async (event) => {
  if (!event.locals.session) signInFirst(event);
  const caller = callerOf(event);
  try {
    const [servers, catalogue] = await Promise.all([api.myServers(caller), api.models(caller)]);
    const choosable = servers.items.filter((s) => s.latestSeq !== null);
    const asked = event.url.searchParams.get('server') ?? '';
    const chosen = choosable.find((s) => s.id === asked || s.slug === asked) ?? choosable[0];
    const defaults: StartValues = {
      server: chosen?.id ?? '',
      models: catalogue.models.filter((m) => m.preselected && m.status === 'enabled').map((m) => m.id),
      distractors: [],
      language: event.locals.lang === 'ja' ? 'ja' : 'en',
      name: '',
    };
    // The form opens with the estimate of what it shows, so the start button can say what it spends.
    // After a form action (a POST) the action's answer has the estimate and the list: nothing to ask again.
    const fresh = event.request.method === 'GET' && chosen !== undefined;
    const [first, earlier] = await Promise.all([
      fresh && defaults.models.length > 0 ? estimateOrFailure(caller, defaults) : { estimate: null, failure: null },
      fresh ? earlierOf(caller, chosen.id) : [],
    ]);
    return {
      purpose: event.locals.session!.purpose,
      servers: choosable.map((s) => ({ id: s.id, slug: s.slug, name: visibleName(s.name), latestSeq: s.latestSeq!, toolCount: s.toolCount })),
      catalogue: { ...catalogue, models: catalogue.models.map((m) => ({ ...m, label: visibleName(m.label), reason: visible(m.reason) })) },
      defaults,
      ...first,
      earlier,
    };
  } catch (e) {
    if (e instanceof ApiFailure && e.status === 401) {
      event.cookies.delete(SESSION_COOKIE, { path: '/' });
      signInFirst(event);
    }
    if (e instanceof ApiFailure) pageError(e, []);
    throw e;
  }
};

export const actions: Actions = {
  estimate: async (event) => {
    if (!event.locals.session) signInFirst(event);
    const { units, ...values } = await valuesOf(event);
    void units;
    const caller = callerOf(event);
    const earlier = await earlierOf(caller, values.server);
    if (values.models.length === 0) return fail(400, { values, earlier, estimate: null, failure: { status: 400, message: '', start: false }, pickModel: true, changed: null });
    const result = await estimateOrFailure(caller, values);
    return result.failure ? fail(result.failure.status, { values, earlier, ...result, pickModel: false, changed: null }) : { values, earlier, ...result, pickModel: false, changed: null };
  },
  start: async (event) => {
    if (!event.locals.session) signInFirst(event);
    const { units: shown, ...values } = await valuesOf(event);
    const caller = callerOf(event);
    const earlier = await earlierOf(caller, values.server);
    if (values.models.length === 0) return fail(400, { values, earlier, estimate: null, failure: { status: 400, message: '', start: false }, pickModel: true, changed: null });
    // The button showed a number of units: never spend another one without saying so first.
    const check = await estimateOrFailure(caller, values);
    if (check.failure) return fail(check.failure.status, { values, earlier, ...check, pickModel: false, changed: null });
    if (!Number.isFinite(shown) || shown !== check.estimate!.units) return fail(409, { values, earlier, ...check, pickModel: false, changed: check.estimate!.units });
    let id: string;
    try {
      id = (await api.startEvaluation(caller, values.server, bodyOf(values))).id;
    } catch (e) {
      if (e instanceof ApiFailure && e.status < 500) return fail(e.status, { values, earlier, estimate: check.estimate, failure: { status: e.status, message: visible(e.message) ?? '', start: true }, pickModel: false, changed: null });
      throw e;
    }
    redirect(303, localPath(event.locals.lang, `/evaluations/${id}`));
  },
};
