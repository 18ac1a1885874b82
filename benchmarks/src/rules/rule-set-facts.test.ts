import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LintResult } from '../contracts/lint-result.js';
import type { Surface } from '../contracts/tool.js';
import { parseSurfaceText } from '../surface/parse.js';
import { loadTokenCounter } from '../text/tokens.js';
import { LATEST_RULES, ruleSets, type RuleSetId } from './registry.js';
import { securityStatus } from './security-status.js';
import { bandOf as bandOfV1, CATEGORIES_V1, FINDING_CODES_V1 } from './v1/index.js';
import { bandOf as bandOfV2, CATEGORIES_V2, FINDING_CODES_V2, SECURITY_CODES_V2, SECURITY_RISK } from './v2/index.js';
import { bandOf as bandOfV3, CATEGORIES_V3, FINDING_CODES_V3 } from './v3/index.js';
import { bandOf as bandOfV4, CATEGORIES_V4, FINDING_CODES_V4 } from './v4/index.js';
import { attackCases, BASE_ATTACKS, SIBLINGS } from './v2/test/security-corpus.js';

// Issue 12: each registered rule set carries its own facts (bands, categories, finding docs, security
// codes) and they agree with its code — the API, the database and the site read them from here.

const DISTRACTORS = join(import.meta.dirname, '..', '..', '..', 'distractors');
const SETS = ['context7', 'filesystem', 'firecrawl', 'memory', 'notion', 'playwright', 'reference/everything', 'reference/sequential-thinking'];
const surfaces: Surface[] = SETS.map((name) => parseSurfaceText(readFileSync(join(DISTRACTORS, name, 'tools.json'), 'utf8')));
const codes: Record<RuleSetId, string[]> = { v1: FINDING_CODES_V1, v2: FINDING_CODES_V2, v3: FINDING_CODES_V3, v4: FINDING_CODES_V4 };
const categories: Record<RuleSetId, { id: string; max: number }[]> = { v1: CATEGORIES_V1, v2: CATEGORIES_V2, v3: CATEGORIES_V3, v4: CATEGORIES_V4 };
const bandOf = { v1: bandOfV1, v2: bandOfV2, v3: bandOfV3, v4: bandOfV4 };
const ids = Object.keys(ruleSets) as RuleSetId[];

/** Every (code, severity) a rule set emits on the real surfaces and on v2's attack corpus. */
async function emitted(id: RuleSetId): Promise<Map<string, Set<string>>> {
  const countTokens = await loadTokenCounter();
  const seen = new Map<string, Set<string>>();
  const add = (r: LintResult) => {
    for (const f of [...r.findings, ...r.tools.flatMap((t) => t.findings)]) (seen.get(f.code) ?? seen.set(f.code, new Set()).get(f.code)!).add(f.severity);
  };
  for (const s of surfaces) add(ruleSets[id].lint(s, { countTokens }));
  for (const a of attackCases().slice(0, 60)) add(ruleSets[id].lint({ tools: [a.tool, ...SIBLINGS] }, { countTokens }));
  return seen;
}

