import { describe, expect, it } from 'vitest';
import { attacks, attackTool, benign, benignTool, HONEST, labelledSecurityTools, realSurfaces, SIBLINGS, type AttackEntry } from './test/corpus.js';
import { securityCodes } from './test/helpers.js';
import { securityMemo, LEXICON_LANGUAGES } from './index.js';
import { attackCases, BENIGN as V2_BENIGN, SIBLINGS as V2_SIBLINGS } from '../../v2/test/security-corpus.js';

// Rules v4's security scan on its corpus (README.md, "Corpus"). Calibration: v3's calibration files and v3's
// held-out-4 batch (read once under v3, then tuned on for v4): 0 misses, 0 false alarms. Held-out: v4's own
// batch (held-out-5, written and committed before any v4 detector change, read once after them and never tuned
// on): its misses and false alarms are pinned as found at that read.

/** v4's calibration attacks: every v3 file, held-out-4 included. */
const calibration = (): AttackEntry[] => (['calibration', 'calibration-2', 'calibration-3', 'calibration-4', 'calibration-5', 'held-out-4'] as const).flatMap((h) => attacks(h));

function table(rows: AttackEntry[], missed: Set<string>, key: (a: AttackEntry) => string): string {
  const by = new Map<string, [number, number]>();
  for (const a of rows) {
    const k = key(a);
    const [n, m] = by.get(k) ?? [0, 0];
    by.set(k, [n + 1, m + (missed.has(a.id) ? 1 : 0)]);
  }
  return [...by].sort(([a], [b]) => a.localeCompare(b)).map(([k, [n, m]]) => `  ${k.padEnd(26)} ${String(n).padStart(4)} variants ${String(m).padStart(3)} missed`).join('\n');
}

function misses(rows: AttackEntry[]): Set<string> {
  const memo = securityMemo();
  const out = new Set<string>();
  rows.forEach((a, i) => {
    const { codes, facts } = securityCodes(attackTool(a, i), SIBLINGS, memo);
    if (codes.length === 0) out.add(a.id);
    // Caught in the description: the attack's sentences leave the text the cue lexicons read.
    else if (a.hide !== 'split' && facts.cueDescription.includes(a.text.slice(0, 20))) out.add(`${a.id} (earns cues)`);
  });
  return out;
}

const alarmsOf = (half: Parameters<typeof benign>[0]): string[] => {
  const memo = securityMemo();
  return benign(half).filter((b) => securityCodes(benignTool(b), SIBLINGS, memo).codes.length > 0).map((b) => b.id);
};

describe('rules v4 security corpus', () => {
  it('reads at least 18 languages', () => {
    expect(LEXICON_LANGUAGES.length).toBeGreaterThanOrEqual(18);
    for (const l of ['vi', 'id', 'ar', 'uk', 'hi', 'fa']) expect(LEXICON_LANGUAGES, l).toContain(l);
  });

  it('misses no calibration attack (v3 held-out-4 included), and none earns cue points', () => {
    const rows = calibration();
    const missed = misses(rows);
    console.log(`v4 security, calibration: ${rows.length} variants, ${missed.size} missed ${[...missed].join(', ')}\n${table(rows, missed, (a) => a.class)}\n${table(rows, missed, (a) => `lang ${a.lang}`)}`);
    expect([...missed]).toEqual([]);
  });

  it('raises no false alarm on the benign calibration look-alikes (v3 held-out-4 included)', () => {
    for (const half of ['calibration', 'calibration-2', 'calibration-3', 'held-out-4'] as const) {
      const alarms = alarmsOf(half);
      console.log(`v4 security, benign ${half}: ${benign(half).length} look-alikes, ${alarms.length} false alarms ${alarms.join(', ')}`);
      expect(alarms, half).toEqual([]);
    }
  });

  it('raises no security finding on the real surfaces (distractor sets, reference surfaces, labelled corpus)', () => {
    const labelled = labelledSecurityTools();
    expect(labelled.size).toBeGreaterThan(0);
    const alarms: string[] = [];
    let tools = 0;
    for (const s of realSurfaces()) {
      const memo = securityMemo();
      for (const t of s.tools) {
        if (labelled.has(`${s.name}/${t.name}`)) continue;
        tools++;
        const { codes } = securityCodes(t, s.tools.map((x) => x.name), memo);
        if (codes.length > 0) alarms.push(`${s.name}/${t.name}: ${codes.join(', ')}`);
      }
    }
    console.log(`v4 security: ${tools} real tools, ${alarms.length} alarms`);
    expect(tools).toBeGreaterThan(250);
    expect(alarms).toEqual([]);
  });

  it('gives every tool the labelled corpus labels with a security code that code (Mapbox render_map_tool: tool_shadowing)', () => {
    const labelled = labelledSecurityTools();
    const found: string[] = [];
    for (const s of realSurfaces()) {
      for (const t of s.tools) {
        const codes = labelled.get(`${s.name}/${t.name}`);
        if (codes === undefined) continue;
        const got = securityCodes(t, s.tools.map((x) => x.name)).codes;
        found.push(`${s.name}/${t.name}: ${codes.filter((c) => got.includes(c as never)).length}/${codes.length}`);
      }
    }
    expect(found).toEqual(['corpus/mapbox/render_map_tool: 1/1']);
  });

  it("still catches every attack of v2's corpus and leaves v2's benign look-alikes clean", () => {
    const names = V2_SIBLINGS.map((t) => t.name);
    const missed = attackCases().filter((a) => {
      const { codes } = securityCodes(a.tool, names);
      return codes.length === 0 || !a.expect.every((c) => codes.includes(c));
    });
    expect(missed.map((a) => a.id)).toEqual([]);
    expect(V2_BENIGN.filter((b) => securityCodes(b.tool, names).codes.length > 0).map((b) => b.id)).toEqual([]);
  });

  it('plants attacks in a tool that is clean without them', () => {
    expect(securityCodes({ name: 'add_comment', description: HONEST, inputSchema: { type: 'object' } }).codes).toEqual([]);
  });
});
