// The attack and benign corpus of rules v4's security scan: v3's files (../../../v3/security/corpus/, read and
// never edited: v3 is sealed; its held-out-4 batch was read once under v3 and is calibration material for v4)
// and v4's own batches (../corpus/*.held-out-5.json and *.held-out-6.json, each written and committed before the
// detector changes it measures). How entries become tools is v3's (../../../v3/security/test/corpus.ts), shared
// by import; held-out-6 adds four hiding forms v3's `hide` does not know (HIDES_V4 below).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Tool } from '../../../../contracts/tool.js';
import { attackTool as attackToolV3, type AttackEntry, type BenignEntry } from '../../../v3/security/test/corpus.js';

export { benignTool, HONEST, labelledSecurityTools, realSurfaces, SIBLINGS, hide, type AttackEntry, type BenignEntry } from '../../../v3/security/test/corpus.js';

const V3_CORPUS = join(import.meta.dirname, '..', '..', '..', 'v3', 'security', 'corpus');
const V4_CORPUS = join(import.meta.dirname, '..', 'corpus');

export type Half = 'calibration' | 'calibration-2' | 'calibration-3' | 'calibration-4' | 'calibration-5' | 'held-out-4' | 'held-out-5' | 'held-out-6';
export type BenignHalf = 'calibration' | 'calibration-2' | 'calibration-3' | 'held-out-4' | 'held-out-5' | 'held-out-6';

const read = <T>(name: string): T[] => JSON.parse(readFileSync(join(/held-out-[56]/.test(name) ? V4_CORPUS : V3_CORPUS, name), 'utf8')) as T[];
export const attacks = (half: Half): AttackEntry[] => read<AttackEntry>(`attacks.${half}.json`);
export const benign = (half: BenignHalf): BenignEntry[] => read<BenignEntry>(`benign.${half}.json`);

const rot13 = (s: string): string => s.replace(/[a-z]/gi, (c) => String.fromCharCode(((c.toLowerCase().charCodeAt(0) - 97 + 13) % 26) + (c <= 'Z' ? 65 : 97)));

/**
 * Held-out-6's hiding forms beyond v3's: fullwidth letters (U+FF01–FF5E), every letter as an HTML numeric
 * entity, the text in Unicode tag characters (U+E0020–E007E, invisible in most clients) and ROT13.
 */
export const HIDES_V4: Record<string, (text: string) => string> = {
  fullwidth: (t) => t.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)),
  'html-entities': (t) => t.replace(/[a-z]/gi, (c) => `&#${c.charCodeAt(0)};`),
  'unicode-tags': (t) => `Adds a tracking tag.${[...t].map((c) => (c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) <= 0x7e ? String.fromCodePoint(0xe0000 + c.charCodeAt(0)) : c)).join('')}`,
  rot13: (t) => `(rot13) ${rot13(t)}`,
};

/** The tool an attack entry is planted in (v3's placement; held-out-6's own hiding forms go in the description). */
export function attackTool(a: AttackEntry, index: number): Tool {
  const own = HIDES_V4[a.hide];
  if (own === undefined) return attackToolV3(a, index);
  return attackToolV3({ ...a, hide: 'plain', text: own(a.text) }, 0);
}
