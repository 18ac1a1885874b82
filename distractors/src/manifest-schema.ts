import { z } from 'zod';

/** Set names are folder names: lower-case words joined by dashes (no path separators, no dots). */
export const SetNameSchema = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'set names are lower-case words joined by "-"');

const Sha256HexSchema = z.string().regex(/^[0-9a-f]{64}$/, 'expected 64 lower-case hex digits');
const SurfaceHashSchema = z.string().regex(/^sha256:[0-9a-f]{64}$/, 'expected "sha256:" and 64 hex digits');

export const NodeUsedSchema = z.object({
  /** `process.version` of the binary that ran the server. */
  version: z.string(),
  /** `system` (the Node running the capture) or the registry package that supplied the binary. */
  source: z.string(),
});

/** The per-set `manifest.json` written next to `tools.json`. */
export const SetManifestSchema = z.object({
  name: SetNameSchema,
  kind: z.enum(['distractor', 'reference']),
  status: z.literal('available'),
  package: z.string().min(1),
  version: z.string().min(1),
  captureDate: z.iso.datetime(),
  protocolVersion: z.string().min(1),
  serverInfo: z.object({ name: z.string(), version: z.string() }).loose(),
  toolCount: z.number().int().nonnegative(),
  /** Hex sha256 of the bytes of `tools.json`. */
  sha256: Sha256HexSchema,
  /** `surfaceHash` from `@toolmark/benchmarks` of the parsed `tools.json`. */
  surfaceHash: SurfaceHashSchema,
  node: NodeUsedSchema,
  /** Arguments passed after the bin path (`<tmpdir>` stands for a fresh empty directory). */
  args: z.array(z.string()),
  /** Names of the environment variables the server was started with; values are never stored. */
  env: z.array(z.string()),
  /** The MCP SDK client that captured the set. */
  client: z.object({ package: z.string(), version: z.string() }),
  /** Installed versions of the package's direct dependencies (they generate much of the schema text). */
  dependencies: z.record(z.string(), z.string()),
  /** JSON paths present on the wire that the SDK's `listTools` result no longer has. */
  sdkDroppedPaths: z.array(z.string()),
  notes: z.string().optional(),
});
export type SetManifest = z.infer<typeof SetManifestSchema>;

/** One available set or reference surface in the top-level index. */
export const AvailableEntrySchema = z.object({
  name: SetNameSchema,
  status: z.literal('available'),
  /** Folder of the set relative to the distractors directory, e.g. `memory` or `reference/everything`. */
  path: z.string().regex(/^(?:reference\/)?[a-z0-9]+(?:-[a-z0-9]+)*$/),
  package: z.string().min(1),
  version: z.string().min(1),
  toolCount: z.number().int().nonnegative(),
  sha256: Sha256HexSchema,
  surfaceHash: SurfaceHashSchema,
});
export type AvailableEntry = z.infer<typeof AvailableEntrySchema>;

/** A set named by the spec whose package cannot be obtained. */
export const UnavailableEntrySchema = z.object({
  name: SetNameSchema,
  status: z.literal('unavailable'),
  reason: z.string().min(1),
});
export type UnavailableEntry = z.infer<typeof UnavailableEntrySchema>;

export const SetEntrySchema = z.discriminatedUnion('status', [AvailableEntrySchema, UnavailableEntrySchema]);
export type SetEntry = z.infer<typeof SetEntrySchema>;

/** The top-level `distractors/manifest.json`. */
export const IndexSchema = z.object({
  formatVersion: z.literal(1),
  sets: z.array(SetEntrySchema),
  references: z.array(AvailableEntrySchema),
});
export type Index = z.infer<typeof IndexSchema>;
