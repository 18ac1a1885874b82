import { listDistractorSets, loadDistractorSet } from '@toolmark/distractors';
import type { DistractorInput } from '@toolmark/benchmarks';

/** The names of the distractor sets that can be loaded (captured and frozen). */
export function availableDistractorSets(): string[] {
  return listDistractorSets()
    .filter((s) => s.status === 'available')
    .map((s) => s.name);
}

/** Load and verify (sha256 against the manifest) each named set; throws DistractorSetError naming the set. */
export function loadDistractors(names: readonly string[]): DistractorInput[] {
  return names.map((name) => {
    const set = loadDistractorSet(name);
    return { name, hash: `sha256:${set.manifest.sha256}`, surface: set.surface };
  });
}
