// The security scan of rules v3. Until the v3 security work lands this is v2's scan, re-exported with the
// same signatures (issue 25: the security helper replaces this file at merge).
export { cueText, securityFacts, securityMemo, type SecurityFacts, type SecurityMemo } from '../../v2/security.js';
export { hiddenInstructions } from '../../v2/findings/hidden-instructions.js';
export { invisibleCharactersRule } from '../../v2/findings/invisible-characters.js';
export { toolShadowing } from '../../v2/findings/tool-shadowing.js';
