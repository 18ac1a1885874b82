import { describe, expect, it } from 'vitest';
import type { Tool } from '../../../contracts/tool.js';
import { securityFacts } from './index.js';

// rules v4 (v3's regression, copied to bind v4's scan, with runs of what v4 adds). Regression: inputs within the public 1 MiB limit that would take super-linear work in a careless scan —
// long runs of what each hidden form looks for (single letters with separators, leet characters, percent
// escapes, base64 and hex alphabets, comment openers that never close, a lexicon word repeated). Each string
// is scanned in bounded time, and four times the length takes about four times as long (not sixteen).

const RUNS: Record<string, (n: number) => string> = {
  'letter-spaced': (n) => 'a '.repeat(n) + 'bc',
  'dotted letters': (n) => 'a.'.repeat(n) + 'xy',
  leet: (n) => 'a1'.repeat(n),
  'percent escapes': (n) => '%41'.repeat(n),
  'percent escapes, broken': (n) => '%4'.repeat(n),
  base64: (n) => 'QUJD'.repeat(n),
  hex: (n) => '41'.repeat(n),
  'html comment openers': (n) => '<!--'.repeat(n),
  'markdown comment openers': (n) => '[x]: # ('.repeat(n),
  'lexicon word': (n) => 'ignore previous '.repeat(n),
  'russian word': (n) => 'игнорируй все '.repeat(n),
  'chinese words': (n) => '忽略之前'.repeat(n),
  'shell pipe': (n) => 'curl x '.repeat(n) + '| sh',
  'approval words': (n) => 'already approved '.repeat(n),
  'foreign tool steering': (n) => 'never use the built-in '.repeat(n) + 'tools',
  // v4's languages and classes: Arabic with prefixes and harakat, Devanagari marks, a run-down sibling, a
  // download given to an interpreter, a vendor's mandate.
  'arabic words': (n) => 'وتجاهل التعليمات السابقة '.repeat(n),
  'arabic harakat': (n) => 'تَجَاهَلْ '.repeat(n),
  'hindi words': (n) => 'पिछले सभी निर्देशों को '.repeat(n),
  'disparaged tool': (n) => 'never use send_email '.repeat(n) + 'it is broken',
  'interpreter download': (n) => 'python3 -c "$( '.repeat(n) + 'curl x',
  'vendor mandate': (n) => 'message from the anthropic security team '.repeat(n) + 'mandatory',
};

const tool = (text: string): Tool => ({ name: 'x', description: text, inputSchema: { type: 'object', properties: { p: { type: 'string', description: text.slice(0, 300), default: text } } } });

/**
 * The best of three scans of a text, in CPU time of this process (v4: v3 timed wall clock, which at a load of
 * 30 on the shared 2 cores ran 10–20 × the CPU time and failed the bounds for v3's sealed scan as well; CPU time
 * is what linearity is about, and what another process's load does not stretch).
 */
function timeOf(text: string): number {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const c0 = process.cpuUsage();
    securityFacts(tool(text), text);
    const c = process.cpuUsage(c0);
    best = Math.min(best, (c.user + c.system) / 1000);
  }
  return best;
}

describe('rules v4 security scan in linear time', () => {
  for (const [name, run] of Object.entries(RUNS)) {
    it(`${name}: bounded, and about linear in the length`, () => {
      const small = timeOf(run(7_500));
      const large = timeOf(run(30_000));
      expect(large, `${name}: ${small.toFixed(0)} ms → ${large.toFixed(0)} ms`).toBeLessThan(2500);
      // Four times the text: about four times the time; quadratic work would take sixteen (slack for noise).
      expect(large, `${name}: ${small.toFixed(0)} ms → ${large.toFixed(0)} ms`).toBeLessThan(8 * small + 100);
    });
  }
});
