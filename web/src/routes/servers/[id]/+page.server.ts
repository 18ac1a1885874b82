import { error } from '@sveltejs/kit';
import { parseRules } from '$lib/format';
import { api, ApiFailure, pageError, type StoredLint } from '$lib/server/api';
import { callerOf } from '$lib/server/caller';
import { visible, visibleName } from '$lib/server/visible';
import type { PageServerLoad } from './$types';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const fail = (e: unknown): never => {
  if (e instanceof ApiFailure) pageError(e, [404, 400]);
  throw e;
};

export const load: PageServerLoad = async (event) => {
  const id = event.params.id;
  if (!UUID.test(id)) error(404, 'Not found');
  const caller = callerOf(event);
  const [detail, list] = await Promise.all([api.server(caller, id), api.rules(caller)]).catch(fail);
  const { server, versions } = detail;
  const asked = parseRules(event.url.searchParams.get('rules'));
  const active = list.items.find((r) => r.active && r.id === (asked.id ?? list.latest)) ?? list.items.find((r) => r.active);
  const rules = { id: asked.id ?? active?.id ?? list.latest, hash: asked.hash ?? active?.hash ?? '' };
  const askedVersion = event.url.searchParams.get('v');
  const version = versions.find((v) => v.id === askedVersion) ?? versions.find((v) => v.id === server.latestVersionId) ?? versions[0];
  let lint: StoredLint | null = null;
  let tools: { name: string; description: string | null }[] = [];
  if (version) {
    const [l, v] = await Promise.all([
      api.versionLint(caller, version.id, rules.id, rules.hash || undefined).catch((e: unknown) => {
        if (e instanceof ApiFailure && (e.status === 404 || e.status === 400)) return null;
        return fail(e);
      }),
      api.version(caller, version.id).catch(fail),
    ]);
    lint = l;
    const raw = (v.tools as { tools?: { name?: unknown; description?: unknown }[] } | null)?.tools ?? [];
    tools = raw.map((t) => ({ name: String(t.name ?? ''), description: typeof t.description === 'string' ? t.description : null }));
  }
  // The chart's bands are the shown rule set's own (GET /v1/rules/{id}), never literals in the site.
  const bands = (await api.rulesDetail(caller, rules.id).catch(() => api.rulesDetail(caller, list.latest))).bands;
  const descriptions = new Map(tools.map((t) => [t.name, t.description]));
  const history = versions
    .map((v) => ({ seq: v.seq, label: v.label, score: v.scores.find((s) => s.rulesId === rules.id && s.rulesHash === (lint?.rules.hash ?? rules.hash))?.score ?? null }))
    .filter((p): p is { seq: number; label: string | null; score: number } => p.score !== null)
    .sort((a, b) => a.seq - b.seq);
  return {
    server: { ...server, name: visibleName(server.name), description: visible(server.description), captureError: null },
    versions: versions.map((v) => ({ id: v.id, seq: v.seq, label: v.label ? visible(v.label) : null, capturedAt: v.capturedAt, toolCount: v.toolCount })),
    version: version ? { id: version.id, seq: version.seq, label: visible(version.label), capturedAt: version.capturedAt, surfaceHash: version.surfaceHash } : null,
    rules,
    rulesList: list.items,
    history,
    bands,
    lint: lint && {
      score: lint.score,
      band: lint.band,
      security: lint.security,
      rules: lint.rules,
      counts: lint.counts,
      tokens: lint.tokens,
      toolCount: lint.surface.toolCount,
      findings: lint.findings.map((f) => ({ ...f, message: visible(f.message) ?? '' })),
      pairs: { total: lint.confusablePairs.total, top: lint.confusablePairs.top.map((p) => ({ a: visibleName(p.tools[0]), b: visibleName(p.tools[1]), similarity: p.similarity })) },
      tools: lint.tools.map((t) => ({
        name: visibleName(t.name),
        anchor: `tool-${encodeURIComponent(t.name).replace(/%/g, '_')}`,
        description: visible(descriptions.get(t.name) ?? null),
        score: t.score,
        band: t.band,
        categories: t.categories,
        findings: t.findings.map((f) => ({ code: f.code, severity: f.severity, message: visible(f.message) ?? '' })),
        confusableWith: t.confusableWith.map(visibleName),
        tokens: t.tokens,
        language: t.language,
      })),
    },
  };
};
