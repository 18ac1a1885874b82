import { z } from 'zod';
import type { Surface } from '../contracts/tool.js';
import { canonicalTool } from '../surface/canonical.js';
import { sha256Hex, surfaceHashes, type Sha256Hex } from '../surface/hash.js';

// Security-review pinning (`toolmark lint --pin <file>`): a reviewer reads a server's tools once and pins
// what they read — the surface hash, each tool's hash and the tool as the model sees it (the canonical
// fields that the hashes cover: name, title, description, input and output schemas, annotations). A later
// lint compares the live tools with the pin and fails when any tool changed, naming each and showing what
// changed as text, so a "rug pull" (a reviewed tool rewritten later to carry instructions) cannot pass
// unseen. The pin file is meant to be committed beside the code that uses the server: it has no clock in
// it, and the same tools always write the same bytes.

/** The pin file's format id: a later format gets a new id, and this one stays readable. */
export const PIN_FORMAT = 'toolmark-pin/1';

/** One reviewed tool: its hash and its canonical definition (what the hash is computed over). */
const PinnedToolSchema = z.object({
  name: z.string().min(1),
  hash: z.string().regex(/^sha256:[0-9a-f]{64}$/, 'a tool hash is sha256:<64 hex digits>'),
  definition: z.record(z.string(), z.unknown()),
});

/** A pin file as `toolmark lint --pin` writes it. */
export const PinSchema = z.object({
  format: z.literal(PIN_FORMAT),
  surfaceHash: z.string().regex(/^sha256:[0-9a-f]{64}$/, 'a surface hash is sha256:<64 hex digits>'),
  tools: z.array(PinnedToolSchema),
});
/** A pin: the reviewed surface. */
export type Pin = z.infer<typeof PinSchema>;

/** How a tool differs from the pin: changed (same name, other content), added or removed. */
export interface PinChange {
  name: string;
  kind: 'changed' | 'added' | 'removed';
  /** The tool as reviewed (review text), absent for an added tool. */
  before?: string;
  /** The tool now (review text), absent for a removed tool. */
  after?: string;
}

/** The live surface against a pin: `changes` is empty exactly when the surface hash is the pinned one. */
export interface PinCheck {
  pinnedHash: string;
  currentHash: string;
  /** Every tool that differs, sorted by name. */
  changes: PinChange[];
  /** Tools that are as reviewed. */
  unchanged: number;
}

const byName = (a: { name: string }, b: { name: string }): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** The pin of a surface: its hash, and each tool's hash and canonical definition, sorted by name. */
export function makePin(surface: Surface, hash: Sha256Hex = sha256Hex): Pin {
  const hashes = surfaceHashes(surface, hash);
  const tools = surface.tools.map((tool, i) => ({ name: tool.name, hash: hashes.tools[i]!, definition: canonicalTool(tool) })).sort(byName);
  return { format: PIN_FORMAT, surfaceHash: hashes.surface, tools };
}

/** The pin file's text: two-space JSON with a final newline, so a reviewer's diff of the file reads line by line. */
export function pinJson(pin: Pin): string {
  return `${JSON.stringify(pin, null, 2)}\n`;
}

/**
 * A tool as a reviewer reads it, for text diffs: the description's own lines first (a changed sentence shows
 * as that line), then every other field as two-space JSON in canonical key order.
 */
export function reviewText(definition: Record<string, unknown>): string {
  const { description, ...rest } = definition;
  const lines = [`name: ${String(rest['name'] ?? '')}`, 'description:'];
  lines.push(...(typeof description === 'string' ? description.split('\n').map((line) => `  ${line}`) : ['  (none)']));
  lines.push(...JSON.stringify(rest, null, 2).split('\n'));
  return `${lines.join('\n')}\n`;
}

/** Compare a surface with a pin (tools matched by name). */
export function checkPin(pin: Pin, surface: Surface, hash: Sha256Hex = sha256Hex): PinCheck {
  const now = makePin(surface, hash);
  const pinned = new Map(pin.tools.map((t) => [t.name, t]));
  const current = new Map(now.tools.map((t) => [t.name, t]));
  const changes: PinChange[] = [];
  let unchanged = 0;
  for (const tool of now.tools) {
    const old = pinned.get(tool.name);
    if (old === undefined) changes.push({ name: tool.name, kind: 'added', after: reviewText(tool.definition) });
    else if (old.hash !== tool.hash) changes.push({ name: tool.name, kind: 'changed', before: reviewText(old.definition), after: reviewText(tool.definition) });
    else unchanged++;
  }
  for (const old of pin.tools) if (!current.has(old.name)) changes.push({ name: old.name, kind: 'removed', before: reviewText(old.definition) });
  return { pinnedHash: pin.surfaceHash, currentHash: now.surfaceHash, changes: changes.sort(byName), unchanged };
}
