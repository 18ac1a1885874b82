// The surfaces `npm run bench:lint` and its instruction count lint, in order: every available distractor set,
// the reference surfaces, the labelled corpus surfaces that are not the same bytes as one of those, and a
// seeded synthetic 200-tool surface. Each as its JSON text (every lint parses it afresh).
import { listDistractorSets, listReferenceSurfaces, loadDistractorSet, loadReferenceSurface } from '@toolmark/distractors';
import { loadCorpus } from '@toolmark/distractors/corpus';
import { syntheticSurface } from './synthetic.js';

export function lintBenchSurfaces(): [name: string, text: string][] {
  const surfaces: [string, string][] = [];
  for (const entry of listDistractorSets()) {
    if (entry.status !== 'available') continue;
    surfaces.push([entry.name, JSON.stringify(loadDistractorSet(entry.name).surface)]);
  }
  for (const entry of listReferenceSurfaces()) surfaces.push([`reference/${entry.name}`, JSON.stringify(loadReferenceSurface(entry.name).surface)]);
  // The corpus surfaces that are not the same bytes as a distractor or reference surface (its README says which are).
  const seen = new Set(surfaces.map(([, text]) => text));
  for (const s of loadCorpus()) {
    const text = JSON.stringify(s.surface);
    if (!seen.has(text)) surfaces.push([`corpus/${s.manifest.name}`, text]);
  }
  surfaces.push(['synthetic-200', JSON.stringify(syntheticSurface(200))]);
  return surfaces;
}
