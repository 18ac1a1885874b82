// One frozen catalogue entry (`catalogue/servers/<name>.json`): the package's own facts, how it was
// started, and its `tools/list` exactly as captured in the sandbox (or why it could not be). The schema
// is the one definition the capture writes and the seed reads.
import { z } from 'zod';

export const CATALOGUE_FORMAT = 1 as const;

export const PackageFactsSchema = z.object({
  description: z.string().nullable(),
  license: z.string().nullable(),
  /** A browsable URL of the source repository (git+https and git@ forms normalised), or null. */
  repository: z.string().nullable(),
  homepage: z.string().nullable(),
  keywords: z.array(z.string()),
  /** The package's `engines.node`, when it states one. */
  nodeEngines: z.string().nullable(),
  /** npm's deprecation message of this version, when there is one. */
  deprecated: z.string().nullable(),
});
export type PackageFacts = z.infer<typeof PackageFactsSchema>;

export const EntryStatusSchema = z.enum(['captured', 'needs_credentials', 'failed']);
export type EntryStatus = z.infer<typeof EntryStatusSchema>;

export const CatalogueEntrySchema = z.object({
  formatVersion: z.literal(CATALOGUE_FORMAT),
  package: z.string(),
  version: z.string(),
  capturedAt: z.string(),
  status: EntryStatusSchema,
  /** Why it is not captured: a capture error code (or `no_bin`, `not_a_server`) and its message. */
  failure: z.object({ code: z.string(), message: z.string() }).nullable(),
  facts: PackageFactsSchema,
  /** The bin started and its arguments. */
  bin: z.string().nullable(),
  args: z.array(z.string()),
  /** Variables the server needs to start; the values are toolmark's documented dummies, never real keys. */
  env: z.record(z.string(), z.string()),
  /** Downloads a month in the package list the candidates were chosen from (not the registry's figure). */
  listDownloadsMonth: z.number().int().nonnegative(),
  capture: z
    .object({
      server: z.object({ name: z.string().optional(), version: z.string().optional() }),
      toolCount: z.number().int().nonnegative(),
      /** sha256 of `JSON.stringify({ tools }, null, 2)`, the bytes the distractor sets pin too. */
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
      surfaceHash: z.string(),
      durationMs: z.number().int().nonnegative(),
      node: z.string(),
      sandbox: z.literal(true),
    })
    .nullable(),
  tools: z.array(z.unknown()),
});
export type CatalogueEntry = z.infer<typeof CatalogueEntrySchema>;

/** The bytes whose sha256 an entry pins. */
export const toolsBytes = (tools: unknown[]): string => JSON.stringify({ tools }, null, 2);
