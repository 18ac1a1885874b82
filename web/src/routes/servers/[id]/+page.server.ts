import { renderFindingMessage, riskLast, toolAtRisk, type Finding } from '@toolmark/benchmarks';
import { error, fail as refuse, redirect } from '@sveltejs/kit';
import { parseRules } from '$lib/format';
import { localPath, messages } from '$lib/i18n';
import { api, ApiFailure, pageError, type StoredLint } from '$lib/server/api';
import { callerOf } from '$lib/server/caller';
import { isServerRef, UUID } from '$lib/server/server-ref';
import { visible, visibleName } from '$lib/server/visible';
import { serverOnly } from '$lib/server-only';
import { failuresView } from '$lib/server/failures';
import { evaluationResults } from '$lib/server/evaluation-results';
import type { Actions, PageServerLoad } from './$types';

/** How the tool table can be sorted (`?tsort=`), each with its natural direction. */
const TOOL_SORTS = ['score', 'name', 'findings', 'tokens'] as const;
type ToolSort = (typeof TOOL_SORTS)[number];
const SEVERITY_ORDER = { critical: 0, required: 1, minor: 2 } as const;
/** Tools named per finding code in the grouped list before "and N more". */
const WHERE_SHOWN = 8;

// Rendered on the server only: the page is a document (its tool rows open with <details>, a link to a tool
// opens its row by the browser's own fragment navigation), and not hydrating it keeps a 120-tool page to
// its HTML instead of the HTML plus the same data again as JSON.
export const csr = false;

const fail = (e: unknown): never => {
  if (e instanceof ApiFailure) pageError(e, [404, 400]);
  throw e;
};

