// The security scan of rules v3, with the exports and signatures of v2's security module
// (../../v2/security.ts), so that v3's facts and findings use it as v2's use theirs. What changed from v2
// and why: README.md. The unchanged parts (shadowing, sentences, cue text, the trigger scan) are v2's own.
import { INSTRUCTION_PATTERNS as V2_PATTERNS } from '../../v2/security-patterns.js';
import { formOf, found, scanOf } from '../../v2/security-scan.js';
import { sentencesOf } from '../../v2/security-text.js';
import { benignReading } from './benign.js';
import { CAPABILITY_PATTERNS } from './capability.js';
import { LEXICON, COMPACT } from './lexicon.js';
import { extraMatches, securityMemo, type SecurityMemo } from './scan.js';

export { securityFacts } from './facts.js';
export { securityMemo, type SecurityMemo, type ExtraMatch } from './scan.js';
export { INSTRUCTION_PATTERNS } from '../../v2/security-patterns.js';
export { trieExpression, TRIGGER_LISTS } from '../../v2/security-scan.js';
export { namesOtherTool } from '../../v2/security-shadowing.js';
export { cueText } from '../../v2/security-text.js';
export type { SecurityFacts, SecurityHit, ShadowCandidate } from '../../v2/security.js';
export { LEXICON_LANGUAGES } from './lexicon.js';
// The three security rules read these facts as v2's read v2's (same shape): v2's rules, unchanged.
export { hiddenInstructions } from '../../v2/findings/hidden-instructions.js';
// v4: v2's rule with a joiner inside a joining-script word allowed (./invisible-characters.ts).
export { invisibleCharactersRule, invisibleCharacters } from './invisible-characters.js';
export { toolShadowing } from '../../v2/findings/tool-shadowing.js';

/** Every pattern id a v3 hidden_instructions finding may name: v2's, the lexicon's and the capability patterns'. */
export const PATTERN_IDS_V3: string[] = [...new Set([...V2_PATTERNS.map((p) => p.id), ...LEXICON.map((p) => p.id), ...COMPACT.map((p) => p.id), ...CAPABILITY_PATTERNS.map((p) => p.id)])].sort();

/**
 * The spans [from, to) of `text` (a description as sent or normalised) that are attack text: the sentences
 * that hold a v3 security match, in order. For rules that must not pay for an attack: a cue inside one of
 * these spans is the attack's, not the tool's (securityFacts' cueDescription is the text without them).
 */
export function attackSpans(text: string, memo: SecurityMemo = securityMemo()): [number, number][] {
  const out: [number, number][] = [];
  let offset = 0;
  for (const sentence of sentencesOf(text)) {
    const from = offset;
    offset += sentence.length;
    const f = formOf(memo, sentence, false);
    const scan = (f.scan ??= scanOf(memo, f.form));
    let hit = extraMatches(memo, sentence, false).length > 0;
    for (let k = 0; !hit && k < V2_PATTERNS.length; k++) {
      if ((scan.bits & (1 << k)) === 0) continue;
      hit = found([scan], [f.form], 0, k).some((m) => !benignReading(V2_PATTERNS[k]!.id, f.form, m.from, m.to, m.text));
    }
    if (hit) out.push([from, offset]);
  }
  return out;
}
