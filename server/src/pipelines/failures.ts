// The failure knowledge base: posting a report (agent keys only), reading what is known about a server's
// tools (the 3-organisation rule, the lint findings that explain each confusion and their fixes), the
// server page's comparison of predicted and reported confusions, the server organisation's utterances and
// private cases, and an operator's removal. The MCP tools and the REST routes are thin adapters over these.
import {
  compareConfusions,
  explainConfusions,
  FAILURE_LIMITS,
  failureShapeProblem,
  LATEST_RULES,
  ruleSets,
  ToolmarkError,
  type FailureConfusion,
  type FailureKind,
  type LintResult,
  type TaskSet,
} from '@toolmark/benchmarks';
import {
  addFailureCases,
  failureCasesOf,
  failureConfusions,
  firstOrganisation,
  getVersion,
  removeFailureReports,
  reportedUtterances,
  serverWithSurface,
  storeFailureReport,
  versionLint,
  type KeyPurpose,
  type ServerRecord,
} from '@toolmark/db';
import { notFound, PipelineError } from './errors.js';
import type { PipelineDeps } from './deps.js';
import { canSee, visibleServer } from './visibility.js';

/** Who calls: a key's organisation, id and purpose. */
export interface FailureCaller {
  organisationId: string;
  keyId: string;
  purpose: KeyPurpose;
}

/** How a report or a query names the server: its id (or slug), or the surface hash of its tools. */
export type ServerRef = { server: string } | { surfaceHash: string };

type Deps = Pick<PipelineDeps, 'db' | 'now'>;

/** The server a reference names for this viewer (404 when it cannot see it), its surface hash and its latest version's tool names. */
async function resolveTarget(deps: Deps, ref: ServerRef, viewer: { organisationId: string } | null) {
  let server: ServerRecord | undefined;
  let surfaceHash: string;
  if ('server' in ref) {
    server = await visibleServer(deps.db, ref.server, viewer);
    if (!server) throw notFound('server', ref.server);
    const version = server.latestVersionId ? await getVersion(deps.db, server.latestVersionId) : undefined;
    if (!version) throw new PipelineError('conflict', 'not_scored', `server ${ref.server} has no tools yet`, { server: ref.server });
    surfaceHash = version.surfaceHash;
  } else {
    surfaceHash = ref.surfaceHash;
    const found = await serverWithSurface(deps.db, surfaceHash, viewer?.organisationId ?? null);
    server = found && canSee(found, viewer) ? found : undefined;
  }
  const version = server?.latestVersionId ? await getVersion(deps.db, server.latestVersionId) : undefined;
  const toolNames = version ? ((version.tools as { tools?: { name?: unknown }[] }).tools ?? []).map((t) => String(t.name)) : null;
  return { server: server ?? null, surfaceHash, version: version ?? null, toolNames };
}

const serverRef = (s: ServerRecord | null) => (s ? { id: s.id, slug: s.slug, name: s.name } : null);

/** One report as an agent sends it. */
export interface FailureReportInput {
  toolCalled: string | null;
  expectedTool: string | null;
  kind: FailureKind;
  model: string;
  utterance?: string | undefined;
}

/**
 * Post a report. Only agent keys may (wrong_purpose otherwise); the kind must fit the tools named; the
 * server (or surface) must be registered and visible to the caller (`unknown_surface`), and the tools must
 * exist on its latest version (`unknown_tool`). The utterance is kept for the server's organisation alone.
 * A duplicate of the caller's organisation within the window is answered with the earlier report; over the
 * key's or the organisation's rate, `rate_limited` with the scope, the limit and the seconds to wait.
 */
