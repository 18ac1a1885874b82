import type { TurnSettings } from '../contracts/provider.js';
import { canonicalJson } from '../surface/canonical.js';
import { sha256Hex, type Sha256Hex } from '../surface/hash.js';

/** What identifies one model answer for reuse. */
export interface CacheKeyInput {
  /** The provider's non-secret fingerprint (provider id, endpoint base URL with its path, adapter options). */
  providerFingerprint: string;
  model: string;
  /** Hash of everything shown (server + distractors), see `RunPlan.hashes.shown`. */
  surfaceHash: string;
  utterance: string;
  settings: TurnSettings;
  /** Hash of the system text. */
  systemHash: string;
  /** The run seed and whether the order is permuted. */
  seed: number;
  permute: boolean;
  /**
   * The tool names in the order this trial shows them. The order is derived from the seed, the case and the
   * repeat index, so two cases with the same utterance see different orders: the order itself is the key,
   * not the way it was derived.
   */
  toolOrder: readonly string[];
  /** The repeat index: repeats stay independent answers, never one cached answer counted N times. */
  repeatIndex: number;
}

/** The version of the key: 3 since answers are classified (a version-2 entry may hold a gateway's `{}` stored as an answer). */
export const CACHE_KEY_VERSION = 3;

/**
 * The cache key of a trial: sha256 of the canonical JSON of its inputs, versioned so a change of the key's
 * shape or of what may be stored never reuses old entries. Only model answers and truncations are stored,
 * never provider errors (the runner's rule).
 */
export function cacheKey(input: CacheKeyInput, hash: Sha256Hex = sha256Hex): string {
  return `tmc${CACHE_KEY_VERSION}:${hash(canonicalJson({ v: CACHE_KEY_VERSION, ...input, toolOrder: [...input.toolOrder] }))}`;
}
