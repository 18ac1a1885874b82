import { describe, expect, it } from 'vitest';
import { parseSurfaceValue } from '../../surface/parse.js';
import { loadTokenCounter } from '../../text/tokens.js';
import { rulesV1 } from '../v1/index.js';
import { rulesV2 } from './index.js';
import { DOCKER_NOTE, RESOURCES, templateSurface, TRUE_PAIRS } from './test/template-surface.js';

// Issue 12 on a crafted template-heavy surface of 133 tools (CRUD over 24 resources with one template
// per operation, a Docker note on every tool, true pairs and look-alikes of known kinds).

const lint = async (rules: typeof rulesV1, tools = templateSurface()) => rules.lint(parseSurfaceValue({ tools }), { countTokens: await loadTokenCounter() });
const pairKeys = (pairs: { tools: readonly string[] }[]) => pairs.map((p) => p.tools.join(' & '));

describe('confusable pairs on a template-heavy 133-tool surface', () => {
  it('v1 reports the noise the issue describes: thousands of pairs, dozens per tool card', async () => {
    const v1 = await lint(rulesV1);
    expect(v1.surface.toolCount).toBe(133);
    expect(v1.confusablePairs.total).toBeGreaterThan(1000);
    expect(v1.tools.reduce((s, t) => s + t.confusableWith.length, 0) / v1.tools.length).toBeGreaterThan(15);
  });

  it('v2 reports exactly the true pairs, each with its kind, and no template twin, opposite or HTTP verb', async () => {
    const v2 = await lint(rulesV2);
    const findings = v2.findings.filter((f) => f.code === 'confusable_pair');
    expect(Object.fromEntries(findings.map((f) => [(f.data.tools as string[]).join(' & '), f.data.kind]))).toEqual(TRUE_PAIRS);
    expect(v2.confusablePairs.total).toBe(Object.keys(TRUE_PAIRS).length);
    expect(pairKeys(v2.confusablePairs.top)[0]).toBe('fetch_page & get_page'); // the alias first
    expect(findings[0]!.data).toMatchObject({ kind: 'alias', deprecated: 'fetch_page' });
    expect(findings[0]!.message).toContain('fetch_page is a deprecated alias of get_page');
    const card = (name: string) => v2.tools.find((t) => t.name === name)!.confusableWith;
    expect(card('create_invoice')).toEqual([]);
    expect(card('start_recording')).toEqual([]);
    expect(card('http_get')).toEqual([]);
    expect(card('search_orders')).toEqual(['list_orders']);
  });

  it('the pairs are the same with and without the Docker note: shared text joins nothing', async () => {
    const without = await lint(rulesV2, templateSurface({ withNote: false }));
    const withNote = await lint(rulesV2);
    expect(withNote.confusablePairs).toEqual(without.confusablePairs);
  });

  it('the Docker note earns no points: every tool scores as it does without it (v1 gave 85 tools 5 constraint points)', async () => {
    const without = await lint(rulesV2, templateSurface({ withNote: false }));
    const withNote = await lint(rulesV2);
    expect(withNote.tools.map((t) => t.score)).toEqual(without.tools.map((t) => t.score));
    const v1Without = await lint(rulesV1, templateSurface({ withNote: false }));
    const v1With = await lint(rulesV1);
    const gained = v1With.tools.filter((t, i) => t.score > v1Without.tools[i]!.score).length;
    expect(gained).toBe(85); // the other 48 had a constraint cue of their own ("cannot be undone", "pagination")
    expect(DOCKER_NOTE).toMatch(/Rate limits/);
    expect(RESOURCES).toHaveLength(24);
  });
});
