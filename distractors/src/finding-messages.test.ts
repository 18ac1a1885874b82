import { describe, expect, it } from 'vitest';
import { hasPlaceholder, lintSurface, parseSurfaceValue, renderFindingMessage, ruleSets, type Finding, type RuleSetId } from '@toolmark/benchmarks';
import { listDistractorSets, listReferenceSurfaces, loadDistractorSet, loadReferenceSurface } from './index.js';
import { CRAFTED } from './finding-messages.fixtures.js';

// Every finding code of every registered rule set, rendered in English and Japanese from its templates
// (rules/<id>/docs/messages.ts) and the data of real lint output: the distractor sets, the reference
// servers, and crafted surfaces for the codes those never trigger. No placeholder may be left (a template
// asking for a fact the finding does not carry), and the Japanese is Japanese.
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

const surfaces = [
  ...listDistractorSets()
    .filter((e) => e.status === 'available')
    .map((e) => ({ name: e.name, surface: loadDistractorSet(e.name).surface })),
  ...listReferenceSurfaces().map((e) => ({ name: e.name, surface: loadReferenceSurface(e.name).surface })),
  ...CRAFTED.map((c) => ({ name: `crafted ${c.name}`, surface: parseSurfaceValue({ tools: c.tools }) })),
];

async function findingsOf(id: RuleSetId): Promise<{ finding: Finding; where: string }[]> {
  const out: { finding: Finding; where: string }[] = [];
  for (const { name, surface } of surfaces) {
    const result = await lintSurface(surface, id);
    for (const f of result.findings) out.push({ finding: f, where: name });
    for (const t of result.tools) for (const f of t.findings) out.push({ finding: f, where: `${name} / ${t.name}` });
  }
  return out;
}

describe.each(Object.keys(ruleSets) as RuleSetId[])('finding messages of rules %s', (id) => {
  it('render every code in both languages from real findings: no placeholder left, Japanese in Japanese', async () => {
    const docs = new Map(ruleSets[id].findings.map((d) => [d.code, d]));
    const found = await findingsOf(id);
    const seen = new Set(found.map((f) => f.finding.code));
    expect([...docs.keys()].filter((code) => !seen.has(code)), 'codes no surface triggered').toEqual([]);
    const problems: string[] = [];
    for (const { finding, where } of found) {
      for (const lang of ['en', 'ja'] as const) {
        const rendered = renderFindingMessage(docs.get(finding.code)?.messages, finding, lang);
        if (!rendered) problems.push(`${where}: ${finding.code} has no template (${lang})`);
        else if (hasPlaceholder(rendered.text)) problems.push(`${where}: ${rendered.id} (${lang}) left a placeholder: ${rendered.text}`);
        else if (lang === 'ja' && !JAPANESE.test(rendered.text)) problems.push(`${where}: ${rendered.id} (ja) is not Japanese: ${rendered.text}`);
        else if (lang === 'en' && JAPANESE.test(rendered.text.replace(/[^\x20-\x7e]/g, '')) ) problems.push(`${where}: ${rendered.id} (en) is not English`);
      }
    }
    expect(problems).toEqual([]);
  });
});
