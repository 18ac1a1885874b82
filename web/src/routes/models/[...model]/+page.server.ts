import { redirect } from '@sveltejs/kit';
import { MODELS_SUITE } from '@toolmark/benchmarks';
import { localPath } from '$lib/i18n';
import { api, ApiFailure, pageError, type ModelBoardQuery } from '$lib/server/api';
import { callerOf } from '$lib/server/caller';
import { visibleName } from '$lib/server/visible';
import type { PageServerLoad } from './$types';

const PAGE = 50;
const int = (v: string | null, min: number, max: number, fallback: number) => {
  const n = Number.parseInt(v ?? '', 10);
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
};
/** The path of a model's board: `/models/<provider>/<model>` (the id's slashes kept, each part encoded). */
const boardPath = (id: string) => `/models/${id.split('/').map(encodeURIComponent).join('/')}`;

// `/models/<provider>/<model>?distractors=a,b&language=en&casesPerTool=6&repeats=1&key=…`:
// one model's leaderboard of public servers. The settings form is a GET form; choosing another model in it
// sends `model=`, answered with a redirect to that model's path (so the link stays shareable). The cases are
// always the public suite's (hand-written, its test half): the offline generator's paraphrases of the tool
// text back no public board.
export const load: PageServerLoad = async (event) => {
  const p = event.url.searchParams;
  const lang = event.locals.lang;
  const picked = p.get('model');
  // Checkboxes send one `d` per set; a shared link may carry `distractors=a,b`.
  const distractors = [...new Set([...p.getAll('d'), ...(p.get('distractors') ?? '').split(',')].map((s) => s.trim()).filter(Boolean))].sort().join(',');
  const settings = {
    distractors,
    language: p.get('language') === 'ja' ? ('ja' as const) : ('en' as const),
    generator: MODELS_SUITE.generator,
    casesPerTool: int(p.get('casesPerTool'), 1, 20, MODELS_SUITE.casesPerTool),
    repeats: int(p.get('repeats'), 1, 10, 1),
  };
  const query = new URLSearchParams();
  if (settings.distractors) query.set('distractors', settings.distractors);
  if (settings.language !== 'en') query.set('language', settings.language);
  if (settings.casesPerTool !== MODELS_SUITE.casesPerTool) query.set('casesPerTool', String(settings.casesPerTool));
  if (settings.repeats !== 1) query.set('repeats', String(settings.repeats));
  const model = event.params.model;
  const key = p.get('key') ?? undefined;
  // A submitted form (`model=`, one `d` per set, every default spelled out) is answered with a redirect to
  // the short, shareable form of the same board: `/models/<id>?distractors=a,b` (+ `key` when one is asked).
  const target = picked && picked !== model ? picked : model;
  const canonical = new URLSearchParams(query);
  if (key !== undefined && target === model) canonical.set('key', key);
  if (target !== model || canonical.toString() !== p.toString()) redirect(303, localPath(lang, `${boardPath(target)}${canonical.size > 0 ? `?${canonical}` : ''}`));
  const caller = callerOf(event, false);
  const fail = (e: unknown): never => {
    if (e instanceof ApiFailure) pageError(e, [400, 404]);
    throw e;
  };
  const ask = (k: string | undefined) => api.modelBoard(caller, { model, ...settings, key: k, limit: PAGE, offset: 0 } satisfies ModelBoardQuery);
  let unknownKey = false;
  const [catalogue, board] = await Promise.all([
    api.models(caller),
    ask(key).catch((e: unknown) => {
      // A key that has no runs with these settings (an old link): the default key, said so on the page.
      if (key !== undefined && e instanceof ApiFailure && (e.code === 'unknown_key' || e.status === 400)) {
        unknownKey = true;
        return ask(undefined);
      }
      throw e;
    }),
  ]).catch(fail);
  /** A link to this board with one setting changed (the key dropped unless given). */
  const withKey = (k: string) => {
    const q = new URLSearchParams(query);
    q.set('key', k);
    return localPath(lang, `${boardPath(model)}?${q}`);
  };
  return {
    modelId: model,
    settings,
    unknownKey,
    catalogue: { models: catalogue.models.map((x) => ({ id: x.id, label: x.label, baseline: x.baseline })), distractors: catalogue.distractors, languages: catalogue.languages },
    board: {
      ...board,
      keys: board.keys.map((k) => ({ ...k, href: withKey(k.key) })),
      items: board.items.map((i) => ({ ...i, server: { ...i.server, name: visibleName(i.server.name) } })),
    },
  };
};
