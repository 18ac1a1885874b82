import type { z } from 'zod';
import type { SaveGateSchema } from '@toolmark/benchmarks/api';
import { compareLint, DEFAULT_GATE, isRuleSetId, regressions, ruleSets, type GatePolicy, type LintResult, type Severity } from '@toolmark/benchmarks';
import { latestVersionRef, versionLint, type VersionRef } from '@toolmark/db';
import type { PipelineDeps } from './deps.js';

/** `gate` of a save with `?baseline=latest` (the contract's SaveGateSchema). */
export type SaveGate = z.output<typeof SaveGateSchema>;

/** The gate query of `POST /v1/servers/{id}/lint` (validated by the contract). */
export interface GateQuery {
  maxDrop?: number | undefined;
  failOn?: Severity | 'none' | undefined;
  failOnBandDrop?: 'true' | 'false' | undefined;
  failOnSecurity?: 'true' | 'false' | undefined;
}

/** The policy from the query, with the CLI's defaults (DEFAULT_GATE, the one definition). */
export function gatePolicyOf(query: GateQuery): GatePolicy {
  return {
    maxDrop: query.maxDrop ?? DEFAULT_GATE.maxDrop,
    bandDrop: query.failOnBandDrop === undefined ? DEFAULT_GATE.bandDrop : query.failOnBandDrop === 'true',
    failOn: query.failOn ?? DEFAULT_GATE.failOn,
    security: query.failOnSecurity === undefined ? DEFAULT_GATE.security : query.failOnSecurity === 'true',
  };
}

/** The server's latest version before a save: read first, so the save cannot become its own baseline. */
export function gateBaselineRef(deps: Pick<PipelineDeps, 'db'>, serverId: string): Promise<VersionRef | undefined> {
  return latestVersionRef(deps.db, serverId);
}

/**
 * Compare a save with the version that was the server's latest before it, scored under the same rules
 * (id and hash: scores of different rules do not compare), under the policy — the same comparison and
 * regressions as `toolmark lint --baseline` (compareLint, regressions).
 */
export async function saveGate(deps: Pick<PipelineDeps, 'db'>, before: VersionRef | undefined, result: LintResult, policy: GatePolicy): Promise<SaveGate> {
  const none = (reason: string): SaveGate => ({ baseline: null, reason, policy, passed: true, regressions: [], comparison: null });
  if (before === undefined) return none('the server had no saved version before this save: nothing to compare with');
  const stored = await versionLint(deps.db, before.id, result.rules.id, result.rules.hash);
  const baseline = { id: before.id, seq: before.seq, label: before.label, surfaceHash: before.surfaceHash };
  if (!stored) return { ...none(`version ${before.seq} has no score under rules ${result.rules.id} (${result.rules.hash}) yet: scores of different rules do not compare`), baseline };
  const codes = isRuleSetId(result.rules.id) ? ruleSets[result.rules.id].securityCodes : new Set<string>();
  const comparison = compareLint(stored.result, result, codes);
  const found = regressions(comparison, policy);
  return { baseline, reason: null, policy, passed: found.length === 0, regressions: found, comparison };
}
