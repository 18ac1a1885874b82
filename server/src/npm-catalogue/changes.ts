// What changed between two captures of one server: new tools, removed tools, changed descriptions or input
// schemas: the basis of drift and rug-pull alerts (a tool whose description changes after people approved it).

export interface SurfaceChanges {
  added: string[];
  removed: string[];
  /** Tools whose description changed. */
  described: string[];
  /** Tools whose input schema changed. */
  schema: string[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function byName(tools: unknown[]): Map<string, Record<string, unknown>> {
  const map = new Map<string, Record<string, unknown>>();
  for (const t of tools) if (isRecord(t) && typeof t.name === 'string') map.set(t.name, t);
  return map;
}

export function surfaceChanges(before: unknown[], after: unknown[]): SurfaceChanges {
  const a = byName(before);
  const b = byName(after);
  const changes: SurfaceChanges = { added: [], removed: [], described: [], schema: [] };
  for (const name of b.keys()) if (!a.has(name)) changes.added.push(name);
  for (const [name, old] of a) {
    const now = b.get(name);
    if (now === undefined) {
      changes.removed.push(name);
      continue;
    }
    if (old.description !== now.description) changes.described.push(name);
    if (JSON.stringify(old.inputSchema) !== JSON.stringify(now.inputSchema)) changes.schema.push(name);
  }
  return changes;
}

export const isUnchanged = (c: SurfaceChanges): boolean => c.added.length + c.removed.length + c.described.length + c.schema.length === 0;
