// A deterministic synthetic surface for benchmarks: many tools with long descriptions and large schemas.
// Seeded (mulberry32), so every run measures the same input.

/** mulberry32: a tiny seeded PRNG. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const VERBS = ['Read', 'List', 'Create', 'Update', 'Delete', 'Search', 'Fetch', 'Export', 'Import', 'Archive', 'Summarize', 'Validate'];
const NOUNS = ['issue', 'page', 'file', 'record', 'comment', 'user', 'project', 'invoice', 'ticket', 'dataset', 'report', 'label', 'webhook', 'snapshot'];
const FILLER =
  'the workspace returns results sorted by relevance with pagination cursors limited to one hundred entries per call requires read access and respects rate limits of the upstream service when the user asks about recent activity or wants details about a specific item do not use it for bulk exports use the export tool instead for example a query like status open assigned to me'.split(
    ' ',
  );

/** A surface of `count` tools, descriptions of about `words` words, `params` parameters each with nested objects. */
export function syntheticSurface(count = 200, words = 260, params = 12, seed = 42): { tools: Record<string, unknown>[] } {
  const rnd = seeded(seed);
  const pick = <T>(xs: T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const tools = [];
  for (let i = 0; i < count; i++) {
    const verb = pick(VERBS);
    const noun = pick(NOUNS);
    const text = [`${verb}s a ${noun} in the workspace.`];
    for (let w = 0; w < words; w++) text.push(pick(FILLER));
    const properties: Record<string, unknown> = {};
    for (let p = 0; p < params; p++) {
      properties[`${pick(NOUNS)}_${p}`] =
        p % 3 === 0
          ? {
              type: 'object',
              description: `Nested ${pick(NOUNS)} filter with several fields`,
              properties: Object.fromEntries(
                Array.from({ length: 4 }, (_, k) => [`field_${k}`, { type: 'string', description: `Field ${k} of the filter, e.g. "${pick(NOUNS)}"`, maxLength: 200 }]),
              ),
            }
          : p % 3 === 1
            ? { type: 'string', description: `The ${pick(NOUNS)} id`, pattern: '^[a-z0-9-]+$' }
            : { type: 'boolean', description: 'If true, include archived items' };
    }
    tools.push({
      name: `${verb.toLowerCase()}_${noun}_${i}`,
      description: text.join(' '),
      inputSchema: { type: 'object', properties, required: Object.keys(properties).slice(0, 2), additionalProperties: false },
      annotations: { readOnlyHint: verb === 'Read' || verb === 'List' || verb === 'Search' },
    });
  }
  return { tools };
}
