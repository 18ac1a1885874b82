// The case browser of one evaluation: a page of cases (filters: missed by any model, by exactly one, an
// error kind, a case kind), each utterance with every model's calls and verdict. Only the organisation
// that ran the evaluation sees them (the API answers 403 to others): utterances are built from the
// server's tools, so everything here is hostile text and goes through `visible`.
import { error, redirect } from '@sveltejs/kit';
import { api, ApiFailure, pageError, type CaseQuery } from '$lib/server/api';
import { callerOf } from '$lib/server/caller';
import { visible, visibleName } from '$lib/server/visible';
import { localPath, messages } from '$lib/i18n';
import type { PageServerLoad } from './$types';

/** Cases per page. */
const PAGE_SIZE = 20;
const MISSED = ['any', 'one'] as const;
const ERROR_KINDS = ['missing', 'wrong_type', 'not_allowed', 'not_json', 'provider'] as const;
const KINDS = ['tool-directed', 'confusable', 'no-call', 'task'] as const;

const pick = <T extends string>(list: readonly T[], v: string | null): T | undefined => list.find((x) => x === v);

export const load: PageServerLoad = async (event) => {
  const q = event.url.searchParams;
  const offset = /^\d{1,7}$/.test(q.get('offset') ?? '') ? Number(q.get('offset')) : 0;
  const filters = { missed: pick(MISSED, q.get('missed')), errorKind: pick(ERROR_KINDS, q.get('errorKind')), kind: pick(KINDS, q.get('kind')) };
  const caller = callerOf(event);
  const query: CaseQuery = { limit: PAGE_SIZE, offset, ...filters };
  let evaluation, cases;
  try {
    [evaluation, cases] = await Promise.all([api.evaluation(caller, event.params.id), api.evaluationCases(caller, event.params.id, query)]);
  } catch (e) {
    if (e instanceof ApiFailure && e.status === 401) redirect(303, localPath(event.locals.lang, `/signin?next=${encodeURIComponent(localPath(event.locals.lang, event.url.pathname + event.url.search))}`));
    if (e instanceof ApiFailure && e.status === 403) error(403, messages[event.locals.lang].evaluation.casesForbidden);
    if (e instanceof ApiFailure) pageError(e, [404, 400]);
    throw e;
  }
  const labels = new Map(evaluation.runs.map((r) => [r.id, visibleName(r.model.label)] as const));
  return {
    filters,
    offset,
    limit: PAGE_SIZE,
    total: cases.total,
    repeats: evaluation.settings.repeats,
    evaluation: { id: evaluation.id, server: { slug: evaluation.server.slug, name: visibleName(evaluation.server.name) }, name: evaluation.name === null ? null : visibleName(evaluation.name) },
    cases: cases.items.map((c) => ({
      caseId: visibleName(c.caseId),
      kind: c.kind,
      utterance: visible(c.utterance) ?? '',
      expected: c.expected === null ? null : visibleName(c.expected),
      trials: c.trials.map((t) => ({
        key: `${t.runId}#${t.repeat}`,
        model: labels.get(t.runId) ?? visibleName(t.model),
        baseline: t.baseline,
        repeat: t.repeat,
        calls: t.calls.map((call) => ({ name: visibleName(call.name), args: visible(call.parseError === null ? JSON.stringify(call.arguments ?? {}) : call.argumentsText) ?? '', parseError: visible(call.parseError) })),
        text: visible(t.text.slice(0, 500)) ?? '',
        truncated: t.truncated,
        error: t.error && { code: t.error.code, message: visible(t.error.message) ?? '' },
        verdict: { kind: t.verdict.kind, pass: t.verdict.pass, scored: t.verdict.scored, called: visibleName(t.verdict.called) },
        argErrors: t.verdict.argErrors.map((a) => ({ argument: visibleName(a.argument), kind: a.kind, message: visible(a.message) ?? '' })),
        cached: t.cached,
      })),
    })),
  };
};
