import type { CategoryId, CategoryScore, Finding, LintResult, ToolResult } from '../contracts/lint-result.js';

/** Category scores adding up to `score` (for hand-built results in tests). */
function categories(score: number): Record<CategoryId, CategoryScore> {
  const max: Record<CategoryId, number> = { purpose: 20, usage: 20, parameters: 25, returns: 15, constraints: 10, examples: 10 };
  let left = score;
  const out = {} as Record<CategoryId, CategoryScore>;
  for (const id of Object.keys(max) as CategoryId[]) {
    const points = Math.min(left, max[id]);
    left -= points;
    out[id] = { points, max: max[id], notes: [] };
  }
  return out;
}

/** One hand-built tool card for tests. */
export function sampleTool(name: string, score: number, findings: Omit<Finding, 'tool'>[] = []): ToolResult {
  return {
    name,
    hash: `sha256:${'ab'.repeat(32)}`,
    score,
    band: score >= 70 ? 'sunny' : score >= 40 ? 'cloudy' : 'rain',
    categories: categories(score),
    findings: findings.map((f) => ({ ...f, tool: name })),
    confusableWith: [],
    tokens: 120,
    language: 'en',
  };
}

/** A hand-built lint result for the renderers' tests: three tools, one per band, server-wide findings, pairs. */
export function sampleResult(): LintResult {
  const tools = [
    sampleTool('list_users', 84, [
      { code: 'no_return_info', severity: 'minor', message: 'nothing says what comes back', fields: ['description'], data: {} },
    ]),
    sampleTool('search_users', 55, [
      {
        code: 'no_usage_context',
        severity: 'required',
        message: 'nothing about when to use or not use this tool',
        fields: ['description'],
        data: {},
      },
      { code: 'loose_string_param', severity: 'minor', message: 'string parameters with neither constraint nor example: query', fields: ['inputSchema.properties.query'], data: { names: ['query'] } },
    ]),
    sampleTool('delete_user', 20, [
      { code: 'too_short', severity: 'required', message: 'description is too short (3 words)', fields: ['description'], data: { words: 3 } },
      {
        code: 'destructive_unmarked',
        severity: 'required',
        message: 'looks destructive but destructiveHint is not true',
        fields: ['annotations.destructiveHint'],
        data: {},
      },
    ]),
  ];
  const first = tools[0];
  const second = tools[1];
  if (first && second) {
    first.confusableWith = ['search_users'];
    second.confusableWith = ['list_users'];
  }
  return {
    schemaVersion: 1,
    rules: { id: 'v1', hash: `sha256:${'0123456789abcdef'.repeat(4)}` },
    surface: { hash: `sha256:${'fedcba9876543210'.repeat(4)}`, toolCount: tools.length },
    score: 53,
    band: 'cloudy',
    tokens: { total: 360, tokenizer: 'o200k_base' },
    counts: { critical: 1, required: 4, minor: 2 },
    findings: [
      {
        code: 'identical_description',
        severity: 'critical',
        message: 'these tools share exactly the same description: list_users, search_users',
        fields: ['description'],
        data: { names: ['list_users', 'search_users'] },
      },
      { code: 'confusable_pair', severity: 'required', message: 'list_users and search_users are easy to confuse', fields: [], data: {} },
    ],
    confusablePairs: {
      total: 1,
      top: [{ tools: ['list_users', 'search_users'], similarity: 0.8123, descriptionSimilarity: 0.9, nameSimilarity: 0.6 }],
    },
    tools,
  };
}
