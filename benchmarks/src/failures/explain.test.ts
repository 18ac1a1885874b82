import { describe, expect, it } from 'vitest';
import { failureDedupeKey, failureShapeProblem, isPublicConfusion, type FailureConfusion } from '../contracts/failures.js';
import { lintSurface } from '../lint.js';
import { ruleSets } from '../rules/registry.js';
import { parseSurfaceValue } from '../surface/parse.js';
import { compareConfusions, explainConfusions, predictedPairs } from './explain.js';

// Two tools that say the same thing (the linter pairs them) and one apart; search_notes has no usage context.
const surface = parseSurfaceValue({
  tools: [
    { name: 'search_notes', description: 'Searches the notes of the workspace by keyword and returns matching notes.', inputSchema: { type: 'object', properties: { query: { type: 'string' } } } },
    { name: 'find_notes', description: 'Searches the notes of the workspace by keyword and returns the matching notes.', inputSchema: { type: 'object', properties: { query: { type: 'string' } } } },
    {
      name: 'delete_calendar_event',
      description: 'Deletes one calendar event by id. Use it when the user cancels a meeting; it cannot be undone.',
      inputSchema: { type: 'object', properties: { id: { type: 'string', description: 'Event id, e.g. evt_12.' } }, required: ['id'], additionalProperties: false },
      annotations: { destructiveHint: true },
    },
  ],
});
const confusion = (c: Partial<FailureConfusion>): FailureConfusion => ({ toolCalled: null, expectedTool: null, kind: 'wrong_tool', reports: 1, organisations: 1, public: false, ...c });

describe('the failure knowledge base, pure part', () => {
  it('each kind names the tools it must: wrong_tool two different ones, no call none called, a call when none fitted no expected tool', () => {
    expect(failureShapeProblem({ kind: 'wrong_tool', toolCalled: 'a', expectedTool: 'b' })).toBeNull();
    expect(failureShapeProblem({ kind: 'wrong_tool', toolCalled: 'a', expectedTool: 'a' })?.field).toBe('expectedTool');
    expect(failureShapeProblem({ kind: 'wrong_tool', toolCalled: null, expectedTool: 'a' })?.field).toBe('toolCalled');
    expect(failureShapeProblem({ kind: 'no_call_when_one_fitted', toolCalled: 'a', expectedTool: 'b' })?.field).toBe('toolCalled');
    expect(failureShapeProblem({ kind: 'no_call_when_one_fitted', toolCalled: null, expectedTool: 'b' })).toBeNull();
    expect(failureShapeProblem({ kind: 'call_when_none_fitted', toolCalled: 'a', expectedTool: 'b' })?.field).toBe('expectedTool');
    expect(failureShapeProblem({ kind: 'bad_arguments', toolCalled: 'a', expectedTool: 'b' })?.field).toBe('expectedTool');
    expect(failureShapeProblem({ kind: 'bad_arguments', toolCalled: 'a', expectedTool: null })).toBeNull();
  });

  it('the dedupe key tells servers, tools and kinds apart and nothing else; three organisations make a confusion public', () => {
    const base = { serverId: 's', surfaceHash: 'h', toolCalled: 'a', expectedTool: 'b', kind: 'wrong_tool' as const };
    expect(failureDedupeKey(base)).toBe(failureDedupeKey({ ...base, surfaceHash: 'other' }));
    for (const change of [{ serverId: 't' }, { toolCalled: 'c' }, { expectedTool: null }, { kind: 'bad_arguments' as const }]) {
      expect(failureDedupeKey({ ...base, ...change })).not.toBe(failureDedupeKey(base));
    }
    expect(failureDedupeKey({ ...base, serverId: null })).not.toBe(failureDedupeKey({ ...base, serverId: null, surfaceHash: 'other' }));
    expect([2, 3, 4].map(isPublicConfusion)).toEqual([false, true, true]);
  });

  it('a wrong tool between a pair the linter found is predicted and explained by its confusable_pair finding with the fix', async () => {
    const lint = await lintSurface(surface);
    expect(predictedPairs(lint)).toContainEqual(['find_notes', 'search_notes']);
    const [explained] = explainConfusions([confusion({ toolCalled: 'search_notes', expectedTool: 'find_notes' })], lint, ruleSets.v2.findings);
    expect(explained!.predicted).toBe(true);
    const pair = explained!.explanations.find((e) => e.code === 'confusable_pair');
    expect(pair?.tool).toBeNull();
    expect(pair?.fix?.en).toBe(ruleSets.v2.findings.find((d) => d.code === 'confusable_pair')!.fix.en);
    expect(explained!.explanations.some((e) => e.code === 'no_usage_context' && e.tool === 'search_notes')).toBe(true);
  });

  it('compares predicted and reported pairs both ways, a pair reported in either direction counting once', async () => {
    const lint = await lintSurface(surface);
    const none = compareConfusions(lint, []);
    expect(none.predictedAndReported).toEqual([]);
    expect(none.predictedNotReported.map((p) => p.tools)).toContainEqual(['find_notes', 'search_notes']);
    const c = compareConfusions(lint, [
      confusion({ toolCalled: 'search_notes', expectedTool: 'find_notes', reports: 4, organisations: 3 }),
      confusion({ toolCalled: 'find_notes', expectedTool: 'search_notes', reports: 2, organisations: 3 }),
      confusion({ toolCalled: 'delete_calendar_event', expectedTool: 'find_notes', reports: 5, organisations: 4 }),
      confusion({ kind: 'bad_arguments', toolCalled: 'find_notes', reports: 9, organisations: 9 }),
    ]);
    expect(c.predictedAndReported).toEqual([{ tools: ['find_notes', 'search_notes'], reports: 6, organisations: 3 }]);
    expect(c.reportedNotPredicted).toEqual([{ tools: ['delete_calendar_event', 'find_notes'], reports: 5, organisations: 4 }]);
    expect(c.predictedNotReported.map((p) => p.tools)).not.toContainEqual(['find_notes', 'search_notes']);
    // Without a lint result nothing is predicted or explained.
    const [bare] = explainConfusions([confusion({ toolCalled: 'a', expectedTool: 'b' })], null, ruleSets.v2.findings);
    expect(bare).toMatchObject({ predicted: false, explanations: [] });
  });
});
