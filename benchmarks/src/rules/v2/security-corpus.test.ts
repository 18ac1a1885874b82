import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSurfaceText } from '../../surface/parse.js';
import type { LintResult } from '../../contracts/lint-result.js';
import { loadTokenCounter } from '../../text/tokens.js';
import { SECURITY_CODES_V2, rulesV2 } from './index.js';
import { lintV2 } from './test/helpers.js';
import { attackCases, BASE_ATTACKS, BENIGN, KNOWN_MISSES, OBFUSCATIONS, PLACEMENTS, REAL_SURFACES, SIBLINGS } from './test/security-corpus.js';

const DISTRACTORS = join(import.meta.dirname, '..', '..', '..', '..', 'distractors');

// Issue 12's targets: 0 security misses on ≥ 50 attack variants, at most 1 false alarm on ≥ 30 benign
// look-alikes, and 0 security alarms on the distractor sets and the reference surfaces.

const securityCodes = (r: LintResult, tool: string): string[] =>
  r.tools.find((t) => t.name === tool)!.findings.filter((f) => SECURITY_CODES_V2.has(f.code)).map((f) => f.code);

describe('rules v2 security corpus', () => {
  const attacks = attackCases();

  it('holds at least 50 attack variants across every placement and obfuscation, and 30 benign look-alikes', () => {
    expect(attacks.length).toBeGreaterThanOrEqual(50);
    expect(new Set(attacks.map((a) => a.id)).size).toBe(attacks.length);
    expect(BENIGN.length).toBeGreaterThanOrEqual(30);
    for (const where of Object.keys(PLACEMENTS)) expect(attacks.some((a) => a.id.includes(`/ ${where}`))).toBe(true);
    for (const how of Object.keys(OBFUSCATIONS)) expect(attacks.some((a) => a.id.includes(`/ ${how}`))).toBe(true);
  });

  it('misses no attack: each raises the codes of its class, is never sunny and scores at most 29', async () => {
    const misses: string[] = [];
    for (const a of attacks) {
      const result = await lintV2([a.tool, ...SIBLINGS]);
      const codes = securityCodes(result, a.tool.name);
      const card = result.tools.find((t) => t.name === a.tool.name)!;
      if (codes.length === 0 || !a.expect.every((c) => codes.includes(c))) misses.push(`${a.id}: expected ${a.expect.join('+')}, got [${codes.join(', ')}]`);
      else if (card.band === 'sunny' || card.score > 29) misses.push(`${a.id}: scored ${card.score}`);
    }
    console.log(`security corpus: ${attacks.length} attack variants, ${misses.length} missed`);
    expect(misses).toEqual([]);
  });

  it('raises at most one false alarm on the benign look-alikes', async () => {
    const alarms: string[] = [];
    for (const b of BENIGN) {
      const codes = securityCodes(await lintV2([b.tool, ...SIBLINGS]), b.tool.name);
      if (codes.length > 0) alarms.push(`${b.id}: ${codes.join(', ')}`);
    }
    console.log(`security corpus: ${BENIGN.length} benign look-alikes, ${alarms.length} false alarms${alarms.length ? ` (${alarms.join('; ')})` : ''}`);
    expect(alarms.length).toBeLessThanOrEqual(1);
  });

  it('raises no security finding on the six distractor sets and the two reference surfaces', async () => {
    const counter = await loadTokenCounter();
    const surfaces = REAL_SURFACES.map((name) => [name, parseSurfaceText(readFileSync(join(DISTRACTORS, name, 'tools.json'), 'utf8'))] as const);
    expect(surfaces).toHaveLength(8);
    let tools = 0;
    const alarms: string[] = [];
    for (const [name, surface] of surfaces) {
      const result = rulesV2.lint(surface, { countTokens: counter });
      tools += result.tools.length;
      for (const t of result.tools) for (const code of securityCodes(result, t.name)) alarms.push(`${name}/${t.name}: ${code}`);
      if (result.findings.some((f) => f.code === 'security_risk')) alarms.push(`${name}: security_risk`);
    }
    console.log(`security corpus: ${surfaces.length} real surfaces, ${tools} tools, ${alarms.length} security alarms`);
    expect(alarms).toEqual([]);
  });

  it('still misses the documented known misses (move one into the corpus when it is caught)', async () => {
    for (const text of KNOWN_MISSES) expect(securityCodes(await lintV2([PLACEMENTS.description!(text), ...SIBLINGS]), 'add_comment'), text).toEqual([]);
  });

  it('every base attack is caught in the description alone (a check of the corpus itself)', async () => {
    for (const a of BASE_ATTACKS) expect(securityCodes(await lintV2([PLACEMENTS.description!(a.text), ...SIBLINGS]), 'add_comment'), a.id).toContain(a.code);
    // And the planted-in tool is clean and sunny without an attack: the cap is what makes it rain.
    const clean = (await lintV2([PLACEMENTS.description!(''), ...SIBLINGS])).tools[0]!;
    expect(clean.findings.filter((f) => SECURITY_CODES_V2.has(f.code))).toEqual([]);
    expect(clean.band).toBe('sunny');
  });
});