export async function reportFailure(deps: Deps, caller: FailureCaller, ref: ServerRef, input: FailureReportInput) {
  if (caller.purpose !== 'agent') {
    throw new PipelineError('forbidden', 'wrong_purpose', `a ${caller.purpose} key cannot post failures; it needs a key with purpose agent`, { purpose: caller.purpose, allowed: ['agent'] });
  }
  const problem = failureShapeProblem(input);
  if (problem) throw new PipelineError('invalid', 'invalid_arguments', `arguments.${problem.field}: ${problem.message}`, { path: `arguments.${problem.field}`, kind: input.kind });
  const target = await resolveTarget(deps, ref, { organisationId: caller.organisationId });
  // A report must name tools of a surface toolmark knows: one by a hash no visible server holds could name
  // any tools at all, and would count towards nothing anyone can check.
  if (!target.toolNames) {
    throw new PipelineError('not_found', 'unknown_surface', `arguments.surfaceHash: no server you can see has the surface ${target.surfaceHash}; register the server (POST /v1/servers) or name it by slug`, {
      path: 'arguments.surfaceHash',
      surfaceHash: target.surfaceHash,
    });
  }
  for (const field of ['toolCalled', 'expectedTool'] as const) {
    const name = input[field];
    if (name !== null && !target.toolNames.includes(name)) {
      throw new PipelineError('invalid', 'unknown_tool', `arguments.${field}: the server's latest tools have no tool named ${JSON.stringify(name)}`, {
        path: `arguments.${field}`,
        tool: name,
        tools: target.toolNames.slice(0, 50),
      });
    }
  }
  const outcome = await storeFailureReport(
    deps.db,
    {
      serverId: target.server?.id ?? null,
      surfaceHash: target.surfaceHash,
      toolCalled: input.toolCalled,
      expectedTool: input.expectedTool,
      kind: input.kind,
      model: input.model,
      utterance: target.server && input.utterance !== undefined ? input.utterance : null,
      apiKeyId: caller.keyId,
      organisationId: caller.organisationId,
    },
    deps.now(),
  );
  if (outcome.status === 'rate_limited') {
    throw new ToolmarkError('rate_limited', `${outcome.scope === 'key' ? 'a key' : 'an organisation (all its keys together)'} may post ${outcome.limit} failures per hour; retry after ${outcome.retryAfterSeconds} seconds`, {
      scope: outcome.scope,
      limit: outcome.limit,
      retryAfterSeconds: outcome.retryAfterSeconds,
    });
  }
  return {
    status: outcome.status,
    reportId: outcome.id,
    reportedAt: outcome.createdAt.toISOString(),
    server: serverRef(target.server),
    surfaceHash: target.surfaceHash,
    utteranceStored: outcome.status === 'stored' && target.server !== null && input.utterance !== undefined,
    dedupeWindowHours: FAILURE_LIMITS.dedupeWindowHours,
  };
}

/** The latest rules' result of a version and those rules' finding docs (null result: not scored under them yet). */
async function latestLint(deps: Deps, versionId: string | null): Promise<LintResult | null> {
  if (!versionId) return null;
  return (await versionLint(deps.db, versionId, LATEST_RULES))?.result ?? null;
}

/** The confusions a viewer may see: the public ones, or all for the server's own organisation. */
function shown(confusions: FailureConfusion[], owner: boolean): { visible: FailureConfusion[]; belowThreshold: number } {
  return { visible: owner ? confusions : confusions.filter((c) => c.public), belowThreshold: confusions.filter((c) => !c.public).length };
}

/** A page of confusions and the one language their fixes are written in. */
export interface FailurePage {
  limit: number;
  offset: number;
  language: 'en' | 'ja';
}

/**
 * What is known about a server's tools (or one tool of them): the confusions agents reported, with the
 * counts and distinct reporting organisations, the lint findings that explain each and the fix the rules
 * suggest, one page of them with each fix in the caller's language. Everyone sees only confusions of ≥ 3
 * organisations; the server's organisation sees all.
 */
export async function queryFailures(deps: Deps, viewer: { organisationId: string } | null, ref: ServerRef, tool: string | undefined, page: FailurePage) {
  const target = await resolveTarget(deps, ref, viewer);
  const all = await failureConfusions(deps.db, target.server ? { serverId: target.server.id } : { surfaceHash: target.surfaceHash });
  const owner = target.server !== null && viewer !== null && target.server.organisationId === viewer.organisationId;
  const about = tool === undefined ? all : all.filter((c) => c.toolCalled === tool || c.expectedTool === tool);
  const { visible, belowThreshold } = shown(about, owner);
  const lint = await latestLint(deps, target.version?.id ?? null);
  const confusions = explainConfusions(visible.slice(page.offset, page.offset + page.limit), lint, ruleSets[LATEST_RULES].findings).map((c) => ({
    ...c,
    explanations: c.explanations.map((e) => ({ ...e, fix: e.fix === null ? null : e.fix[page.language] })),
  }));
  return {
    server: serverRef(target.server),
    surfaceHash: target.surfaceHash,
    tool: tool ?? null,
    rules: lint?.rules ?? null,
    publicMinOrganisations: FAILURE_LIMITS.publicMinOrganisations,
    belowThreshold,
    total: visible.length,
    offset: page.offset,
    language: page.language,
    confusions,
  };
}

