// The failure knowledge base's facts: the kinds of failure an agent reports, the sizes of a report, the
// dedupe window, the per-key rate and the publication threshold. One definition each: the MCP tools'
// schemas, the database repository, the REST answers and the site all read them from here.
import { z } from 'zod';
import { storedText } from './api/common.js';

/** What went wrong in one tool call, as the agent that made it saw it. */
export const FAILURE_KINDS = ['wrong_tool', 'bad_arguments', 'call_when_none_fitted', 'no_call_when_one_fitted'] as const;
/** A failure kind: wrong tool, bad arguments, a call when no tool fitted, no call when one did. */
export const FailureKindSchema = z.enum(FAILURE_KINDS);
/** A failure kind. */
export type FailureKind = z.infer<typeof FailureKindSchema>;

/** Limits of the knowledge base. */
export const FAILURE_LIMITS = {
  /** MCP tool names are at most 128 characters (the specification's limit). */
  toolName: 128,
  model: 200,
  /** An utterance is what the user asked: a request, not a document. */
  utterance: 2000,
  /** Reports a key may post per hour (stored ones; a duplicate stores nothing and is not counted). */
  reportsPerHour: 60,
  /** Reports one organisation may post per hour over all its keys: more keys buy no more reports. */
  reportsPerOrganisationPerHour: 120,
  /** A second report of the same organisation (any of its keys), server, tools and kind within this window is a duplicate. */
  dedupeWindowHours: 24,
  /** Public aggregates show a confusion only when at least this many organisations reported it. */
  publicMinOrganisations: 3,
} as const;

/** The dedupe window in milliseconds (FAILURE_LIMITS.dedupeWindowHours). */
export const FAILURE_DEDUPE_WINDOW_MS = FAILURE_LIMITS.dedupeWindowHours * 3_600_000;

const toolName = () => storedText(FAILURE_LIMITS.toolName, { min: 1, trim: false });

/** A surface hash as the lint result prints it (`surface.hash`): `sha256:` and 64 hex digits. */
export const SurfaceHashSchema = z.string().regex(/^sha256:[0-9a-f]{64}$/, 'a surface hash: sha256: and 64 lower-case hex digits (surface.hash of a lint result)');

/**
 * What the tools called and expected must be for each kind: a wrong tool names two different tools; bad
 * arguments names the tool called; a call when none fitted names no expected tool; no call names no tool
 * called. Returns the problem (field and message) or null.
 */
export function failureShapeProblem(r: { kind: FailureKind; toolCalled: string | null; expectedTool: string | null }): { field: 'toolCalled' | 'expectedTool'; message: string } | null {
  switch (r.kind) {
    case 'wrong_tool':
      if (r.toolCalled === null) return { field: 'toolCalled', message: 'wrong_tool needs the tool that was called' };
      if (r.expectedTool === null) return { field: 'expectedTool', message: 'wrong_tool needs the tool that should have been called (use call_when_none_fitted when none should have been)' };
      if (r.expectedTool === r.toolCalled) return { field: 'expectedTool', message: 'wrong_tool needs two different tools (use bad_arguments when the tool was right)' };
      return null;
    case 'bad_arguments':
      if (r.toolCalled === null) return { field: 'toolCalled', message: 'bad_arguments needs the tool that was called' };
      if (r.expectedTool !== null && r.expectedTool !== r.toolCalled) return { field: 'expectedTool', message: 'bad_arguments is about the right tool: leave expectedTool out or equal to toolCalled' };
      return null;
    case 'call_when_none_fitted':
      if (r.toolCalled === null) return { field: 'toolCalled', message: 'call_when_none_fitted needs the tool that was called' };
      if (r.expectedTool !== null) return { field: 'expectedTool', message: 'call_when_none_fitted means no tool should have been called: leave expectedTool out' };
      return null;
    case 'no_call_when_one_fitted':
      if (r.expectedTool === null) return { field: 'expectedTool', message: 'no_call_when_one_fitted needs the tool that should have been called' };
      if (r.toolCalled !== null) return { field: 'toolCalled', message: 'no_call_when_one_fitted means no tool was called: leave toolCalled out' };
      return null;
  }
}

/** The fields of one failure report as an agent sends it (the server is named separately, by id or surface hash). */
export const FailureReportFieldsSchema = {
  toolCalled: toolName().nullable().default(null).describe('The tool the agent called; null (or left out) when it called none'),
  expectedTool: toolName().nullable().default(null).describe('The tool that should have been called; null (or left out) when none should have been'),
  kind: FailureKindSchema.describe('wrong_tool, bad_arguments, call_when_none_fitted or no_call_when_one_fitted'),
  model: storedText(FAILURE_LIMITS.model, { min: 1 }).describe('The model that made the call, e.g. anthropic/claude-sonnet-5-5'),
  utterance: storedText(FAILURE_LIMITS.utterance, { min: 1, multiline: true, trim: false })
    .optional()
    .describe("What the user asked. Stored only for the server's organisation, never published"),
};

/**
 * The identity of a report for deduplication within a key: the server (id, or the surface hash when it is
 * not registered), the tools and the kind. Pure, so the repository and its tests agree.
 */
export function failureDedupeKey(r: { serverId: string | null; surfaceHash: string; toolCalled: string | null; expectedTool: string | null; kind: FailureKind }): string {
  return JSON.stringify([r.serverId ?? r.surfaceHash, r.toolCalled, r.expectedTool, r.kind]);
}

/** One confusion as the knowledge base aggregates it: the tools, the kind, how many reports and organisations. */
export const FailureConfusionSchema = z.object({
  toolCalled: z.string().nullable(),
  expectedTool: z.string().nullable(),
  kind: FailureKindSchema,
  reports: z.number().int(),
  organisations: z.number().int(),
  /** Shown publicly: at least FAILURE_LIMITS.publicMinOrganisations organisations reported it. */
  public: z.boolean(),
});
/** One aggregated confusion. */
export type FailureConfusion = z.infer<typeof FailureConfusionSchema>;

/** True when a confusion may be shown to everyone (the 3-organisation rule). */
export const isPublicConfusion = (organisations: number): boolean => organisations >= FAILURE_LIMITS.publicMinOrganisations;