describe('rule set facts', () => {
  it('registers v1, v2 and v3 published, v3 the latest, and v4 as a draft (issue 25; only a published set can be latest)', () => {
    expect(ids).toEqual(['v1', 'v2', 'v3', 'v4']);
    expect(LATEST_RULES).toBe('v3');
    expect(ids.map((id) => ruleSets[id].status)).toEqual(['published', 'published', 'published', 'draft']);
    expect(ruleSets[LATEST_RULES].status).toBe('published');
  });

  for (const id of ids) {
    it(`${id}: documents exactly the codes it can emit, in report order, every text in English and Japanese`, () => {
      const docs = ruleSets[id].findings;
      expect(docs.map((f) => f.code)).toEqual(codes[id]);
      for (const f of docs) {
        for (const k of ['title', 'trigger', 'fix'] as const) {
          expect(f[k].en.trim(), `${id} ${f.code}.${k}.en`).not.toBe('');
          expect(f[k].ja.trim(), `${id} ${f.code}.${k}.ja`).not.toBe('');
          expect(f[k].ja, `${id} ${f.code}.${k} is translated`).not.toBe(f[k].en);
        }
        expect(f.severities.length, `${id} ${f.code}`).toBeGreaterThan(0);
        expect(f.example.length * f.before.length * f.after.length, `${id} ${f.code} example`).toBeGreaterThan(0);
      }
    });

    it(`${id}: every code it emits on the real surfaces and the attack corpus is documented with that severity`, async () => {
      const docs = new Map(ruleSets[id].findings.map((f) => [f.code, f]));
      const seen = await emitted(id);
      expect(seen.size).toBeGreaterThan(10);
      for (const [code, severities] of seen) {
        expect(docs.has(code), `${id} emits ${code} without a doc`).toBe(true);
        for (const s of severities) expect(docs.get(code)!.severities, `${id} ${code} at ${s}`).toContain(s);
      }
    });

    it(`${id}: categories, bands and security codes are the code's`, () => {
      const r = ruleSets[id];
      expect(r.categories.map((c) => [c.id, c.max])).toEqual(categories[id].map((c) => [c.id, c.max]));
      expect(r.categories.reduce((s, c) => s + c.max, 0)).toBe(100);
      const { sunny, cloudy } = r.bands;
      expect([bandOf[id](sunny), bandOf[id](sunny - 0.1), bandOf[id](cloudy), bandOf[id](cloudy - 0.1)]).toEqual(['sunny', 'cloudy', 'cloudy', 'rain']);
      expect(r.findings.filter((f) => f.security).map((f) => f.code).sort()).toEqual([...r.securityCodes].sort());
      for (const code of r.securityCodes) expect(codes[id]).toContain(code);
    });
  }

  it('v2 counts its own security codes, the server-wide security_risk among them; v1 keeps its three', () => {
    expect([...ruleSets.v2.securityCodes].sort()).toEqual([...SECURITY_CODES_V2, SECURITY_RISK].sort());
    expect([...ruleSets.v1.securityCodes].sort()).toEqual(['hidden_instructions', 'invisible_characters', 'tool_shadowing']);
    expect(ruleSets.v1.findings.find((f) => f.code === 'tool_shadowing')!.severities).toEqual(['required']);
    expect(ruleSets.v2.findings.find((f) => f.code === 'tool_shadowing')!.severities).toEqual(['critical']);
    expect(ruleSets.v1.findings.some((f) => f.code === SECURITY_RISK)).toBe(false);
  });

  it('securityStatus: clean on a real surface, risk with codes and tools on a poisoned one, under each version', async () => {
    const countTokens = await loadTokenCounter();
    const poison = BASE_ATTACKS.find((a) => a.id === 'aws-to-argument')!;
    const poisoned: Surface = { tools: [...SIBLINGS, { name: 'add_note', description: `Adds a note to the project. ${poison.text}`, inputSchema: { type: 'object' } }] };
    for (const id of ids) {
      expect(securityStatus(ruleSets[id].lint(surfaces[0]!, { countTokens }))).toEqual({ status: 'clean', findings: 0, codes: [], tools: 0 });
      const risk = securityStatus(ruleSets[id].lint(poisoned, { countTokens }));
      expect(risk).toMatchObject({ status: 'risk', codes: expect.arrayContaining(['hidden_instructions']), tools: 1 });
    }
    const v2 = ruleSets.v2.lint(poisoned, { countTokens });
    // The server-wide finding is counted (it is a finding), the tool once.
    expect(securityStatus(v2).findings).toBe(v2.tools.flatMap((t) => t.findings).filter((f) => SECURITY_CODES_V2.has(f.code)).length + 1);
    expect(v2.band).not.toBe('sunny');
  });
});
