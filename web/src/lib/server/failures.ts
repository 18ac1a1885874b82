// The server page's failures panel: the API's answer (GET /v1/servers/{id}/failures) made visible —
// every tool name, finding message and utterance through visible()/visibleName(), each fix in the page's
// language — so the component renders text only.
import type { Lang } from '$lib/i18n';
import type { Answer } from './api';
import { visible, visibleName } from './visible';

type Failures = Answer<'GET /v1/servers/{id}/failures'>;
/** Pairs listed under "predicted, not reported" before "and N more" (the pairs panel above lists the linter's top pairs). */
const SHOWN = 12;

const name = (n: string | null): string | null => (n === null ? null : visibleName(n));
const pair = (tools: [string, string]): [string, string] => [visibleName(tools[0]), visibleName(tools[1])];

/** What the page shows of a server's reported failures. */
export function failuresView(f: Failures, lang: Lang) {
  return {
    publicMinOrganisations: f.publicMinOrganisations,
    belowThreshold: f.belowThreshold,
    confusions: f.confusions.map((c, i) => ({
      key: i,
      toolCalled: name(c.toolCalled),
      expectedTool: name(c.expectedTool),
      kind: c.kind,
      reports: c.reports,
      organisations: c.organisations,
      public: c.public,
      predicted: c.predicted,
      explanations: c.explanations.map((e) => ({ code: e.code, severity: e.severity, tool: name(e.tool), message: visible(e.message) ?? '', fix: e.fix ? (visible(e.fix[lang]) ?? '') : null })),
    })),
    comparison: {
      predictedAndReported: f.comparison.predictedAndReported.map((p) => ({ ...p, tools: pair(p.tools) })),
      reportedNotPredicted: f.comparison.reportedNotPredicted.map((p) => ({ ...p, tools: pair(p.tools) })),
      predictedNotReported: f.comparison.predictedNotReported.slice(0, SHOWN).map((p) => ({ tools: pair(p.tools) })),
    },
    predictedNotReportedMore: Math.max(0, f.comparison.predictedNotReported.length - SHOWN),
    own: f.own && {
      caseCount: f.own.caseCount,
      utterances: f.own.utterances.map((u) => ({ ...u, toolCalled: name(u.toolCalled), expectedTool: name(u.expectedTool), model: visibleName(u.model), utterance: visible(u.utterance) ?? '' })),
    },
  };
}

/** The panel's data. */
export type FailuresView = ReturnType<typeof failuresView>;
