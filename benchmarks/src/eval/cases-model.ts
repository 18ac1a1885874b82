import { z } from 'zod';
import { CaseKindSchema, CaseLanguageSchema, type CaseLanguage, type EvalCase } from '../contracts/eval.js';
import type { ShownTool, TurnRequest, TurnSettings } from '../contracts/provider.js';
import { CASE_DEFAULTS, type CaseShortfall } from './cases-offline.js';
import { EvalError } from './errors.js';
import { renderTurnRequest } from './render.js';

/** The system text of a generation request. */
export const GENERATOR_SYSTEM =
  'You write test utterances for a tool-routing benchmark. Reply with one JSON object and nothing else. Never call a tool.';

/** Options of {@link buildGeneratorRequest}. */
export interface GeneratorRequestOptions {
  model: string;
  tools: readonly ShownTool[];
  languages?: readonly CaseLanguage[];
  perTool?: number;
  perPairTool?: number;
  noCallShare?: number;
  /** Confusable pairs from the lint result (see confusablePairsOf). */
  confusablePairs?: readonly (readonly [string, string])[];
  settings?: Partial<TurnSettings>;
}

/**
 * The request asking a generator model for cases: the tools' names, descriptions and input schemas in the
 * utterance (as data, not as callable tools — the model must not call them), rendered by the one
 * renderer. The runner sends it through any provider and passes the reply text to {@link parseGeneratorReply}.
 */
export function buildGeneratorRequest(o: GeneratorRequestOptions): TurnRequest {
  const perTool = o.perTool ?? CASE_DEFAULTS.perTool;
  const perPair = o.perPairTool ?? CASE_DEFAULTS.perPairTool;
  const languages = o.languages ?? ['en'];
  const noCall = Math.max(1, Math.round(o.tools.length * perTool * (o.noCallShare ?? CASE_DEFAULTS.noCallShare)));
  const pairs = o.confusablePairs ?? [];
  const lines = [
    `For each language in ${JSON.stringify(languages)}, write:`,
    `- "tool-directed": ${perTool} utterances per tool that a user would say when exactly that tool should be called. Vary wording; do not quote the tool name.`,
    ...(pairs.length > 0
      ? [`- "confusable": for each pair below, ${perPair} utterances for each of the two tools that only that tool answers (set "expected" to it). Pairs: ${JSON.stringify(pairs)}`]
      : []),
    `- "no-call": ${noCall} utterances that none of the tools should answer (ordinary questions or chat), with "expected": null.`,
    'Use only the tool names listed. Reply exactly as:',
    '{"cases":[{"kind":"tool-directed"|"confusable"|"no-call","language":"en"|"ja","expected":"<tool name>"|null,"utterance":"..."}]}',
    '',
    'Tools:',
    JSON.stringify(o.tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema }))),
  ];
  return renderTurnRequest({
    model: o.model,
    system: GENERATOR_SYSTEM,
    utterance: lines.join('\n'),
    tools: [],
    settings: { maxOutputTokens: 16_000, temperature: 0.7, ...o.settings },
  });
}

/** One generated case as the model writes it. */
export const GeneratedCaseSchema = z.object({
  kind: CaseKindSchema.exclude(['task']),
  language: CaseLanguageSchema,
  expected: z.string().min(1).nullable(),
  utterance: z.string().trim().min(1).max(2_000),
});

/** What {@link parseGeneratorReply} kept and dropped. */
export interface GeneratorReply {
  cases: EvalCase[];
  dropped: { unknownTool: number; invalid: number; duplicate: number };
  /** Names the model invented (not on the surface), each once. */
  unknownTools: string[];
}

/** The first JSON object in a reply: the whole text, a fenced block, or the outermost braces. */
function extractJson(text: string): unknown {
  const candidates = [text.trim()];
  const fence = /```(?:json)?\s*([\s\S]*?)```/i.exec(text);
  if (fence) candidates.push(fence[1]!.trim());
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start >= 0 && end > start) candidates.push(text.slice(start, end + 1));
  for (const c of candidates) {
    try {
      return JSON.parse(c);
    } catch {
      // next candidate
    }
  }
  throw new EvalError('invalid_generator_reply', 'the generator reply holds no JSON object');
}

/**
 * Validate a generator model's reply with zod. Items that do not fit the schema are dropped and
 * counted (`invalid`), as are cases naming a tool that does not exist (`unknownTool`) and repeated
 * utterances (`duplicate`). A no-call kind with a tool, or a tool kind without one, is invalid. Ids are
 * stable: `gen:<kind>:<tool|none>:<language>:<n>`.
 */
export function parseGeneratorReply(text: string, toolNames: readonly string[]): GeneratorReply {
  const value = extractJson(text);
  const top = z.object({ cases: z.array(z.unknown()) }).safeParse(value);
  if (!top.success) throw new EvalError('invalid_generator_reply', 'the generator reply has no "cases" array', { path: 'cases' });
  const names = new Set(toolNames);
  const dropped = { unknownTool: 0, invalid: 0, duplicate: 0 };
  const unknown = new Set<string>();
  const seen = new Set<string>();
  const counters = new Map<string, number>();
  const cases: EvalCase[] = [];
  for (const item of top.data.cases) {
    const r = GeneratedCaseSchema.safeParse(item);
    if (!r.success || (r.data.kind === 'no-call') !== (r.data.expected === null)) {
      dropped.invalid++;
      continue;
    }
    const g = r.data;
    if (g.expected !== null && !names.has(g.expected)) {
      dropped.unknownTool++;
      unknown.add(g.expected);
      continue;
    }
    const key = `${g.language}\u0000${g.utterance}`;
    if (seen.has(key)) {
      dropped.duplicate++;
      continue;
    }
    seen.add(key);
    const prefix = `gen:${g.kind}:${g.expected ?? 'none'}:${g.language}`;
    const n = (counters.get(prefix) ?? 0) + 1;
    counters.set(prefix, n);
    cases.push({ id: `${prefix}:${n}`, kind: g.kind, language: g.language, source: 'model', utterance: g.utterance, expected: g.expected });
  }
  return { cases, dropped, unknownTools: [...unknown].sort() };
}

/**
 * At most `perTool` tool-directed cases per tool and language from a generator's reply (extra ones are
 * dropped, the first kept), and the tools the model wrote fewer for, with how many (the caller warns:
 * the reply is paid for, and the report's counts show the gap). Other kinds pass through.
 */
export function fitCasesPerTool(cases: readonly EvalCase[], toolNames: readonly string[], languages: readonly CaseLanguage[], perTool: number): { cases: EvalCase[]; shortfalls: CaseShortfall[] } {
  const kept = new Map<string, number>();
  const out = cases.filter((c) => {
    if (c.kind !== 'tool-directed' || c.expected === null) return true;
    const key = `${c.expected}\u0000${c.language}`;
    const n = kept.get(key) ?? 0;
    kept.set(key, n + 1);
    return n < perTool;
  });
  const shortfalls: CaseShortfall[] = [];
  for (const language of languages) for (const tool of toolNames) {
    const n = kept.get(`${tool}\u0000${language}`) ?? 0;
    if (n < perTool) shortfalls.push({ tool, language, asked: perTool, possible: n });
  }
  return { cases: out, shortfalls };
}