export const load: PageServerLoad = async (event) => {
  // The page of a server is /servers/<slug>; its id names it too, and is sent on to the slug (the same query).
  const id = event.params.id;
  if (!isServerRef(id)) error(404, 'Not found');
  const caller = callerOf(event);
  const session = event.locals.session;
  const [detail, list, me, failures, evaluations] = await Promise.all([
    api.server(caller, id),
    api.rules(caller),
    // Signed in with an admin or script key: whether it is this server's organisation (then the page links to its
    // management, for admin keys, and to starting an evaluation).
    session?.purpose === 'admin' || session?.purpose === 'script' ? api.me(caller).catch(() => null) : Promise.resolve(null),
    // What agents reported (the API applies the 3-organisation rule and shows utterances to the owner only).
    api.failures(caller, id).catch((e: unknown) => (e instanceof ApiFailure && e.status !== 404 && e.status !== 400 ? null : fail(e))),
    // Each model's newest finished evaluation result (a failure of this read never hides the page).
    api.serverEvaluations(caller, id, 20).catch(() => null),
  ]).catch(fail);
  const { server, versions } = detail;
  if (id !== server.slug) redirect(308, localPath(event.locals.lang, `/servers/${server.slug}${event.url.search}`));
  const asked = parseRules(event.url.searchParams.get('rules'));
  const active = list.items.find((r) => r.active && r.id === (asked.id ?? list.latest)) ?? list.items.find((r) => r.active);
  const rules = { id: asked.id ?? active?.id ?? list.latest, hash: asked.hash ?? active?.hash ?? '' };
  const askedVersion = event.url.searchParams.get('v');
  const version = versions.find((v) => v.id === askedVersion) ?? versions.find((v) => v.id === server.latestVersionId) ?? versions[0];
  const tsort: ToolSort = TOOL_SORTS.find((s) => s === event.url.searchParams.get('tsort')) ?? 'score';
  const tdir = event.url.searchParams.get('tdir') === 'desc' ? 'desc' : event.url.searchParams.get('tdir') === 'asc' ? 'asc' : tsort === 'name' || tsort === 'score' ? 'asc' : 'desc';
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
  // Its place on the leaderboard of these rules (the board ranks public servers' latest versions, so only
  // then): the board's rank is the same whatever the filter, so a search by slug finds it; a second read
  // of one row gives the board's size. A failure of either never hides the page.
  const onBoard =
    lint && lint.score !== null && server.public && version?.id === server.latestVersionId
      ? await Promise.all([
          api.leaderboard(caller, { rules: rules.id, hash: lint.rules.hash, q: server.slug, sort: 'score', limit: 100, offset: 0 }),
          api.leaderboard(caller, { rules: rules.id, hash: lint.rules.hash, sort: 'score', limit: 1, offset: 0 }),
        ])
          .then(([mine, all]) => {
            const row = mine.items.find((x) => x.id === server.id);
            return row ? { rank: row.rank, total: all.total } : null;
          })
          .catch(() => null)
      : null;
  // The chart's bands are the shown rule set's own (GET /v1/rules/{id}), never literals in the site; so are
  // the message templates: a Japanese page renders each finding from its code's template and its data (the
  // English page shows the message as the finding printed it).
  const detailOfRules = await api.rulesDetail(caller, rules.id).catch(() => api.rulesDetail(caller, list.latest));
  const bands = detailOfRules.bands;
  const templates = new Map(detailOfRules.findings.map((d) => [d.code, d.messages]));
  const lang = event.locals.lang;
  const messageOf = (f: Pick<Finding, 'code' | 'data' | 'tool' | 'fields' | 'message'>) => {
    const rendered = renderFindingMessage(templates.get(f.code), f, lang);
    return { message: visible(lang === 'en' || !rendered ? f.message : rendered.text) ?? '', messageId: rendered?.id ?? f.code };
  };
  const descriptions = new Map(tools.map((t) => [t.name, t.description]));
  const history = versions
    .map((v) => ({ seq: v.seq, label: v.label, score: v.scores.find((s) => s.rulesId === rules.id && s.rulesHash === (lint?.rules.hash ?? rules.hash))?.score ?? null }))
    .filter((p): p is { seq: number; label: string | null; score: number } => p.score !== null)
    .sort((a, b) => a.seq - b.seq);
  const toolRows = (lint?.tools ?? []).map((t) => ({
    name: visibleName(t.name),
    rawName: t.name,
    anchor: `tool-${encodeURIComponent(t.name).replace(/%/g, '_')}`,
    description: visible(descriptions.get(t.name) ?? null),
    score: t.score,
    band: t.band,
    categories: t.categories,
    findings: t.findings.map((f) => ({ code: f.code, severity: f.severity, ...messageOf(f) })),
    worst: t.findings.reduce<keyof typeof SEVERITY_ORDER | null>((w, f) => (w === null || SEVERITY_ORDER[f.severity] < SEVERITY_ORDER[w] ? f.severity : w), null),
    confusableWith: t.confusableWith.map(visibleName),
    tokens: t.tokens,
    language: t.language,
    atRisk: toolAtRisk(lint?.rules.id ?? rules.id, t),
  }));
  const key = { score: (t: (typeof toolRows)[number]) => t.score, findings: (t: (typeof toolRows)[number]) => t.findings.length, tokens: (t: (typeof toolRows)[number]) => t.tokens };
  // A tool with a security finding is listed after every clean tool, in every sort and direction (issue 25).
  toolRows.sort((a, b) => {
    const d = tsort === 'name' ? a.rawName.localeCompare(b.rawName) : key[tsort](a) - key[tsort](b) || a.rawName.localeCompare(b.rawName);
    return riskLast(a.atRisk, b.atRisk) || (tdir === 'asc' ? d : -d);
  });
  // Findings grouped by code, server-wide and per tool together: the most severe, then the most frequent first.
  const groups = new Map<string, { code: string; severity: keyof typeof SEVERITY_ORDER; count: number; server: number; tools: string[] }>();
  const note = (code: string, severity: keyof typeof SEVERITY_ORDER, tool: string | null) => {
    const g = groups.get(code) ?? { code, severity, count: 0, server: 0, tools: [] };
    g.count += 1;
    if (SEVERITY_ORDER[severity] < SEVERITY_ORDER[g.severity]) g.severity = severity;
    if (tool === null) g.server += 1;
    else if (!g.tools.includes(tool)) g.tools.push(tool);
    groups.set(code, g);
  };
  for (const f of lint?.findings ?? []) note(f.code, f.severity, null);
  for (const t of lint?.tools ?? []) for (const f of t.findings) note(f.code, f.severity, t.name);
  const findingGroups = [...groups.values()]
    .sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || b.count - a.count || a.code.localeCompare(b.code))
    .map((g) => ({ ...g, tools: g.tools.slice(0, WHERE_SHOWN).map((name) => ({ name: visibleName(name), anchor: `tool-${encodeURIComponent(name).replace(/%/g, '_')}` })), moreTools: Math.max(0, g.tools.length - WHERE_SHOWN) }));
  // The page is rendered on the server only: its data is not serialised into it (see $lib/server-only).
  return {
    page: serverOnly(event, {
    server: { ...server, name: visibleName(server.name), description: visible(server.description), captureError: null },
    canManage: me !== null && me.key.purpose === 'admin' && me.organisation.id === server.organisationId,
    canEvaluate: me !== null && me.organisation.id === server.organisationId && server.latestVersionId !== null,
    failures: failures && failuresView(failures, lang),
    evaluationResults: evaluations && evaluationResults(evaluations),
    sameSurface: { total: detail.sameSurface.total, items: detail.sameSurface.items.map((s) => ({ ...s, name: visibleName(s.name) })) },
    versions: versions.map((v) => ({ id: v.id, seq: v.seq, label: v.label ? visible(v.label) : null, capturedAt: v.capturedAt, toolCount: v.toolCount })),
    version: version ? { id: version.id, seq: version.seq, label: visible(version.label), capturedAt: version.capturedAt, surfaceHash: version.surfaceHash, toolCount: version.toolCount } : null,
    rules,
    onBoard,
    rulesList: list.items,
    history,
    bands,
    toolSort: { by: tsort, dir: tdir },
    findingGroups,
    lint: lint && {
      score: lint.score,
      band: lint.band,
      security: lint.security,
      rules: lint.rules,
      counts: lint.counts,
      tokens: lint.tokens,
      toolCount: lint.surface.toolCount,
      findings: lint.findings.map((f) => ({ ...f, ...messageOf(f) })),
      pairs: { total: lint.confusablePairs.total, top: lint.confusablePairs.top.map((p) => ({ a: visibleName(p.tools[0]), b: visibleName(p.tools[1]), similarity: p.similarity })) },
      tools: toolRows,
    },
  }),
  };
};

export const actions: Actions = {
  /** The owner's form: the picked utterances become cases of its private task set. */
  cases: async (event) => {
    if (!event.locals.session) redirect(303, localPath(event.locals.lang, `/signin?next=${encodeURIComponent(localPath(event.locals.lang, `/servers/${event.params.id}`))}`));
    const form = await event.request.formData();
    const reportIds = form.getAll('report').map(String).filter((v) => UUID.test(v)).slice(0, 50);
    if (reportIds.length === 0) return refuse(400, { action: 'cases', error: messages[event.locals.lang].failures.pickNone });
    try {
      const { server } = await api.server(callerOf(event), event.params.id);
      const done = await api.addFailureCases(callerOf(event), server.id, { reportIds });
      return { action: 'cases', added: done.added.length, refused: done.refused.length };
    } catch (e) {
      if (e instanceof ApiFailure) return refuse(e.status >= 500 ? 502 : e.status, { action: 'cases', error: visible(e.message) ?? '' });
      throw e;
    }
  },
};