/** Keys of the server's organisation that read its utterances and make cases (the site signs in with them). */
const OWNER_PURPOSES: readonly KeyPurpose[] = ['admin', 'script'];
const isOwner = (server: ServerRecord, viewer: { organisationId: string; purpose: KeyPurpose } | null): boolean =>
  viewer !== null && viewer.organisationId === server.organisationId && OWNER_PURPOSES.includes(viewer.purpose);

/**
 * The server page's failures: the visible confusions explained, the comparison with the linter's pairs,
 * and for the server's organisation (admin or script key) its utterances and how many private cases it has.
 */
export async function serverFailures(deps: Deps, viewer: { organisationId: string; purpose: KeyPurpose } | null, id: string) {
  const server = await visibleServer(deps.db, id, viewer);
  if (!server) throw notFound('server', id);
  const owner = isOwner(server, viewer);
  const [all, lint] = await Promise.all([failureConfusions(deps.db, { serverId: server.id }), latestLint(deps, server.latestVersionId)]);
  const { visible, belowThreshold } = shown(all, owner);
  const [utterances, cases] = owner ? await Promise.all([reportedUtterances(deps.db, server.id), failureCasesOf(deps.db, server.id, server.organisationId)]) : [null, null];
  return {
    server: serverRef(server)!,
    rules: lint?.rules ?? null,
    publicMinOrganisations: FAILURE_LIMITS.publicMinOrganisations,
    belowThreshold,
    confusions: explainConfusions(visible, lint, ruleSets[LATEST_RULES].findings),
    comparison: compareConfusions(lint, visible),
    own: owner ? { utterances: utterances!, caseCount: cases!.length } : null,
  };
}

/** The server for its organisation's admin or script key (404 when it cannot see it, 403 for another organisation's). */
async function ownedServer(deps: Deps, caller: FailureCaller, id: string): Promise<ServerRecord> {
  const server = await visibleServer(deps.db, id, caller);
  if (!server) throw notFound('server', id);
  if (!isOwner(server, caller)) {
    throw new PipelineError('forbidden', 'forbidden', `only admin and script keys of the server's organisation read its utterances and cases`, { serverId: server.id });
  }
  return server;
}

/** Turn reported utterances of the server into cases of its organisation's private task set. */
export async function makeFailureCases(deps: Deps, caller: FailureCaller, id: string, reportIds: string[]) {
  const server = await ownedServer(deps, caller, id);
  const { added, refused } = await addFailureCases(deps.db, { organisationId: server.organisationId, serverId: server.id, reportIds, keyId: caller.keyId }, deps.now());
  const total = (await failureCasesOf(deps.db, server.id, server.organisationId)).length;
  return { added, refused, total };
}

/** The organisation's private cases for the server as a task set (`toolmark run --tasks` reads it). */
export async function failureTaskSet(deps: Deps, caller: FailureCaller, id: string): Promise<TaskSet> {
  const server = await ownedServer(deps, caller, id);
  const cases = await failureCasesOf(deps.db, server.id, server.organisationId);
  return { version: 1, tasks: cases.map((c) => ({ id: c.taskId, prompt: c.prompt, expected: c.expected, tags: ['failure-kb'] })) };
}

/** An operator (an admin key of the install's first organisation) removes reports by id or every report of a key. */
export async function removeFailures(deps: Deps, caller: FailureCaller, by: { reportIds: string[] } | { keyId: string }) {
  const operator = await firstOrganisation(deps.db);
  if (caller.purpose !== 'admin' || operator?.id !== caller.organisationId) {
    throw new PipelineError('forbidden', 'forbidden', "only admin keys of the install's operator organisation remove failure reports", { organisationId: caller.organisationId });
  }
  const removed = await removeFailureReports(deps.db, 'keyId' in by ? { apiKeyId: by.keyId } : by, deps.now());
  return { removed };
}
